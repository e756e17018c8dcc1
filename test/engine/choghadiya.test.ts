import { describe, expect, it } from "vitest";
import { choghadiyas } from "../../src/engine/panchanga/choghadiya.js";
import { choghadiyaAtMoment } from "../../src/engine/panchanga/choghadiya-day.js";
import { panchangaAtMoment } from "../../src/engine/panchanga/panchanga-day.js";
import { DEFAULT_CONVENTIONS } from "../../src/engine/types.js";
import { horas } from "../../src/engine/panchanga/hora.js";
import { dayWindows } from "../../src/engine/panchanga/day-windows.js";
import { CHALDEAN_ORDER } from "../../src/engine/tables/hora.js";
import { VARAS } from "../../src/engine/tables/varas.js";

// A day frame: sunrise 06:00, sunset 18:40, next sunrise 06:01 (in day fractions from JD 2460000.5).
const SR = 2460000.5 + 6 / 24;
const SS = 2460000.5 + (18 + 40 / 60) / 24;
const NSR = 2460001.5 + (6 + 1 / 60) / 24;

describe("choghadiya", () => {
  it("divides day and night into 8 equal periods each, back to back", () => {
    const c = choghadiyas(SR, SS, NSR, 1);
    expect(c.day).toHaveLength(8);
    expect(c.night).toHaveLength(8);
    expect(c.day[0]!.startJd).toBe(SR);
    expect(c.day[7]!.endJd).toBeCloseTo(SS, 12);
    expect(c.night[0]!.startJd).toBe(SS);
    expect(c.night[7]!.endJd).toBeCloseTo(NSR, 12);
    for (const half of [c.day, c.night]) {
      half.forEach((p, i) => {
        expect(p.periodNumber).toBe(i + 1);
        if (i > 0) expect(p.startJd).toBeCloseTo(half[i - 1]!.endJd, 12);
      });
    }
  });

  it("follows the weekday sequences (Sunday day opens Udveg, Monday day Amrit, Sunday night Shubh)", () => {
    const names = (v: number, part: "day" | "night") => choghadiyas(SR, SS, NSR, v)[part].map((p) => p.name);
    expect(names(1, "day")).toEqual(["Udveg", "Char", "Labh", "Amrit", "Kaal", "Shubh", "Rog", "Udveg"]);
    expect(names(2, "day")).toEqual(["Amrit", "Kaal", "Shubh", "Rog", "Udveg", "Char", "Labh", "Amrit"]);
    expect(names(1, "night")).toEqual(["Shubh", "Amrit", "Char", "Rog", "Kaal", "Labh", "Udveg", "Shubh"]);
    expect(names(7, "night")[0]).toBe("Labh");
    // The first day choghadiya of each weekday is ruled by the weekday lord.
    for (let v = 1; v <= 7; v++) expect(choghadiyas(SR, SS, NSR, v).day[0]!.planet).toBe(VARAS[v - 1]!.lord);
    const first = (v: number) => choghadiyas(SR, SS, NSR, v).night[0]!.name;
    expect([1, 2, 3, 4, 5, 6, 7].map(first)).toEqual(["Shubh", "Char", "Kaal", "Udveg", "Amrit", "Rog", "Labh"]);
  });

  it("gives each choghadiya its planet and nature", () => {
    const c = choghadiyas(SR, SS, NSR, 1).day;
    expect(c[3]).toMatchObject({ name: "Amrit", planet: "moon", nature: "best" });
    expect(c[0]).toMatchObject({ name: "Udveg", planet: "sun", nature: "bad" });
    expect(c[1]).toMatchObject({ name: "Char", planet: "venus", nature: "neutral" });
  });
});

describe("hora", () => {
  it("by default gives 60-minute periods from sunrise (the spec), the last ending at the next sunrise", () => {
    for (let v = 1; v <= 7; v++) {
      const h = horas(SR, SS, NSR, v);
      expect(h).toEqual(horas(SR, SS, NSR, v, "sixty_minutes"));
      expect(h).toHaveLength(24);
      expect(h[0]!.planet).toBe(VARAS[v - 1]!.lord);
      expect(h[0]!.startJd).toBe(SR);
      for (let i = 0; i < 23; i++) {
        expect((h[i]!.endJd - h[i]!.startJd) * 1440).toBeCloseTo(60, 6);
        expect(h[i + 1]!.startJd).toBeCloseTo(h[i]!.endJd, 12);
        expect(CHALDEAN_ORDER.indexOf(h[i + 1]!.planet)).toBe((CHALDEAN_ORDER.indexOf(h[i]!.planet) + 1) % 7);
      }
      // This frame's day is 24 h 1 min: the 24th hora takes the extra minute.
      expect((h[23]!.endJd - h[23]!.startJd) * 1440).toBeCloseTo(61, 6);
      expect(h[23]!.endJd).toBe(NSR);
      // Sunset at 18:40 falls inside the 13th hour (18:00–19:00), which still starts by day.
      expect(h[12]!.part).toBe("day");
      expect(h[13]!.part).toBe("night");
    }
  });

  it("PLANETARY gives 24 horas from sunrise, 12 by day and 12 by night, in Chaldean order from the weekday lord", () => {
    for (let v = 1; v <= 7; v++) {
      const h = horas(SR, SS, NSR, v, "planetary");
      expect(h).toHaveLength(24);
      expect(h[0]!.planet).toBe(VARAS[v - 1]!.lord);
      for (let i = 1; i < 24; i++) {
        expect(CHALDEAN_ORDER.indexOf(h[i]!.planet)).toBe((CHALDEAN_ORDER.indexOf(h[i - 1]!.planet) + 1) % 7);
      }
      // The hora after the 24th is the next weekday's lord: the weekdays follow from the horas.
      const after = CHALDEAN_ORDER[(CHALDEAN_ORDER.indexOf(h[23]!.planet) + 1) % 7];
      expect(after).toBe(VARAS[v % 7]!.lord);
      expect(h[11]!.endJd).toBeCloseTo(SS, 12);
      expect(h[12]!.startJd).toBeCloseTo(SS, 12);
      expect(h[23]!.endJd).toBeCloseTo(NSR, 12);
      expect(h[0]!.endJd - h[0]!.startJd).toBeCloseTo((SS - SR) / 12, 9);
      expect(h[12]!.endJd - h[12]!.startJd).toBeCloseTo((NSR - SS) / 12, 9);
    }
  });
});

describe("day windows", () => {
  const frame = { sunriseJdUt: SR, sunsetJdUt: SS, nextSunriseJdUt: NSR, previousSunsetJdUt: SS - 1 };
  const eighth = (k: number) => [SR + ((k - 1) * (SS - SR)) / 8, SR + (k * (SS - SR)) / 8];

  it("places Rahu, Gulika and Yamaghanda in the weekday's eighth of daytime", () => {
    const rahu = [8, 2, 7, 5, 6, 4, 3], gulika = [7, 6, 5, 4, 3, 2, 1], yama = [5, 4, 3, 2, 1, 7, 6];
    for (let v = 1; v <= 7; v++) {
      const w = dayWindows(frame, v);
      expect([w.rahuKala.startJd, w.rahuKala.endJd]).toEqual(eighth(rahu[v - 1]!).map((x) => expect.closeTo(x, 10)));
      expect([w.gulikaKala.startJd, w.gulikaKala.endJd]).toEqual(eighth(gulika[v - 1]!).map((x) => expect.closeTo(x, 10)));
      expect([w.yamaghanda.startJd, w.yamaghanda.endJd]).toEqual(eighth(yama[v - 1]!).map((x) => expect.closeTo(x, 10)));
    }
  });

  it("gives Abhijit as the 8th of 15 day muhurtas, absent on Wednesday with the reason", () => {
    const thu = dayWindows(frame, 5);
    expect(thu.abhijitMuhurta!.startJd).toBeCloseTo(SR + (7 * (SS - SR)) / 15, 12);
    expect(thu.abhijitMuhurta!.endJd).toBeCloseTo(SR + (8 * (SS - SR)) / 15, 12);
    const wed = dayWindows(frame, 4);
    expect(wed.abhijitMuhurta).toBeNull();
    expect(wed.abhijitAbsentReason).toMatch(/Wednesday/);
  });

  it("gives Brahma muhurta as the 14th night muhurta before sunrise, and dur muhurtas by weekday", () => {
    const w = dayWindows(frame, 1);
    const m = (SR - (SS - 1)) / 15;
    expect(w.brahmaMuhurta!.startJd).toBeCloseTo(SR - 2 * m, 12);
    expect(w.brahmaMuhurta!.endJd).toBeCloseTo(SR - m, 12);
    expect(w.durMuhurta.map((d) => d.muhurta)).toEqual([14]);
    const tue = dayWindows(frame, 3).durMuhurta;
    expect(tue.map((d) => [d.part, d.muhurta])).toEqual([["day", 4], ["night", 7]]);
    expect(tue[1]!.startJd).toBeCloseTo(SS + (6 * (NSR - SS)) / 15, 12);
    expect(dayWindows({ ...frame, previousSunsetJdUt: null }, 1).brahmaMuhurta).toBeNull();
  });
});

describe("choghadiya of the day containing a moment", () => {
  it("uses that day's sunrise, sunset and next sunrise and its vara; polar days are empty with the reason", () => {
    const delhi = { latDeg: 28.6139, lonDeg: 77.209 };
    const jd = 2460677.0; // 2025-01-01T12:00Z
    const c = choghadiyaAtMoment(jd, delhi, DEFAULT_CONVENTIONS);
    const p = panchangaAtMoment(jd, delhi, DEFAULT_CONVENTIONS, { moonEvents: false });
    expect([c.sunriseJdUt, c.sunsetJdUt, c.nextSunriseJdUt]).toEqual([p.sunriseJdUt, p.sunsetJdUt, p.nextSunriseJdUt]);
    expect(c.varaNumber).toBe(p.vara!.number);
    expect(c.day[0]!.startJd).toBe(p.sunriseJdUt);
    expect(c.hora).toHaveLength(24);
    const polar = choghadiyaAtMoment(2460665.0, { latDeg: 69.65, lonDeg: 18.96 }, DEFAULT_CONVENTIONS);
    expect(polar.day).toHaveLength(0);
    expect(polar.polarReason).toMatch(/polar/);
  });
});
