/**
 * One full panchanga day (five limbs with ends, masa/samvatsara, sun/moon, moonrise/set,
 * kalams and muhurta windows, choghadiya and hora) and a 365-day panchanga search, against
 * the docs/architecture.md §11 budgets (1 ms and 200 ms).
 */
import { choghadiyas } from "../src/engine/panchanga/choghadiya.js";
import { horas } from "../src/engine/panchanga/hora.js";
import { panchangaAtMoment } from "../src/engine/panchanga/panchanga-day.js";
import { searchPanchanga } from "../src/engine/panchanga/panchanga-search.js";
import { findMuhurtaWindows } from "../src/engine/muhurta/muhurta-windows.js";
import { instantFromJdUt } from "../src/engine/time/instant.js";
import { DEFAULT_CONVENTIONS, type Place } from "../src/engine/types.js";
import { medianMicros, type BenchResult } from "./run.js";

const DELHI: Place = { latDeg: 28.6139, lonDeg: 77.209 };
const conv = DEFAULT_CONVENTIONS;
const JD0 = 2460676.5; // 2025-01-01T00:00Z

function fullDay(jd: number): number {
  const d = panchangaAtMoment(jd, DELHI, conv);
  const c = choghadiyas(d.sunriseJdUt!, d.sunsetJdUt!, d.nextSunriseJdUt!, d.vara!.number);
  const h = horas(d.sunriseJdUt!, d.sunsetJdUt!, d.nextSunriseJdUt!, d.vara!.number);
  return d.transitions.length + c.day.length + h.length;
}

export async function run(): Promise<BenchResult[]> {
  let i = 0;
  const day = medianMicros(() => fullDay(JD0 + 0.3 + (i++ % 400) * 0.917), 300, 30);
  let j = 0;
  const search = medianMicros(
    () => searchPanchanga({ place: DELHI, after: instantFromJdUt(JD0 + (j++ % 10) * 3.1), criteria: { tithi: "Ekadashi", vara: "Guru" }, maxResults: 20, maxDays: 365, conv }),
    15,
    3,
  );
  let k = 0;
  const searchOne = medianMicros(
    () => searchPanchanga({ place: DELHI, after: instantFromJdUt(JD0 + (k++ % 10) * 3.1), criteria: { nakshatra: "Pushya", vara: 5 }, maxResults: 20, maxDays: 365, conv }),
    15,
    3,
  );
  let m = 0;
  const muhurta = medianMicros(
    () => findMuhurtaWindows({ place: DELHI, from: instantFromJdUt(JD0 + (m++ % 10) * 3.1), type: "marriage", conv }),
    15,
    3,
  );
  return [
    { name: "full panchanga day (limbs, masa, kalams, moonrise, choghadiya, hora)", microseconds: day, budgetMicroseconds: 1000 },
    { name: "365-day search, tithi Ekadashi + vara Guru (up to 20 matches)", microseconds: search, budgetMicroseconds: 200_000 },
    { name: "365-day search, nakshatra Pushya + Thursday (Guru-Pushya)", microseconds: searchOne, budgetMicroseconds: 200_000 },
    { name: "muhurta windows, marriage, 30 days", microseconds: muhurta },
  ];
}
