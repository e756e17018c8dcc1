/**
 * A moment's limb elements and vara without its day (elementsAtMoment, varaAtMoment: what a query
 * for `panchanga { tithi { name } vara { name } }` computes) equal the whole day's, field for field:
 * random moments and places (polar ones included), moments a second either side of junctions and
 * sunrises, and the conventions that change the series (ayanamsha) or the sunrise (disc centre).
 */
import { describe, expect, it } from "vitest";
import { sunEventsInWindow } from "../../src/engine/astro/rise-set.js";
import { elementsAtMoment, panchangaAtMoment, varaAtMoment } from "../../src/engine/panchanga/panchanga-day.js";
import { DEFAULT_CONVENTIONS, withDefaults, type Conventions, type Place } from "../../src/engine/types.js";
import { rng } from "../helpers/rng.js";

const SEC = 1 / 86400;

function expectSame(jd: number, place: Place, conv: Conventions): void {
  const day = panchangaAtMoment(jd, place, conv, { moonEvents: false, windows: false });
  const e = elementsAtMoment(jd, conv);
  const { tithi, nakshatra, yoga, karana, paksha, sun, moon, ayana } = day;
  expect(e, `jd ${jd} at ${place.latDeg},${place.lonDeg}`).toEqual({ tithi, nakshatra, yoga, karana, paksha, sun, moon, ayana });
  expect(varaAtMoment(jd, place, conv), `vara at jd ${jd} at ${place.latDeg},${place.lonDeg}`).toEqual(day.vara);
}

describe("elements and vara at a moment, without the day", () => {
  it("equal the day's at 300 random moments (1900–2100) and places from 70° S to 70° N", () => {
    const r = rng(24);
    for (let i = 0; i < 300; i++) {
      const place = { latDeg: -70 + 140 * r(), lonDeg: -180 + 360 * r() };
      expectSame(2415020 + r() * 73000, place, DEFAULT_CONVENTIONS);
    }
  });

  it("equal the day's a second either side of tithi, nakshatra and yoga junctions", () => {
    const place = { latDeg: 28.6139, lonDeg: 77.209 };
    const r = rng(7);
    for (let i = 0; i < 20; i++) {
      const day = panchangaAtMoment(2451545 + r() * 9000, place, DEFAULT_CONVENTIONS, { moonEvents: false, windows: false });
      for (const span of [day.tithi, day.nakshatra, day.yoga]) {
        for (const jd of [span.startJd - SEC, span.startJd + SEC, span.endJd - SEC, span.endJd + SEC]) expectSame(jd, place, DEFAULT_CONVENTIONS);
      }
    }
  });

  it("take the vara from the right sunrise a second either side of it, and in polar day and night (Tromsø, Svalbard)", () => {
    const places: Place[] = [{ latDeg: 28.6139, lonDeg: 77.209 }, { latDeg: 69.65, lonDeg: 18.96 }, { latDeg: 78.22, lonDeg: 15.65 }, { latDeg: -54.8, lonDeg: -68.3 }];
    for (const place of places) {
      for (let k = 0; k < 24; k++) {
        const from = 2460311 + k * 15.3; // through 2024, every 15.3 days
        const sr = sunEventsInWindow(from, place, DEFAULT_CONVENTIONS, 1).sunriseJdUt;
        for (const jd of sr === null ? [from, from + 0.5] : [sr - SEC, sr + SEC, sr + 0.5]) expectSame(jd, place, DEFAULT_CONVENTIONS);
      }
    }
  });

  it("follow the conventions: another ayanamsha and the disc-centre sunrise", () => {
    const r = rng(99);
    for (const conv of [withDefaults({ ayanamsha: "raman" }), withDefaults({ sunrise: "disc_center" })]) {
      for (let i = 0; i < 30; i++) expectSame(2451545 + r() * 9000, { latDeg: -50 + 100 * r(), lonDeg: -180 + 360 * r() }, conv);
    }
  });
});
