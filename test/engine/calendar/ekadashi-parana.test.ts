import { describe, expect, it } from "vitest";
import { festivals, vratas } from "../../../src/engine/calendar/calendar.js";
import type { CalendarEntry } from "../../../src/engine/calendar/entry.js";
import { paranaAfter, smartaDay, vaishnavaDay } from "../../../src/engine/calendar/ekadashi.js";
import { vrataCalendar } from "../../../src/engine/calendar/vrata.js";
import type { CivilDay, DatedTithi, YearDays } from "../../../src/engine/calendar/year-days.js";
import { DEFAULT_CONVENTIONS } from "../../../src/engine/types.js";
import { localCalendarOf } from "../../../src/resolvers/calendar/local-calendar.js";
import { clockFromTz } from "../../../src/resolvers/panchanga/time-zone.js";

const delhi = { latDeg: 28.6139, lonDeg: 77.209 };
const ist = localCalendarOf(clockFromTz("tz", "Asia/Kolkata"));
const input = (year: number) => ({ year, month: null, place: delhi, conv: DEFAULT_CONVENTIONS, local: ist });
const v2025 = vratas(input(2025));
const f2025 = festivals(input(2025));
const one = (list: CalendarEntry[], name: string) => {
  const found = list.filter((e) => e.name === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};
/** "HH:MM" in IST of a Julian day UT. */
const hhmm = (jd: number) => new Date((jd - 2440587.5) * 86_400_000 + 330 * 60_000).toISOString().slice(11, 16);
const near = (jd: number, hm: string) => {
  const [h, m] = hm.split(":").map(Number) as [number, number];
  const [a, b] = hhmm(jd).split(":").map(Number) as [number, number];
  expect(Math.abs(a * 60 + b - (h * 60 + m)), `${hhmm(jd)} vs ${hm}`).toBeLessThanOrEqual(2);
};

describe("Ekadashi days and parana, New Delhi 2025, against Drik Panchang", () => {
  it("Devutthana: Smarta 1 Nov (the udaya day 2 Nov leaves no Dwadashi at the next sunrise), Gauna/Vaishnava 2 Nov", () => {
    const s = one(v2025, "Devutthana Ekadashi");
    expect([s.date, s.choice]).toEqual(["2025-11-01", "dwadashi-kshaya"]);
    // Drik: parana 2 Nov 13:11–15:23, Hari Vasara ends 12:55 — it runs past pratahkala, so after madhyahna.
    expect([s.parana!.date, s.parana!.startRule, s.parana!.endRule]).toEqual(["2025-11-02", "madhyahna-end", "aparahna-end"]);
    near(s.parana!.startJd, "13:11");
    near(s.parana!.endJd, "15:23");
    near(s.parana!.hariVasaraEndJd!, "12:55");
    const g = one(v2025, "Devutthana Ekadashi (Vaishnava)");
    expect(g.date).toBe("2025-11-02");
    // Dwadashi ended (05:07) before the 3 Nov sunrise: parana from sunrise through pratahkala (Drik: 06:34–08:46).
    expect([g.parana!.date, g.parana!.startRule, g.parana!.endRule, g.parana!.dwadashiEndJd]).toEqual(["2025-11-03", "sunrise", "pratahkala-end", null]);
    near(g.parana!.startJd, "06:34");
    near(g.parana!.endJd, "08:46");
    // The festival list names it Dev Uthani, by the same rules.
    expect(one(f2025, "Dev Uthani Ekadashi").date).toBe("2025-11-01");
  });

  it("Papamochani: Smarta 25 Mar, Vaishnava 26 Mar (Dashami at arunodaya); parana 26 Mar 13:41–16:08 (Drik)", () => {
    const s = one(v2025, "Papamochani Ekadashi");
    expect(s.date).toBe("2025-03-25");
    near(s.parana!.startJd, "13:41");
    near(s.parana!.endJd, "16:08");
    const v = one(v2025, "Papamochani Ekadashi (Vaishnava)");
    expect([v.date, v.choice]).toEqual(["2025-03-26", "dashami-viddha"]);
  });

  it("Nirjala: 6 June, Gauna 7 June; parana 7 June 13:44–16:31 (Drik)", () => {
    const s = one(f2025, "Nirjala Ekadashi");
    expect(s.date).toBe("2025-06-06");
    near(s.parana!.startJd, "13:44");
    near(s.parana!.endJd, "16:31");
    expect(one(f2025, "Nirjala Ekadashi (Vaishnava)").date).toBe("2025-06-07");
  });

  it("every Ekadashi of the year carries a parana window inside its parana day, after Hari Vasara", () => {
    const eks = v2025.filter((e) => e.kind.startsWith("ekadashi"));
    expect(eks.length).toBeGreaterThanOrEqual(24);
    for (const e of eks) {
      const p = e.parana!;
      expect(p.endJd, e.name).toBeGreaterThan(p.startJd);
      if (p.hariVasaraEndJd !== null) expect(p.startJd).toBeGreaterThanOrEqual(p.hariVasaraEndJd - 1e-9);
      if (p.dwadashiEndJd !== null) expect(p.endJd).toBeLessThanOrEqual(p.dwadashiEndJd + 1e-9);
      expect(p.date > e.date, e.name).toBe(true);
    }
  });
});

describe("Ekadashi rules at their edges (synthetic days: sunrise .25, sunset .75)", () => {
  const MIN = 1 / 1440;
  const days: CivilDay[] = [0, 1, 2, 3, 4].map((k) => ({ date: `2030-01-0${k + 1}`, sunriseJd: k + 0.25, sunsetJd: k + 0.75, nextSunriseJd: k + 1.25 }));
  const tithi = (number: number, startJd: number, endJd: number) =>
    ({ element: "tithi", number, name: "x", paksha: "shukla", startJd, endJd, amantaMasa: 8, adhika: false }) as DatedTithi;
  const yearOf = (ts: DatedTithi[]) => ({ year: 2030, days, tithis: ts, sankrantis: [], karanas: [], nakshatras: [] }) as unknown as YearDays;
  const pair = (a: number, b: number, c: number) => {
    const ek = tithi(11, a, b), dw = tithi(12, b, c);
    return { ek, dw, year: yearOf([ek, dw]) };
  };

  it("Dwadashi ending a minute before the next sunrise moves the Smarta day back; a minute after, it stays", () => {
    const a = pair(0.5, 1.3, 2.25 - MIN);
    expect([smartaDay(a.ek, a.dw, a.year)!.day.date, smartaDay(a.ek, a.dw, a.year)!.choice]).toEqual(["2030-01-01", "dwadashi-kshaya"]);
    const b = pair(0.5, 1.3, 2.25 + MIN);
    expect([smartaDay(b.ek, b.dw, b.year)!.day.date, smartaDay(b.ek, b.dw, b.year)!.choice]).toEqual(["2030-01-02", "only-day"]);
  });

  it("Dwadashi ended before the parana day's sunrise: parana after sunrise, through pratahkala", () => {
    const a = pair(0.5, 1.3, 2.25 - MIN);
    const p = paranaAfter(days[1]!, a.dw, a.year)!;
    expect([p.date, p.startJd, p.startRule, p.endRule, p.dwadashiEndJd]).toEqual(["2030-01-03", 2.25, "sunrise", "pratahkala-end", null]);
    expect(p.endJd).toBeCloseTo(2.25 + 0.1, 9);
  });

  it("parana in the morning after Hari Vasara, cut short by Dwadashi's end", () => {
    // Dwadashi 1.9–2.3: Hari Vasara ends 2.0 (before sunrise 2.25); Dwadashi ends 2.3, inside pratahkala (to 2.35).
    const { dw, year } = pair(0.9, 1.9, 2.3);
    const p = paranaAfter(days[1]!, dw, year)!;
    expect([p.startRule, p.endRule, p.startJd, p.endJd]).toEqual(["sunrise", "dwadashi-end", 2.25, 2.3]);
    // Dwadashi from 2.0 + 4 min, a day long: Hari Vasara ends 4 min after sunrise → parana from its end.
    const q = pair(1.0, 2.0 + 4 * MIN, 3.0 + 4 * MIN);
    const pq = paranaAfter(days[1]!, q.dw, q.year)!;
    expect(pq.startRule).toBe("hari-vasara-end");
    expect(pq.startJd).toBeCloseTo(2.25 + 4 * MIN, 9);
  });

  it("kshaya Ekadashi (no sunrise): Smarta the day it begins, Vaishnava the next", () => {
    const { ek, dw, year } = pair(1.3, 2.2, 3.3);
    expect([smartaDay(ek, dw, year)!.day.date, smartaDay(ek, dw, year)!.choice]).toEqual(["2030-01-02", "kshaya"]);
    expect(vaishnavaDay(ek, dw, year)!.day.date).toBe("2030-01-03");
  });

  it("vriddhi Ekadashi (two sunrises): Smarta the later day; Vaishnava the later arunodaya", () => {
    const { ek, dw, year } = pair(0.3, 2.3, 3.3);
    expect([smartaDay(ek, dw, year)!.day.date, smartaDay(ek, dw, year)!.choice]).toEqual(["2030-01-03", "tie-later"]);
    expect(vaishnavaDay(ek, dw, year)!.day.date).toBe("2030-01-03");
    // …unless Dwadashi is gone by the sunrise after the later day: then the first of the two.
    const k = pair(0.3, 2.3, 3.25 - 1 / 1440);
    expect([smartaDay(k.ek, k.dw, k.year)!.day.date, smartaDay(k.ek, k.dw, k.year)!.choice]).toEqual(["2030-01-02", "dwadashi-kshaya"]);
  });

  it("Dashami at arunodaya: Ekadashi beginning a minute after arunodaya is Vaishnava the next day, a minute before the same day", () => {
    const aru = 1.25 - 96 * MIN;
    const late = pair(aru + MIN, 2.1, 3.0);
    expect(vaishnavaDay(late.ek, late.dw, late.year)!.day.date).toBe("2030-01-03");
    const early = pair(aru - MIN, 2.1, 3.0);
    expect(vaishnavaDay(early.ek, early.dw, early.year)!.day.date).toBe("2030-01-02");
    const list = vrataCalendar(late.year).filter((e) => e.kind.startsWith("ekadashi")).map((e) => [e.kind, e.date]);
    expect(list).toEqual([["ekadashi_smarta", "2030-01-02"], ["ekadashi_vaishnava", "2030-01-03"]]);
  });
});

describe("paired Purnima and Amavasya, New Delhi 2025", () => {
  it("Jyeshtha Amavasya: Darsha (aparahna) 26 May and snana-dana (sunrise) 27 May, both listed", () => {
    expect(one(v2025, "Jyeshtha Amavasya (Darsha)").date).toBe("2025-05-26");
    const s = one(v2025, "Jyeshtha Amavasya (snana-dana)");
    expect([s.date, s.kind]).toEqual(["2025-05-27", "amavasya_snana"]);
  });
  it("Shravana Purnima: upavasa 8 Aug, snana-dana 9 Aug; Magha Purnima on one day is listed once", () => {
    expect(one(v2025, "Shravana Purnima (upavasa)").date).toBe("2025-08-08");
    expect(one(v2025, "Shravana Purnima (snana-dana)").date).toBe("2025-08-09");
    expect(one(v2025, "Magha Purnima").date).toBe("2025-02-12");
  });
});

describe("Drik's major lunar list, New Delhi 2025", () => {
  it.each([
    ["Chhath Puja (Nahay Khay)", "2025-10-25"], ["Chhath Puja (Kharna)", "2025-10-26"], ["Chhath Puja (Sandhya Arghya)", "2025-10-27"],
    ["Chhath Puja (Usha Arghya)", "2025-10-28"], ["Ganesh Visarjan", "2025-09-06"], ["Tulsi Vivah", "2025-11-02"], ["Dev Deepawali", "2025-11-05"],
    ["Mahalaya", "2025-09-21"], ["Purnima Shraddha", "2025-09-07"], ["Pratipada Shraddha", "2025-09-08"], ["Tritiya Shraddha", "2025-09-10"],
    ["Chaturthi Shraddha", "2025-09-10"], ["Sarva Pitru Amavasya", "2025-09-21"],
  ])("%s: %s", (name, date) => expect(one(f2025, name).date).toBe(date));

  it("each Navaratri day: Sharad 2025 has ten (Tritiya at two sunrises), Chaitra 2025 eight (Tritiya kshaya)", () => {
    const sharad = v2025.filter((e) => e.kind === "navaratri_day" && e.name.startsWith("Sharad"));
    expect(sharad.map((e) => e.date)).toEqual(Array.from({ length: 10 }, (_, i) => new Date(Date.UTC(2025, 8, 22 + i)).toISOString().slice(0, 10)));
    expect(sharad[0]!.note).toBe("Shailaputri (Pratipada)");
    expect(sharad[9]!.note).toBe("Siddhidatri (Navami)");
    const chaitra = v2025.filter((e) => e.kind === "navaratri_day" && e.name.startsWith("Chaitra"));
    expect(chaitra).toHaveLength(8);
    expect(chaitra[1]!.note).toBe("Brahmacharini (Dwitiya) and Chandraghanta (Tritiya)");
  });
});
