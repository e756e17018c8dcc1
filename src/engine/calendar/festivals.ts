import { RASHIS } from "../tables/rashis.js";
import { dayHolding, inYear, kalaRuleText, masaOf, tithiOfEntry, type CalendarEntry } from "./entry.js";
import { FESTIVAL_RULES, type FestivalRule } from "./festival-rules.js";
import { holikaDahan, rakshaBandhan } from "./bhadra.js";
import { janmashtami, JANMASHTAMI_SMARTA_RULE, JANMASHTAMI_VAISHNAVA_RULE } from "./janmashtami.js";
import { chandraDarshan, CHANDRA_DARSHAN_RULE } from "./chandra-darshan.js";
import { observedDay } from "./observance.js";
import { ekadashi } from "./vrata.js";
import { mahaNavami, MAHA_NAVAMI_RULE, vijayadashami, VIJAYADASHAMI_RULE } from "./vijayadashami.js";
import { dayIndexAt, type CivilDay, type DatedTithi, type YearDays } from "./year-days.js";

/** The day of a sankranti's punya kala: its own day, or the next when the Sun enters after sunset. */
export function sankrantiDay(year: YearDays, jd: number): CivilDay | undefined {
  const d = dayHolding(year, jd);
  if (!d) return undefined;
  return jd < d.sunsetJd ? d : year.days[dayIndexAt(year.days, jd) + 1];
}

export const SANKRANTI_RULE = "the day the Sun enters the sidereal rashi; the next day when it enters after sunset (punya kala)";

/** Every festival of FESTIVAL_RULES in the year, in date order. */
export function festivalCalendar(year: YearDays): CalendarEntry[] {
  const byName = new Map<string, CalendarEntry[]>();
  const out: CalendarEntry[] = [];
  const push = (e: CalendarEntry) => {
    if (!byName.has(e.name)) byName.set(e.name, []);
    byName.get(e.name)!.push(e);
  };
  for (const rule of FESTIVAL_RULES) for (const e of entriesOf(rule, year, byName)) push(e);
  for (const list of byName.values()) out.push(...list.filter((e) => inYear(year, e.date)));
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

function entriesOf(rule: FestivalRule, year: YearDays, done: Map<string, CalendarEntry[]>): CalendarEntry[] {
  const base = { kind: "festival", endDate: null, note: rule.note ?? null };
  switch (rule.type) {
    case "tithi": {
      const out: CalendarEntry[] = [];
      for (const t of year.tithis) {
        if (t.amantaMasa !== rule.masa || t.number !== rule.tithi || (t.adhika && !rule.inAdhika)) continue;
        const obs = observedDay(t, {
          kala: rule.kala, ...(rule.tie ? { tie: rule.tie } : {}), ...(rule.udayaMuhurtas ? { udayaMuhurtas: rule.udayaMuhurtas } : {}),
          ...(rule.fallback ? { fallback: rule.fallback } : {}),
        }, year);
        if (!obs) continue;
        out.push({
          ...base, name: rule.name, date: obs.day.date, rule: kalaRuleText(rule.kala), choice: obs.choice,
          tithi: tithiOfEntry(t), instantJd: null, masa: masaOf(t), muhurta: null,
        });
      }
      return out;
    }
    case "sankranti": {
      const out: CalendarEntry[] = [];
      for (const s of year.sankrantis) {
        if (s.rashi !== rule.rashi) continue;
        const d = sankrantiDay(year, s.jd);
        if (!d) continue;
        out.push({
          ...base, name: rule.name, date: d.date, rule: `${SANKRANTI_RULE} (${RASHIS[s.rashi - 1]!.sanskrit})`, choice: null,
          tithi: null, instantJd: s.jd, masa: null, muhurta: null,
        });
      }
      return out;
    }
    case "after": {
      return (done.get(rule.of) ?? []).map((e) => ({
        ...base, name: rule.name, date: shiftDate(e.date, rule.days),
        rule: `${Math.abs(rule.days)} day${Math.abs(rule.days) === 1 ? "" : "s"} ${rule.days < 0 ? "before" : "after"} ${rule.of}`,
        choice: null, tithi: null, instantJd: null, masa: null, muhurta: null,
      }));
    }
    case "special": {
      const out: CalendarEntry[] = [];
      for (const t of year.tithis) {
        if (t.amantaMasa !== rule.masa || t.number !== rule.tithi || t.adhika) continue;
        const common = { ...base, tithi: tithiOfEntry(t), instantJd: null, masa: masaOf(t) };
        if (rule.rule === "ekadashi") {
          out.push(...ekadashi(t, year, rule.name).map((e) => ({ ...e, kind: "festival", note: rule.note ?? e.note })));
          continue;
        }
        if (rule.rule === "cheti-chand") {
          const c = chandraDarshan(t, year);
          if (c) out.push({ ...common, name: rule.name, date: c.day.date, rule: CHANDRA_DARSHAN_RULE, choice: null, muhurta: { startJd: c.sunsetJd, endJd: c.moonsetJd } });
          continue;
        }
        if (rule.rule === "janmashtami") {
          const j = janmashtami(t, year);
          if (!j) continue;
          out.push({ ...common, name: rule.name, date: j.smarta.day.date, rule: JANMASHTAMI_SMARTA_RULE, choice: j.smarta.choice, muhurta: null });
          if (j.vaishnava) {
            out.push({
              ...common, name: `${rule.name} (Vaishnava)`, date: j.vaishnava.day.date, rule: JANMASHTAMI_VAISHNAVA_RULE,
              choice: j.vaishnava.choice, muhurta: null,
            });
          }
          continue;
        }
        if (rule.rule === "vijayadashami" || rule.rule === "maha-navami") {
          const o = rule.rule === "vijayadashami" ? vijayadashami(t, year) : mahaNavami(t, dashamiAfter(t, year), year);
          const text = rule.rule === "vijayadashami" ? VIJAYADASHAMI_RULE : MAHA_NAVAMI_RULE;
          if (o) out.push({ ...common, name: rule.name, date: o.day.date, rule: text, choice: o.choice, muhurta: null });
          continue;
        }
        const b = rule.rule === "holika" ? holikaDahan(t, year) : rakshaBandhan(t, year);
        if (b) out.push({ ...common, name: rule.name, date: b.day.date, rule: b.rule, choice: b.choice, muhurta: b.muhurta });
      }
      return out;
    }
  }
}

/** The Shukla Dashami of the lunation of a Shukla tithi, or undefined (kshaya, or beyond the year's tithis). */
export function dashamiAfter(t: DatedTithi, year: YearDays): DatedTithi | undefined {
  const i = year.tithis.indexOf(t);
  return i < 0 ? undefined : year.tithis.slice(i, i + 11).find((x) => x.number === 10);
}

export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
