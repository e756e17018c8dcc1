import { EngineInputError } from "../errors.js";
import type { Place } from "../types.js";
import { inYear, kalaRuleText, masaOf, tithiOfEntry, type CalendarEntry } from "./entry.js";
import { shiftDate } from "./festivals.js";
import type { Kala } from "./kala.js";
import { observedDay } from "./observance.js";
import { monthStartDate, SOLAR_MONTHS, SOLAR_RULES, type SolarTradition } from "./solar-calendar.js";
import type { CivilDay, LocalCalendar, YearDays } from "./year-days.js";

/**
 * Regional festivals (docs/calendars.md §2): those of the solar calendars (a month's first day under the
 * tradition's rule), a nakshatra in a solar month, and the regional lunar ones. Each entry names its region.
 */
export type Region = "tamil" | "kerala" | "bengal" | "odisha" | "assam" | "punjab";
export const REGIONS: readonly Region[] = ["tamil", "kerala", "bengal", "odisha", "assam", "punjab"];

const TRADITION: Readonly<Record<Region, SolarTradition>> = {
  tamil: "tamil", kerala: "malayalam", bengal: "bengali", odisha: "odia", assam: "assamese", punjab: "punjabi",
};

/**
 * The regions a place belongs to, by rough boxes around each state (Tamil Nadu and Puducherry, Kerala, West Bengal and
 * Tripura, Odisha, Assam, Punjab and Haryana's Sikh belt); none elsewhere (New Delhi keeps the pan-Indian list).
 */
const BOXES: readonly { region: Region; lat: [number, number]; lon: [number, number] }[] = [
  { region: "tamil", lat: [8.0, 13.6], lon: [76.9, 80.4] },
  { region: "kerala", lat: [8.2, 12.8], lon: [74.8, 77.2] },
  { region: "bengal", lat: [21.5, 27.3], lon: [85.8, 89.9] },
  { region: "odisha", lat: [17.8, 22.6], lon: [81.3, 87.5] },
  { region: "assam", lat: [24.1, 28.0], lon: [89.7, 96.1] },
  { region: "punjab", lat: [29.5, 32.6], lon: [73.8, 77.0] },
];

export function regionsOfPlace(place: Place): Region[] {
  return BOXES.filter((b) => place.latDeg >= b.lat[0] && place.latDeg <= b.lat[1] && place.lonDeg >= b.lon[0] && place.lonDeg <= b.lon[1]).map((b) => b.region);
}

/** A `region` argument: a comma list of regions, or "all"; null → the place's regions. */
export function parseRegions(v: string | null | undefined, place: Place): Region[] {
  if (v === null || v === undefined || v === "") return regionsOfPlace(place);
  if (v.trim().toLowerCase() === "all") return [...REGIONS];
  const out: Region[] = [];
  for (const part of v.split(",").map((s) => s.trim().toLowerCase())) {
    if (!REGIONS.includes(part as Region)) throw new EngineInputError(`region must be "all" or a comma list of ${REGIONS.join(", ")}, got "${part}"`, "region");
    out.push(part as Region);
  }
  return out;
}

type Rule =
  | { name: string; region: Region; type: "month-day"; month: number; day: number; note?: string }
  /** The nakshatra at midday in the solar month: the day nearest the month's Purnima, or the first from day `fromDay`. */
  | { name: string; region: Region; type: "nakshatra"; month: number; nakshatra: number; at: "midday" | "sunset"; pick: "purnima" | { fromDay: number }; note: string }
  /** The same day as an entry of the pan-Indian festival list. */
  | { name: string; region: Region; type: "same-as"; of: string; note: string }
  /** The last Friday on or before Shravana Purnima's sunrise day. */
  | { name: string; region: Region; type: "friday-before-purnima"; masa: number; note: string }
  | { name: string; region: Region; type: "tithi"; masa: number; tithi: number; kala: Kala; note?: string };

/** The rules, written once. Months: solar 1..12 from Mesha; masa: amanta 1 Chaitra … 12 Phalguna. */
const RULES: readonly Rule[] = [
  { name: "Puthandu (Tamil New Year)", region: "tamil", type: "month-day", month: 1, day: 1 },
  { name: "Thai Pongal", region: "tamil", type: "month-day", month: 10, day: 1 },
  { name: "Aadi Perukku", region: "tamil", type: "month-day", month: 4, day: 18, note: "the 18th of Aadi" },
  { name: "Karthigai Deepam", region: "tamil", type: "nakshatra", month: 8, nakshatra: 3, at: "sunset", pick: "purnima", note: "Krittika nakshatra at nightfall in Karthigai during pradosha (Drik, stated), the one by the month's Purnima" },
  { name: "Thaipusam", region: "tamil", type: "nakshatra", month: 10, nakshatra: 8, at: "midday", pick: "purnima", note: "Pushya (Poosam) nakshatra in Thai, the one by the Purnima that falls in Thai" },
  { name: "Varalakshmi Vratam", region: "tamil", type: "friday-before-purnima", masa: 5, note: "the Friday before Shravana Purnima" },
  { name: "Skanda Sashti (Soorasamharam)", region: "tamil", type: "tithi", masa: 8, tithi: 6, kala: "sunset", note: "Shashthi beginning before sunset keeps it that day (Drik, stated)" },
  { name: "Vishu", region: "kerala", type: "month-day", month: 1, day: 1, note: "Medam 1" },
  {
    name: "Onam (Thiruvonam)", region: "kerala", type: "nakshatra", month: 5, nakshatra: 22, at: "midday", pick: { fromDay: 10 },
    note: "Thiruvonam (Shravana) nakshatra in Chingam, with the ten days from Atham inside Chingam",
  },
  { name: "Pohela Boishakh", region: "bengal", type: "month-day", month: 1, day: 1, note: "Boishakh 1 (West Bengal)" },
  { name: "Maha Shashthi (Durga Puja)", region: "bengal", type: "tithi", masa: 7, tithi: 6, kala: "sunrise" },
  { name: "Maha Saptami (Durga Puja)", region: "bengal", type: "tithi", masa: 7, tithi: 7, kala: "sunrise" },
  { name: "Maha Ashtami (Durga Puja)", region: "bengal", type: "tithi", masa: 7, tithi: 8, kala: "sunrise" },
  { name: "Maha Navami (Durga Puja)", region: "bengal", type: "same-as", of: "Maha Navami", note: "Navaratri's last day" },
  { name: "Bijoya Dashami (Durga Puja)", region: "bengal", type: "same-as", of: "Dussehra", note: "Vijayadashami" },
  { name: "Kali Puja", region: "bengal", type: "tithi", masa: 7, tithi: 30, kala: "nishita", note: "Amavasya at midnight (nishita)" },
  { name: "Pana Sankranti (Odia New Year)", region: "odisha", type: "month-day", month: 1, day: 1, note: "Baisakha 1, the day of the Mesha sankranti" },
  { name: "Bohag Bihu (Rongali)", region: "assam", type: "month-day", month: 1, day: 1, note: "Bohag 1" },
  { name: "Kati Bihu (Kongali)", region: "assam", type: "month-day", month: 7, day: 1, note: "Kati 1" },
  { name: "Magh Bihu (Bhogali)", region: "assam", type: "month-day", month: 10, day: 1, note: "Magh 1" },
  { name: "Baisakhi", region: "punjab", type: "month-day", month: 1, day: 1, note: "Vaisakh 1, the day of the Mesha sankranti" },
];

/** The regional festivals of `regions` in the year at the place; `national` is the year's festivalCalendar (for same-day rules). */
export function regionalFestivals(year: YearDays, cal: LocalCalendar, regions: readonly Region[], national: readonly CalendarEntry[]): CalendarEntry[] {
  const want = new Set(regions);
  const out: CalendarEntry[] = [];
  const base = { kind: "festival", endDate: null, tithi: null, instantJd: null, masa: null, muhurta: null, note: null };
  // Month starts of each tradition wanted, from the year's sankrantis.
  const starts = new Map<SolarTradition, { rashi: number; jd: number; date: string }[]>();
  for (const r of want) {
    const t = TRADITION[r];
    if (!starts.has(t)) starts.set(t, year.sankrantis.map((s) => ({ ...s, date: monthStartDate(t, s.jd, year.place, year.conv, cal, year.days) })));
  }
  const purnimaDays = year.tithis.filter((x) => x.number === 15).map((x) => observedDay(x, { kala: "sunrise" }, year)?.day.date).filter((d): d is string => !!d);
  for (const rule of RULES) {
    if (!want.has(rule.region)) continue;
    const t = TRADITION[rule.region];
    const region = { region: rule.region };
    if (rule.type === "same-as") {
      for (const e of national.filter((x) => x.name === rule.of)) out.push({ ...e, ...region, name: rule.name, note: rule.note });
      continue;
    }
    if (rule.type === "friday-before-purnima") {
      for (const tt of year.tithis) {
        if (tt.amantaMasa !== rule.masa || tt.number !== 15 || tt.adhika) continue;
        const p = observedDay(tt, { kala: "sunrise" }, year);
        if (!p) continue;
        const dow = new Date(`${p.day.date}T00:00:00Z`).getUTCDay();
        out.push({
          ...base, ...region, name: rule.name, date: shiftDate(p.day.date, -((dow - 5 + 7) % 7)), rule: "the last Friday on or before the Purnima (at sunrise)",
          choice: null, tithi: tithiOfEntry(tt), masa: masaOf(tt), note: rule.note,
        });
      }
      continue;
    }
    if (rule.type === "month-day" || rule.type === "nakshatra") {
      const ms = starts.get(t)!;
      for (let i = 0; i < ms.length; i++) {
        const m = ms[i]!;
        if (m.rashi !== rule.month) continue;
        const monthName = SOLAR_MONTHS[t][m.rashi - 1]!;
        if (rule.type === "month-day") {
          out.push({
            ...base, ...region, name: rule.name, date: shiftDate(m.date, rule.day - 1), instantJd: rule.day === 1 ? m.jd : null,
            rule: `${monthName} ${rule.day}: ${SOLAR_RULES[t]}`, choice: null, note: rule.note ?? null,
          });
          continue;
        }
        const end = ms[i + 1]?.date;
        const days = nakshatraDays(year, rule.nakshatra, rule.at, rule.pick === "purnima" ? m.date : shiftDate(m.date, rule.pick.fromDay - 1), end);
        const inMonth = purnimaDays.filter((d) => d >= m.date && (!end || d < end));
        const day = rule.pick === "purnima"
          ? (inMonth.length ? days.sort((a, b) => distance(a.date, inMonth) - distance(b.date, inMonth))[0] : undefined)
          : days[0];
        if (day) {
          out.push({
            ...base, ...region, name: rule.name, date: day.date,
            rule: `the nakshatra at ${rule.at} in ${monthName}${rule.pick === "purnima" ? ", the day nearest the Purnima" : `, from ${monthName} ${rule.pick.fromDay}`}`,
            choice: null, note: rule.note,
          });
        }
      }
      continue;
    }
    for (const tt of year.tithis) {
      if (tt.amantaMasa !== rule.masa || tt.number !== rule.tithi || tt.adhika) continue;
      const obs = observedDay(tt, { kala: rule.kala }, year);
      if (!obs) continue;
      out.push({
        ...base, ...region, name: rule.name, date: obs.day.date, rule: kalaRuleText(rule.kala), choice: obs.choice,
        tithi: tithiOfEntry(tt), masa: masaOf(tt), note: rule.note ?? null,
      });
    }
  }
  return out.filter((e) => inYear(year, e.date)).sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

const distance = (date: string, days: readonly string[]) => Math.min(...days.map((d) => Math.abs(Date.parse(d) - Date.parse(date))));

/** The days from `from` (before `to`) whose midday (halfway from sunrise to sunset) or sunset the nakshatra holds. */
function nakshatraDays(year: YearDays, nakshatra: number, at: "midday" | "sunset", from: string, to: string | undefined): CivilDay[] {
  return year.days.filter((d) => {
    if (d.date < from || (to && d.date >= to)) return false;
    if (at === "sunset") {
      // Nightfall: the nakshatra during pradosha, the first fifth of the night (Krittika "prevailing during the night").
      const pradoshaEnd = d.sunsetJd + (d.nextSunriseJd - d.sunsetJd) / 5;
      return year.nakshatras.some((n) => n.number === nakshatra && n.startJd < pradoshaEnd && n.endJd > d.sunsetJd);
    }
    const noon = (d.sunriseJd + d.sunsetJd) / 2;
    return year.nakshatras.some((n) => n.number === nakshatra && n.startJd <= noon && noon < n.endJd);
  });
}
