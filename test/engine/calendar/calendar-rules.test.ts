import { describe, expect, it } from "vitest";
import { festivals, vratas } from "../../../src/engine/calendar/calendar.js";
import type { CalendarEntry } from "../../../src/engine/calendar/entry.js";
import { FESTIVAL_RULES } from "../../../src/engine/calendar/festival-rules.js";
import { sankrantiDay } from "../../../src/engine/calendar/festivals.js";
import { kalaWindow } from "../../../src/engine/calendar/kala.js";
import { observedDay, type ObservanceRule } from "../../../src/engine/calendar/observance.js";
import type { CivilDay, DatedTithi, YearDays } from "../../../src/engine/calendar/year-days.js";
import { EngineInputError } from "../../../src/engine/errors.js";
import { DEFAULT_CONVENTIONS } from "../../../src/engine/types.js";
import { localCalendarOf } from "../../../src/resolvers/calendar/local-calendar.js";
import { clockFromTz } from "../../../src/resolvers/panchanga/time-zone.js";

const MIN = 1 / 1440;
const delhi = { latDeg: 28.6139, lonDeg: 77.209 };
const ist = localCalendarOf(clockFromTz("tz", "Asia/Kolkata"));
const fest = (year: number) => festivals({ year, month: null, place: delhi, conv: DEFAULT_CONVENTIONS, local: ist });
const vrat = (year: number) => vratas({ year, month: null, place: delhi, conv: DEFAULT_CONVENTIONS, local: ist });
const dates = (list: CalendarEntry[], name: string) => list.filter((e) => e.name === name).map((e) => e.date);

/** Five synthetic days: sunrise at k + 0.25, sunset k + 0.75, moonrise k + 0.8 (Julian days). */
const days: CivilDay[] = [0, 1, 2, 3, 4].map((k) => ({ date: `d${k}`, sunriseJd: k + 0.25, sunsetJd: k + 0.75, nextSunriseJd: k + 1.25 }));
const year = { days, moonriseOf: (d: CivilDay) => d.sunriseJd + 0.55 } as unknown as YearDays;
const tithi = (startJd: number, endJd: number) => ({ number: 11, startJd, endJd }) as DatedTithi;
const on = (startJd: number, endJd: number, rule: ObservanceRule) => {
  const o = observedDay(tithi(startJd, endJd), rule, year)!;
  return [o.day.date, o.choice];
};

describe("observance rules on days built to sit on their edges (synthetic frames)", () => {
  const sr1 = days[1]!.sunriseJd;
  it("sunrise: a tithi ending a minute before sunrise belongs to the day before, a minute after to both (vriddhi)", () => {
    expect(on(sr1 - 1, sr1 - MIN, { kala: "sunrise" })).toEqual(["d0", "only-day"]);
    expect(on(sr1 - 1, sr1 + MIN, { kala: "sunrise" })).toEqual(["d0", "tie-first"]);
    expect(on(sr1 - 1, sr1 + MIN, { kala: "sunrise", tie: { kind: "later" } })).toEqual(["d1", "tie-later"]);
    expect(on(sr1 - MIN, sr1 + 0.9, { kala: "sunrise" })).toEqual(["d1", "only-day"]);
  });
  it("sankranti (punya kala): the Sun entering a minute before sunset keeps that day; a minute after, the next day", () => {
    const ss1 = days[1]!.sunsetJd;
    expect(sankrantiDay(year, ss1 - MIN)!.date).toBe("d1");
    expect(sankrantiDay(year, ss1 + MIN)!.date).toBe("d2");
    // In the small hours before a sunrise: after the previous day's sunset, so the day of that sunrise.
    expect(sankrantiDay(year, days[2]!.sunriseJd - MIN)!.date).toBe("d2");
  });
  it("sunrise: a kshaya tithi (starts after one sunrise, ends before the next) is kept on the day that holds it", () => {
    expect(on(sr1 + MIN, sr1 + 1 - MIN, { kala: "sunrise" })).toEqual(["d1", "kshaya"]);
  });
  it("pradosha: Amavasya ending 30 min after the second sunset keeps Diwali there under the ghati rule, 20 min does not", () => {
    const ss0 = days[0]!.sunsetJd, ss1 = days[1]!.sunsetJd;
    const diwali: ObservanceRule = { kala: "pradosha", tie: { kind: "later-if", minMinutes: 24 } };
    expect(on(ss0 - 0.1, ss1 + 30 * MIN, diwali)).toEqual(["d1", "tie-later"]);
    expect(on(ss0 - 0.1, ss1 + 20 * MIN, diwali)).toEqual(["d0", "full-kala"]);
    expect(on(ss0 - 0.1, ss1 + 30 * MIN, { kala: "pradosha" })).toEqual(["d0", "full-kala"]);
    // Ending a minute before sunset: no pradosha holds it → the day it runs in.
    expect(on(ss0 - 0.3, ss0 - MIN, { kala: "pradosha" })).toEqual(["d0", "kshaya"]);
  });
  it("nishita: a tithi starting a minute inside the night's 8th muhurta takes that night, a minute after it the next", () => {
    const w = kalaWindow("nishita", days[1]!, year)!;
    expect((w.endJd - w.startJd) * 1440).toBeCloseTo(48, 6);
    expect(on(w.endJd - MIN, w.endJd + 0.5, { kala: "nishita" })).toEqual(["d1", "only-day"]);
    expect(on(w.endJd + MIN, w.endJd + 1.01, { kala: "nishita" })).toEqual(["d2", "only-day"]);
  });
  it("madhyahna: the day whose madhyahna the tithi covers wholly wins over a partial one", () => {
    const m1 = kalaWindow("madhyahna", days[1]!, year)!, m2 = kalaWindow("madhyahna", days[2]!, year)!;
    expect(on(m1.startJd + 10 * MIN, m2.endJd + MIN, { kala: "madhyahna" })).toEqual(["d2", "full-kala"]);
    expect(on(m1.startJd + 10 * MIN, m2.startJd + 30 * MIN, { kala: "madhyahna" })).toEqual(["d1", "greater-share"]);
  });
  it("moonrise: the tithi running at moonrise (a minute either side)", () => {
    const mr1 = days[1]!.sunriseJd + 0.55;
    expect(on(mr1 - MIN, mr1 + 0.9, { kala: "moonrise" })).toEqual(["d1", "only-day"]);
    expect(on(mr1 + MIN, mr1 + 1.01, { kala: "moonrise" })).toEqual(["d2", "only-day"]);
  });
});

describe("real years, New Delhi", () => {
  it("2023 (Adhika Shravana, 18 July – 16 August): Shravana festivals keep to the nija month (Drik Panchang)", () => {
    const f = fest(2023);
    expect(dates(f, "Raksha Bandhan")).toEqual(["2023-08-30"]);
    expect(dates(f, "Hariyali Teej")).toEqual(["2023-08-19"]);
    expect(dates(f, "Nag Panchami")).toEqual(["2023-08-21"]);
    expect(dates(f, "Krishna Janmashtami")).toEqual(["2023-09-06"]);
    expect(dates(f, "Diwali (Lakshmi Puja)")).toEqual(["2023-11-12"]);
    expect(f.filter((e) => e.masa?.adhika)).toEqual([]);
    const v = vrat(2023);
    const padmini = v.find((e) => e.name === "Padmini Ekadashi")!;
    expect([padmini.date, padmini.masa]).toEqual(["2023-07-29", { amanta: "Shravana", purnimanta: "Shravana", adhika: true }]);
    expect(dates(v, "Parama Ekadashi")).toEqual(["2023-08-12"]);
  });

  it("kshaya tithis: Pratipada 2026 and Panchami 2025 never hold a sunrise; Drik's Ugadi 19 March 2026, Vasant Panchami 2 February 2025", () => {
    for (const [y, name, date] of [[2026, "Ugadi / Gudi Padwa", "2026-03-19"], [2025, "Vasant Panchami", "2025-02-02"]] as const) {
      const e = fest(y).find((x) => x.name === name)!;
      expect([e.date, e.choice]).toEqual([date, "kshaya"]);
    }
  });

  it("Raksha Bandhan moves to the next day when Purnima holds its sunrise for 3 muhurtas (Drik: 9 Aug 2025), not for 66 min (30 Aug 2023)", () => {
    const e = fest(2025).find((x) => x.name === "Raksha Bandhan")!;
    expect([e.date, e.choice]).toEqual(["2025-08-09", "udaya-muhurtas"]);
    expect(dates(fest(2023), "Raksha Bandhan")).toEqual(["2023-08-30"]);
  });

  it("vriddhi: Ashtami at nishita on two nights → the later (Janmashtami 2021: 30 Aug); Ekadashi at two sunrises → the later (Nirjala 2024: 18 June)", () => {
    expect(dates(fest(2021), "Krishna Janmashtami")).toEqual(["2021-08-30"]);
    expect(dates(fest(2024), "Nirjala Ekadashi")).toEqual(["2024-06-18"]);
  });

  it("vrata 2024: 12 sankrantis in rashi order, Makar Sankranti at ≈ 02:4x IST on 15 January; the Vaishnava day follows a Dashami-touched Smarta day", () => {
    const v = vrat(2024);
    const sk = v.filter((e) => e.kind === "sankranti");
    expect(sk.map((e) => e.name)).toEqual(["Makara", "Kumbha", "Meena", "Mesha", "Vrishabha", "Mithuna", "Karka", "Simha", "Kanya", "Tula", "Vrishchika", "Dhanu"].map((r) => `${r} Sankranti`));
    const makara = new Date((sk[0]!.instantJd! - 2440587.5) * 86_400_000 + 330 * 60_000).toISOString();
    expect(makara).toMatch(/^2024-01-15T02:4\d/);
    const vaishnava = v.filter((e) => e.kind === "ekadashi_vaishnava");
    expect(vaishnava.length).toBeGreaterThan(0);
    for (const e of vaishnava) {
      const smarta = v.find((s) => s.kind === "ekadashi_smarta" && s.tithi!.startJd === e.tithi!.startJd)!;
      expect(e.name).toBe(`${smarta.name} (Vaishnava)`);
      expect(Date.parse(e.date) - Date.parse(smarta.date)).toBe(86_400_000);
    }
    expect(v.filter((e) => e.kind === "ekadashi_smarta").length).toBeGreaterThanOrEqual(24);
  });

  it("2024 holds every festival of the rule table (44) exactly once, dated in order, with its governing tithi", () => {
    const f = fest(2024);
    expect(FESTIVAL_RULES.length).toBeGreaterThanOrEqual(40);
    expect(f.map((e) => e.name).sort()).toEqual(FESTIVAL_RULES.map((r) => r.name).sort());
    expect(f.map((e) => e.date)).toEqual(f.map((e) => e.date).sort());
    for (const e of f) if (FESTIVAL_RULES.find((r) => r.name === e.name)!.type === "tithi") expect(e.tithi, e.name).not.toBeNull();
  });

  it("years outside 1900–2100 and months outside 1–12 are refused naming the field", () => {
    for (const [y, m, field] of [[1899, null, "year"], [2101, null, "year"], [2024, 13, "month"]] as const) {
      try {
        festivals({ year: y, month: m, place: delhi, conv: DEFAULT_CONVENTIONS, local: ist });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(EngineInputError);
        expect((err as EngineInputError).field).toBe(field);
      }
    }
    expect(fest(1900).length).toBeGreaterThanOrEqual(40);
    expect(fest(2100).length).toBeGreaterThanOrEqual(40);
  });
});
