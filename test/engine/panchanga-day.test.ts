import { rng } from "../helpers/rng.js";
import { describe, expect, it } from "vitest";
import { nextSunset, previousSunrise } from "../../src/engine/astro/rise-set.js";
import { choghadiyas } from "../../src/engine/panchanga/choghadiya.js";
import { panchangaAtMoment, panchangaForDate } from "../../src/engine/panchanga/panchanga-day.js";
import { DEFAULT_CONVENTIONS, withDefaults, type Place } from "../../src/engine/types.js";
import { jdFromUnixMs } from "../../src/engine/time/julian.js";

const DELHI: Place = { latDeg: 28.6139, lonDeg: 77.209 };
const conv = DEFAULT_CONVENTIONS;
const SEC = 1 / 86400;
const jdOf = (iso: string) => jdFromUnixMs(Date.parse(iso));


describe("panchanga of one Hindu day", () => {
  it("every kalam equals the eighths rule to the second (random days and places)", () => {
    const r = rng(2026);
    const RAHU = [8, 2, 7, 5, 6, 4, 3], GULIKA = [7, 6, 5, 4, 3, 2, 1], YAMA = [5, 4, 3, 2, 1, 7, 6];
    for (let i = 0; i < 40; i++) {
      const place = { latDeg: -60 + 120 * r(), lonDeg: -180 + 360 * r() };
      const jd = 2415020 + r() * 73000; // 1900–2100
      const d = panchangaAtMoment(jd, place, conv, { moonEvents: false });
      const sr = d.sunriseJdUt!, ss = d.sunsetJdUt!;
      // The frame is the real one: the sunrise before the moment, the first sunset after it.
      expect(Math.abs(sr - previousSunrise(jd + 1e-9, place, conv, 2)!)).toBeLessThan(SEC / 10);
      expect(Math.abs(ss - nextSunset(sr, place, conv, 2)!)).toBeLessThan(SEC / 10);
      expect(sr <= jd && jd < d.nextSunriseJdUt!).toBe(true);
      const w = d.vara!.number - 1;
      const eighth = (k: number) => [sr + ((k - 1) * (ss - sr)) / 8, sr + (k * (ss - sr)) / 8];
      for (const [win, k] of [[d.windows!.rahuKala, RAHU[w]!], [d.windows!.gulikaKala, GULIKA[w]!], [d.windows!.yamaghanda, YAMA[w]!]] as const) {
        const [a, b] = eighth(k);
        expect(Math.abs(win.startJd - a!)).toBeLessThan(SEC);
        expect(Math.abs(win.endJd - b!)).toBeLessThan(SEC);
      }
    }
  });

  it("takes the vara from the sunrise, not the civil date: before sunrise it is still the previous day", () => {
    // 2025-01-01 (a Wednesday) 04:00 IST is before sunrise: the Hindu day is Tuesday's.
    const early = panchangaAtMoment(jdOf("2024-12-31T22:30:00Z"), DELHI, conv);
    expect(early.vara!.name).toBe("Tuesday");
    const later = panchangaAtMoment(jdOf("2025-01-01T04:30:00Z"), DELHI, conv);
    expect(later.vara!.name).toBe("Wednesday");
    expect(later.windows!.abhijitMuhurta).toBeNull();
    expect(later.windows!.abhijitAbsentReason).toMatch(/Wednesday/);
  });

  it("reports, for a moment, the elements running at that moment within the day containing it", () => {
    const moment = jdOf("2025-01-01T12:00:00Z");
    const d = panchangaAtMoment(moment, DELHI, conv);
    for (const el of [d.tithi, d.nakshatra, d.yoga, d.karana]) {
      expect(el.startJd <= moment && moment < el.endJd).toBe(true);
    }
    expect(d.anchorJdUt).toBe(moment);
    expect(d.sunriseJdUt! <= moment && moment < d.nextSunriseJdUt!).toBe(true);
    expect(d.mode).toBe("moment");
  });

  it("gives masa, samvatsara, ritu and ayana for known dates (amanta and purnimanta)", () => {
    // 2025-01-01 Delhi: Pausha (amanta), Shukla Pratipada/Dwitiya; Shaka 1946 Krodhi; Uttarayana not yet (Sun in Dhanu).
    const d = panchangaForDate(jdOf("2024-12-31T18:30:00Z"), DELHI, conv);
    expect(d.masa).toMatchObject({ name: "Pausha", system: "amanta", isAdhika: false });
    expect(d.paksha).toBe("shukla");
    expect(d.samvatsara).toMatchObject({ number: 38, name: "Krodhi", shakaYear: 1946, vikramYear: 2081 });
    expect(d.ritu.name).toBe("Hemanta");
    expect(d.ayana).toBe("Dakshinayana");
    expect(d.sun.rashiName).toBe("Sagittarius");
    // 2025-01-20 is Krishna paksha: amanta Pausha, purnimanta Magha.
    const k = panchangaForDate(jdOf("2025-01-19T18:30:00Z"), DELHI, conv);
    expect(k.masa.name).toBe("Pausha");
    expect(k.paksha).toBe("krishna");
    const kp = panchangaForDate(jdOf("2025-01-19T18:30:00Z"), DELHI, withDefaults({ month: "purnimanta" }));
    expect(kp.masa).toMatchObject({ name: "Magha", system: "purnimanta" });
    // 2025-04-15: Vishvavasu has begun (Ugadi 2025-03-30), Chaitra Krishna.
    const u = panchangaForDate(jdOf("2025-04-14T18:30:00Z"), DELHI, conv);
    expect(u.samvatsara.name).toBe("Vishvavasu");
    expect(u.masa.name).toBe("Chaitra");
    expect(u.ritu.name).toBe("Vasanta");
  });

  it("marks the adhika month: Adhika Shravana 2023 (18 July – 16 August 2023)", () => {
    const d = panchangaForDate(jdOf("2023-07-31T18:30:00Z"), DELHI, conv);
    expect(d.masa).toMatchObject({ name: "Shravana", isAdhika: true });
    const nija = panchangaForDate(jdOf("2023-08-24T18:30:00Z"), DELHI, conv);
    expect(nija.masa).toMatchObject({ name: "Shravana", isAdhika: false });
  });

  it("returns nulls with a reason and does not throw in polar night (Tromsø, 20 December)", () => {
    const tromso = { latDeg: 69.65, lonDeg: 18.96 };
    const d = panchangaForDate(jdOf("2024-12-19T23:00:00Z"), tromso, conv);
    expect(d.sunriseJdUt).toBeNull();
    expect(d.vara).toBeNull();
    expect(d.windows).toBeNull();
    expect(d.polarReason).toMatch(/polar/);
    expect(d.tithi.number).toBeGreaterThanOrEqual(1);
    expect(d.transitions.length).toBeGreaterThanOrEqual(4);
    const m = panchangaAtMoment(jdOf("2024-12-20T12:00:00Z"), tromso, conv);
    expect(m.sunriseJdUt).toBeNull();
  });

  it("gives sun and moon with longitude, sign, degree in sign, nakshatra and pada", () => {
    const d = panchangaForDate(jdOf("2024-12-31T18:30:00Z"), DELHI, conv);
    for (const b of [d.sun, d.moon]) {
      expect(b.rashiDegree).toBeCloseTo(b.lonSidDeg % 30, 9);
      expect(b.pada).toBeGreaterThanOrEqual(1);
      expect(b.pada).toBeLessThanOrEqual(4);
    }
    expect(d.nakshatra.number).toBe(d.moon.nakshatra);
    expect(d.nakshatra.pada).toBe(d.moon.pada);
    expect(d.moonriseJdUt === null || (d.moonriseJdUt >= d.sunriseJdUt! && d.moonriseJdUt < d.nextSunriseJdUt!)).toBe(true);
  });

  it("builds choghadiya from the day's own sunrise, sunset and next sunrise", () => {
    const d = panchangaForDate(jdOf("2024-12-31T18:30:00Z"), DELHI, conv);
    const c = choghadiyas(d.sunriseJdUt!, d.sunsetJdUt!, d.nextSunriseJdUt!, d.vara!.number);
    expect(c.day[0]!.name).toBe("Labh"); // Wednesday opens with Mercury's Labh
    expect(c.night[7]!.endJd).toBeCloseTo(d.nextSunriseJdUt!, 9);
  });
});
