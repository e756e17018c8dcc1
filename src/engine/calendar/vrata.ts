import { RASHIS } from "../tables/rashis.js";
import { inYear, kalaRuleText, masaOf, tithiOfEntry, type CalendarEntry } from "./entry.js";
import { dashamiAfter, SANKRANTI_RULE, sankrantiDay, shiftDate } from "./festivals.js";
import { dwadashiAfter, smartaDay, vaishnavaDay } from "./ekadashi.js";
import type { Kala } from "./kala.js";
import { VIJAYADASHAMI } from "./festival-rules.js";
import { observedDay } from "./observance.js";
import { vijayadashami } from "./vijayadashami.js";
import type { DatedTithi, YearDays } from "./year-days.js";

/**
 * Ekadashi names by amanta month (Chaitra = index 0): [Shukla, Krishna]. The Krishna one of
 * amanta month X is the Krishna Ekadashi of purnimanta month X+1 (Padma Purana's list as
 * ISKCON and Drik Panchang print it); adhika months have Padmini and Parama.
 */
const EKADASHI_NAMES: readonly (readonly [string, string])[] = [
  ["Kamada", "Varuthini"], ["Mohini", "Apara"], ["Nirjala", "Yogini"], ["Devshayani", "Kamika"],
  ["Shravana Putrada", "Aja"], ["Parsva", "Indira"], ["Papankusha", "Rama"], ["Devutthana", "Utpanna"],
  ["Mokshada", "Saphala"], ["Pausha Putrada", "Shattila"], ["Jaya", "Vijaya"], ["Amalaki", "Papamochani"],
];

export function ekadashiName(t: DatedTithi): string {
  const krishna = t.number > 15 ? 1 : 0;
  if (t.adhika) return krishna ? "Parama Ekadashi" : "Padmini Ekadashi";
  return `${EKADASHI_NAMES[t.amantaMasa - 1]![krishna]} Ekadashi`;
}

/**
 * Purnima and Amavasya come in pairs (calendar-rules: Drik Panchang lists both when they differ): the
 * vrata day of the kala above — Purnima Upavasa, Darsha Amavasya (aparahna, for shraddha) — and the day of
 * snana-dana, the tithi at sunrise (Jyeshtha Amavasya 2025 at New Delhi: Darsha 26 May, snana-dana 27 May).
 */
const PAIRED = {
  purnima: { vrata: "upavasa", vrataNote: "the Purnima vrata (upavasa) day: Purnima at sunset (moonrise)" },
  amavasya: { vrata: "Darsha", vrataNote: "Darsha Amavasya: Amavasya over aparahna, the day of shraddha" },
} as const;

/** The tithi-kept vratas: which tithis, which kala. */
const TITHI_VRATAS: readonly { kind: string; tithis: readonly number[]; kala: Kala; name: (t: DatedTithi) => string }[] = [
  { kind: "pradosham", tithis: [13, 28], kala: "pradosha", name: (t) => `Pradosham (${t.paksha === "shukla" ? "Shukla" : "Krishna"})` },
  { kind: "vinayaka_chaturthi", tithis: [4], kala: "madhyahna", name: () => "Vinayaka Chaturthi" },
  { kind: "sankashti_chaturthi", tithis: [19], kala: "moonrise", name: () => "Sankashti Chaturthi" },
  // Purnima vrata: the day Purnima runs at sunset — when it begins in the afternoon it is kept that day, the
  // Chaturdashi of the civil calendar, as Drik Panchang's Purnima Upavasa lists it (the full Moon rises at
  // sunset, so sunset stands for moonrise without a second horizon search). Amavasya: aparahna, the
  // shraddha kala (Nirnayasindhu). Edges: test/engine/calendar/bhadra-rohini-navaratri.test.ts.
  { kind: "purnima", tithis: [15], kala: "sunset", name: (t) => `${masaOf(t).purnimanta} Purnima` },
  { kind: "amavasya", tithis: [30], kala: "aparahna", name: (t) => `${masaOf(t).purnimanta} Amavasya` },
  { kind: "masik_shivaratri", tithis: [29], kala: "nishita", name: (t) => (t.amantaMasa === 11 && !t.adhika ? "Maha Shivaratri" : "Masik Shivaratri") },
];

/** Every vrata of the year (Ekadashi, Pradosham, Chaturthis, Purnima, Amavasya, Shivaratri, Sankranti, Navaratri). */
export function vrataCalendar(year: YearDays): CalendarEntry[] {
  const out: CalendarEntry[] = [];
  const base = { endDate: null, instantJd: null, note: null, muhurta: null };
  for (const t of year.tithis) out.push(...tithiVratas(t, year));
  for (const s of year.sankrantis) {
    const d = sankrantiDay(year, s.jd);
    if (!d) continue;
    out.push({
      ...base, name: `${RASHIS[s.rashi - 1]!.sanskrit} Sankranti`, kind: "sankranti", date: d.date, rule: SANKRANTI_RULE,
      choice: null, tithi: null, instantJd: s.jd, masa: null,
    });
  }
  return out.filter((e) => inYear(year, e.date)).sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
}

const NAVARATRI_RULE =
  "from Shukla Pratipada at sunrise (Ghatasthapana) to the eve of Shukla Dashami at aparahna (Sharad: the Vijayadashami rule, with Shravana): " +
  "the nights before Dashami, 8 days with a kshaya tithi, 10 with a vriddhi one";

/**
 * The last day of a Navaratri: the eve of the day Shukla Dashami of the same lunation is kept at
 * aparahna (Sharad: Vijayadashami, which Shravana may move a day on: vijayadashami.ts), so kshaya
 * and vriddhi tithis between shorten or lengthen it (Drik Panchang: Sharad 2024 3–11 October,
 * Sharad 2025 22 September – 1 October, Sharad 2019 29 September – 7 October, Chaitra 2025
 * 30 March – 6 April).
 * Null when `year` does not hold that Dashami (events/localize.ts passes the days around one tithi).
 */
function navaratriEnd(pratipada: DatedTithi, year: YearDays): string | null {
  const t = dashamiAfter(pratipada, year);
  // Ashvina's Dashami is Vijayadashami, which Shravana may move a day on; Chaitra's keeps the aparahna rule.
  const dashami = !t ? null : t.amantaMasa === 7 ? vijayadashami(t, year) : observedDay(t, VIJAYADASHAMI, year);
  return dashami ? shiftDate(dashami.day.date, -1) : null;
}

/**
 * The vratas one tithi gives (Ekadashi Smarta and Vaishnava, the kala-ruled ones, Navaratri),
 * dated on `year.days` — which need only cover the days around the tithi (events/localize.ts).
 */
export function tithiVratas(t: DatedTithi, year: YearDays): CalendarEntry[] {
  const out: CalendarEntry[] = [];
  const base = { endDate: null, instantJd: null, note: null, muhurta: null };
  if (t.number === 11 || t.number === 26) out.push(...ekadashi(t, year));
  for (const v of TITHI_VRATAS) {
    if (!v.tithis.includes(t.number)) continue;
    const obs = observedDay(t, { kala: v.kala }, year);
    if (!obs) continue;
    const entry = { ...base, name: v.name(t), kind: v.kind, date: obs.day.date, rule: kalaRuleText(v.kala), choice: obs.choice, tithi: tithiOfEntry(t), masa: masaOf(t) };
    const pair = v.kind === "purnima" || v.kind === "amavasya" ? PAIRED[v.kind] : null;
    const snana = pair && observedDay(t, { kala: "sunrise" }, year);
    if (!pair || !snana || snana.day.date === obs.day.date) {
      out.push(entry);
      continue;
    }
    // The vrata (or shraddha) day and the snana-dana day differ: almanacs list both, each named.
    out.push({ ...entry, name: `${entry.name} (${pair.vrata})`, note: pair.vrataNote });
    out.push({
      ...entry, name: `${entry.name} (snana-dana)`, kind: `${v.kind}_snana`, date: snana.day.date, rule: kalaRuleText("sunrise"), choice: snana.choice,
      note: "the day of the holy bath and alms (snana-dana): the tithi at sunrise",
    });
  }
  if (t.number === 1 && !t.adhika && (t.amantaMasa === 1 || t.amantaMasa === 7)) {
    const obs = observedDay(t, { kala: "sunrise" }, year);
    if (obs) {
      out.push({
        ...base, name: t.amantaMasa === 1 ? "Chaitra Navaratri" : "Sharad Navaratri", kind: "navaratri", date: obs.day.date,
        endDate: navaratriEnd(t, year), rule: NAVARATRI_RULE, choice: obs.choice, tithi: tithiOfEntry(t), masa: masaOf(t),
      });
      out.push(...navaratriDays(out[out.length - 1]!, year));
    }
  }
  return out;
}

/** Smarta Ekadashi and, where it differs, the Vaishnava (Gauna) day, each with its parana window (ekadashi.ts). */
export function ekadashi(t: DatedTithi, year: YearDays, name = ekadashiName(t)): CalendarEntry[] {
  const dw = dwadashiAfter(t, year);
  const s = smartaDay(t, dw, year);
  if (!s) return [];
  const common = { endDate: null, instantJd: null, note: null, muhurta: null, tithi: tithiOfEntry(t), masa: masaOf(t) };
  const out: CalendarEntry[] = [{ ...common, name, kind: "ekadashi_smarta", date: s.day.date, rule: s.rule, choice: s.choice, parana: s.parana }];
  const v = vaishnavaDay(t, dw, year);
  if (v && v.day.date !== s.day.date) {
    out.push({
      ...common, name: `${name} (Vaishnava)`, kind: "ekadashi_vaishnava", date: v.day.date, rule: v.rule, choice: v.choice, parana: v.parana,
      note: "Gauna Ekadashi: the second day, for sanyasis, widows and Vaishnavas (ISKCON)",
    });
  }
  return out;
}

/** Navadurga, the goddess of each Navaratri tithi, Pratipada to Navami (Devi Kavacham's order, as Drik lists the days). */
const NAVADURGA = ["Shailaputri", "Brahmacharini", "Chandraghanta", "Kushmanda", "Skandamata", "Katyayani", "Kalaratri", "Mahagauri", "Siddhidatri"] as const;

/**
 * Each day of a Navaratri span: the tithis of the day are the one at its sunrise and any that begins and ends before the
 * next sunrise (a kshaya tithi shares the day: two goddesses); a vriddhi tithi gives two days the same goddess.
 */
function navaratriDays(span: CalendarEntry, year: YearDays): CalendarEntry[] {
  if (!span.endDate) return [];
  const out: CalendarEntry[] = [];
  const label = span.name;
  let k = 0;
  for (const day of year.days) {
    if (day.date < span.date || day.date > span.endDate) continue;
    k++;
    const here = year.tithis.filter(
      (x) => (x.startJd <= day.sunriseJd && day.sunriseJd < x.endJd) || (x.startJd > day.sunriseJd && x.endJd <= day.nextSunriseJd),
    );
    const names = here.filter((x) => x.number >= 1 && x.number <= 9).map((x) => `${NAVADURGA[x.number - 1]} (${x.name})`);
    out.push({
      name: `${label} day ${k}`, kind: "navaratri_day", date: day.date, endDate: null,
      rule: "the day's tithi at sunrise (and a kshaya tithi that begins and ends within the day) names its goddess",
      choice: null, tithi: here[0] ? tithiOfEntry(here[0]) : null, instantJd: null, masa: here[0] ? masaOf(here[0]) : null, muhurta: null,
      note: names.length > 0 ? names.join(" and ") : null,
    });
  }
  return out;
}
