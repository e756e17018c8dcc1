import { describe, expect, it } from "vitest";
import { siderealLongitudeDeg } from "../../src/engine/astro/positions.js";
import { panchangaAtMoment, panchangaForDate } from "../../src/engine/panchanga/panchanga-day.js";
import { MASAS } from "../../src/engine/tables/masas.js";
import { DEFAULT_CONVENTIONS, withDefaults, type Place } from "../../src/engine/types.js";
import { jdFromUnixMs, unixMsFromJd } from "../../src/engine/time/julian.js";

/**
 * Adhika and kshaya months 1900–2100 in both month reckonings. The test finds every new moon of
 * the two centuries on its own (secant on the exact Moon − Sun elongation) and names each amanta
 * lunation from the Sun's rashi at its opening new moon: no sankranti inside → adhika, two →
 * the name in between is kshaya. The purnimanta labels follow from that amanta sequence by the
 * rule (masa.ts): a shukla paksha keeps its amanta lunation's name and flag; a krishna paksha
 * takes the following lunation's name and keeps its own lunation's adhika flag.
 */
const DELHI: Place = { latDeg: 28.6139, lonDeg: 77.209 };
const AMANTA = DEFAULT_CONVENTIONS;
const PURNIMANTA = withDefaults({ month: "purnimanta" });
const SYNODIC = 29.530588861;
const jdOf = (iso: string) => jdFromUnixMs(Date.parse(iso));
const wrap180 = (d: number) => d - 360 * Math.round(d / 360);
const rashiOf = (lon: number) => Math.floor((((lon % 360) + 360) % 360) / 30) + 1;

function newMoonNear(guess: number): number {
  const f = (t: number) => wrap180(siderealLongitudeDeg("moon", t, AMANTA) - siderealLongitudeDeg("sun", t, AMANTA));
  let t = guess;
  for (let i = 0; i < 12; i++) {
    const h = 1e-3;
    const step = f(t) / ((f(t + h) - f(t - h)) / (2 * h));
    t -= step;
    if (Math.abs(step) < 1e-7) break;
  }
  return t;
}

interface Lunation { startJd: number; endJd: number; number: number; adhika: boolean; kshayaAfter: boolean }

function lunations(fromJd: number, toJd: number): Lunation[] {
  const moons: number[] = [];
  let t = newMoonNear(fromJd);
  while (t < toJd) {
    moons.push(t);
    t = newMoonNear(t + SYNODIC);
  }
  const out: Lunation[] = [];
  for (let i = 0; i + 1 < moons.length; i++) {
    const r0 = rashiOf(siderealLongitudeDeg("sun", moons[i]!, AMANTA));
    const r1 = rashiOf(siderealLongitudeDeg("sun", moons[i + 1]!, AMANTA));
    out.push({ startJd: moons[i]!, endJd: moons[i + 1]!, number: (r0 % 12) + 1, adhika: r0 === r1, kshayaAfter: (r1 - r0 + 12) % 12 === 2 });
  }
  return out;
}

const label = (m: { name: string; isAdhika: boolean }) => `${m.isAdhika ? "adhika " : ""}${m.name}`;
const expected = (l: Lunation, next: Lunation, paksha: "shukla" | "krishna", system: "amanta" | "purnimanta") => {
  const number = system === "purnimanta" && paksha === "krishna" ? next.number : l.number;
  return `${l.adhika ? "adhika " : ""}${MASAS[number - 1]!.name}`;
};

describe("adhika and kshaya months 1900–2100", () => {
  const all = lunations(jdOf("1899-11-01T00:00:00Z"), jdOf("2101-03-01T00:00:00Z"));

  it("labels both pakshas around every adhika and kshaya lunation in amanta and purnimanta", () => {
    const adhikaYears: string[] = [];
    const kshaya: string[] = [];
    let checked = 0;
    for (let i = 1; i + 2 < all.length; i++) {
      const l = all[i]!;
      const year = new Date(unixMsFromJd(l.startJd)).getUTCFullYear();
      if (year < 1900 || year > 2100) continue;
      if (l.adhika) adhikaYears.push(`${year} ${MASAS[l.number - 1]!.name}`);
      if (l.kshayaAfter) kshaya.push(`${year} ${MASAS[(l.number % 12)]!.name}`);
      if (!l.adhika && !l.kshayaAfter) continue;
      // The lunation before, this one and the one after: each paksha 4 days from its new moon.
      for (const j of [i - 1, i, i + 1]) {
        const lj = all[j]!;
        const next = all[j + 1]!;
        for (const [paksha, jd] of [["shukla", lj.startJd + 4], ["krishna", lj.endJd - 4]] as const) {
          for (const [system, conv] of [["amanta", AMANTA], ["purnimanta", PURNIMANTA]] as const) {
            const d = panchangaAtMoment(jd, DELHI, conv, { moonEvents: false });
            expect(d.paksha, `${new Date(unixMsFromJd(jd)).toISOString()}`).toBe(paksha);
            expect(`${label(d.masa)} (${system}, ${new Date(unixMsFromJd(jd)).toISOString()})`).toBe(
              `${expected(lj, next, paksha, system)} (${system}, ${new Date(unixMsFromJd(jd)).toISOString()})`,
            );
            checked++;
          }
        }
      }
    }
    console.log(`${adhikaYears.length} adhika months, kshaya: ${kshaya.join(", ")}; ${checked} labels checked`);
    // About 7 adhika months in 19 years (the Metonic cycle): ≈ 74 in two centuries.
    expect(adhikaYears.length).toBeGreaterThan(70);
    expect(adhikaYears.length).toBeLessThan(78);
    expect(kshaya.length).toBeGreaterThan(0);
    // Published adhika months (Drik Panchang, New Delhi).
    for (const y of ["2015 Ashadha", "2018 Jyeshtha", "2020 Ashwin", "2023 Shravana", "2026 Jyeshtha"]) {
      expect(adhikaYears).toContain(y);
    }
  });
});

describe("purnimanta around Adhika Shravana 2023 (New Delhi, Drik Panchang: 18 July – 16 August)", () => {
  const at = (date: string, month: "amanta" | "purnimanta") =>
    panchangaForDate(jdOf(`${date}T00:00:00+05:30`), DELHI, month === "amanta" ? AMANTA : PURNIMANTA).masa;

  it("10 July 2023 is nija Shravana krishna (purnimanta), Ashadha krishna (amanta)", () => {
    expect(at("2023-07-10", "purnimanta")).toMatchObject({ name: "Shravana", isAdhika: false, system: "purnimanta" });
    expect(at("2023-07-10", "amanta")).toMatchObject({ name: "Ashadha", isAdhika: false });
  });

  it("the adhika month runs new moon to new moon in both reckonings (25 July shukla, 5 August krishna)", () => {
    for (const date of ["2023-07-25", "2023-08-05"]) {
      expect(at(date, "purnimanta")).toMatchObject({ name: "Shravana", isAdhika: true });
      expect(at(date, "amanta")).toMatchObject({ name: "Shravana", isAdhika: true });
    }
  });

  it("after it: nija Shravana shukla (24 August), then Bhadrapada krishna in purnimanta (5 September)", () => {
    expect(at("2023-08-24", "purnimanta")).toMatchObject({ name: "Shravana", isAdhika: false });
    expect(at("2023-09-05", "purnimanta")).toMatchObject({ name: "Bhadrapada", isAdhika: false });
    expect(at("2023-09-05", "amanta")).toMatchObject({ name: "Shravana", isAdhika: false });
  });

  it("Adhika Ashwin 2020 (18 September – 16 October): 10 September is nija Ashwin krishna in purnimanta", () => {
    expect(at("2020-09-10", "purnimanta")).toMatchObject({ name: "Ashwin", isAdhika: false });
    expect(at("2020-09-10", "amanta")).toMatchObject({ name: "Bhadrapada", isAdhika: false });
    expect(at("2020-10-10", "purnimanta")).toMatchObject({ name: "Ashwin", isAdhika: true });
    expect(at("2020-10-20", "purnimanta")).toMatchObject({ name: "Ashwin", isAdhika: false });
  });
});
