import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { siderealLongitudeDeg } from "../../src/engine/astro/positions.js";
import type { LimbName, LimbSpan } from "../../src/engine/panchanga/limb-spans.js";
import { findMuhurtaWindows } from "../../src/engine/muhurta/muhurta-windows.js";
import { panchangaAtMoment, panchangaForDate, type PanchangaDay } from "../../src/engine/panchanga/panchanga-day.js";
import { panchangaRange } from "../../src/engine/panchanga/panchanga-range.js";
import { jdFromUnixMs } from "../../src/engine/time/julian.js";
import { instantFromJdUt } from "../../src/engine/time/instant.js";
import { DEFAULT_CONVENTIONS, withDefaults, type Place } from "../../src/engine/types.js";
import { rng } from "../helpers/rng.js";

/**
 * One junction, one instant (docs/architecture.md §3): a limb's end is the same instant
 * whichever day, range or search computes it, it is the root of the exact Sun/Moon angle, and
 * the panchanga asked at that instant already gives the new element.
 */
const conv = DEFAULT_CONVENTIONS;
const LIMBS: readonly LimbName[] = ["tithi", "nakshatra", "yoga", "karana"];
const SEC = 1 / 86400;
const PLACES: readonly { name: string; place: Place; tzMin: number }[] = [
  { name: "Kolkata", place: { latDeg: 22.5726, lonDeg: 88.3639 }, tzMin: 330 },
  { name: "New Delhi", place: { latDeg: 28.6139, lonDeg: 77.209 }, tzMin: 330 },
  { name: "London", place: { latDeg: 51.5074, lonDeg: -0.1278 }, tzMin: 0 },
  { name: "New York", place: { latDeg: 40.7128, lonDeg: -74.006 }, tzMin: -300 },
  { name: "Sydney", place: { latDeg: -33.8688, lonDeg: 151.2093 }, tzMin: 600 },
  { name: "Kathmandu", place: { latDeg: 27.7172, lonDeg: 85.324 }, tzMin: 345 },
];

/** The date's local 00:00 as a Julian day UT. */
function localDayStartJd(date: string, tzMin: number): number {
  return jdFromUnixMs(Date.parse(`${date}T00:00:00Z`) - tzMin * 60_000);
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const spanOf = (d: PanchangaDay, el: LimbName): LimbSpan => d[el];
const id = (s: LimbSpan) => (s.element === "karana" ? s.halfTithi! : s.number);

describe("one junction, one instant", () => {
  it("Kolkata 2092-04-23: tithi 18 ends at one instant whether 04-23 or 04-24 reports it", () => {
    const { place } = PLACES[0]!;
    const d1 = panchangaForDate(localDayStartJd("2092-04-23", 330), place, conv);
    const d2 = panchangaForDate(localDayStartJd("2092-04-24", 330), place, conv);
    // 04-23 lists tithi 18 as its last tithi (it runs past the next sunrise); 04-24 opens in it.
    const t18 = d1.transitions.filter((t) => t.element === "tithi").at(-1)!;
    expect(t18.number).toBe(18);
    expect(d2.tithi.number).toBe(18);
    // The issue measured 15:23:07.791Z and 15:23:08.595Z from the two days; now there is one instant.
    expect(d2.tithi.endJd).toBe(t18.endJd);
    expect(d2.tithi.startJd).toBe(t18.startJd);
    expect(Math.abs(t18.endJd - jdFromUnixMs(Date.parse("2092-04-24T15:23:08Z"))) / SEC).toBeLessThan(1.5);
    const t19 = d2.transitions.find((t) => t.element === "tithi" && t.number === 19)!;
    expect(t19.startJd).toBe(t18.endJd);
    expect(panchangaAtMoment(t18.endJd, place, conv).tithi.number).toBe(19);
  });

  it("gives identical start and end instants for every element two consecutive days both list (6 places × 120 days)", () => {
    const r = rng(9001);
    let shared = 0;
    for (const { name, place, tzMin } of PLACES) {
      for (let n = 0; n < 20; n++) {
        // Six consecutive days from a random date 1900–2100.
        const startMs = Date.UTC(1900 + Math.floor(r() * 200), Math.floor(r() * 12), 1 + Math.floor(r() * 28));
        let prev: PanchangaDay | undefined;
        for (let k = 0; k < 6; k++) {
          const day = panchangaForDate(localDayStartJd(dateOf(startMs + k * 86_400_000), tzMin), place, conv);
          if (prev) {
            for (const t of day.transitions) {
              const same = prev.transitions.find((p) => p.element === t.element && id(p) === id(t) && Math.abs(p.startJd - t.startJd) < 0.5);
              if (!same) continue;
              expect(same.startJd, `${name} ${t.element} ${id(t)} start`).toBe(t.startJd);
              expect(same.endJd, `${name} ${t.element} ${id(t)} end`).toBe(t.endJd);
              shared++;
            }
            // The element running at one day's end is the one running at the next day's sunrise.
            for (const el of LIMBS) {
              const last = prev.transitions.filter((t) => t.element === el).at(-1)!;
              expect(id(spanOf(day, el)), `${name} ${el}`).toBe(id(last));
              expect(spanOf(day, el).endJd).toBe(last.endJd);
            }
          }
          prev = day;
        }
      }
    }
    expect(shared).toBeGreaterThan(1000);
  });

  it("a range lists the same junction instants as the days asked one by one", () => {
    const { place, tzMin } = PLACES[1]!;
    const start = localDayStartJd("2031-10-02", tzMin);
    const range = panchangaRange(instantFromJdUt(start), instantFromJdUt(start + 20), place, conv);
    expect(range.length).toBeGreaterThanOrEqual(20);
    for (const day of range) {
      const single = panchangaAtMoment(day.sunriseJdUt! + 1e-6, place, conv);
      expect(single.transitions.map((t) => [t.element, t.startJd, t.endJd])).toEqual(
        day.transitions.map((t) => [t.element, t.startJd, t.endJd]),
      );
    }
    // Muhurta windows cut days at the same junction instants.
    const mw = findMuhurtaWindows({ place, from: instantFromJdUt(start), type: "marriage", days: 20, conv });
    const junctions = new Set(range.flatMap((d) => d.transitions.flatMap((t) => [t.startJd, t.endJd])));
    const sunrises = new Set(range.flatMap((d) => [d.sunriseJdUt, d.nextSunriseJdUt]));
    for (const w of mw.windows) {
      for (const edge of [w.startJd, w.endJd]) {
        if (sunrises.has(edge) || edge === start || edge === start + 20) continue;
        const onJunction = junctions.has(edge);
        const onKalam = range.some((d) => d.windows && Math.min(Math.abs(d.windows.rahuKala.startJd - edge), Math.abs(d.windows.rahuKala.endJd - edge)) < 1e-9);
        expect(onJunction || onKalam, `window edge ${edge}`).toBe(true);
      }
    }
  });

  it("asked at an element's end instant, the panchanga gives the new element (480+ queries)", () => {
    const r = rng(4242);
    let queries = 0;
    for (let n = 0; n < 125; n++) {
      const { place } = PLACES[n % PLACES.length]!;
      const jd = 2415020.5 + r() * 73000;
      const day = panchangaAtMoment(jd, place, n % 5 === 0 ? withDefaults({ ayanamsha: "raman" }) : conv);
      for (const el of LIMBS) {
        const old = spanOf(day, el);
        const at = panchangaAtMoment(old.endJd, place, day.conventions);
        const now = spanOf(at, el);
        expect(now.startJd, `${el} at ${old.endJd}`).toBe(old.endJd);
        expect(id(now), el).not.toBe(id(old));
        if (el === "nakshatra") expect(at.nakshatra.pada).toBe(1);
        // A microsecond earlier it is still the old element.
        expect(id(spanOf(panchangaAtMoment(old.endJd - 1e-6 / 86400 * 1000, place, day.conventions), el))).toBe(id(old));
        queries++;
      }
    }
    expect(queries).toBeGreaterThanOrEqual(480);
  });

  it("every reported end is within 0.05 s of the exact root of its Sun/Moon angle", () => {
    const r = rng(77);
    let worstS = 0;
    let ends = 0;
    const rate: Record<LimbName, number> = { tithi: 12.2, karana: 12.2, nakshatra: 13.2, yoga: 14.2 }; // mean °/day
    for (let n = 0; n < 40; n++) {
      const { place } = PLACES[n % PLACES.length]!;
      const day = panchangaAtMoment(2415020.5 + r() * 73000, place, conv);
      for (const t of day.transitions) {
        const jd = t.endJd;
        const m = siderealLongitudeDeg("moon", jd, conv), s = siderealLongitudeDeg("sun", jd, conv);
        const angle = t.element === "nakshatra" ? m : t.element === "yoga" ? m + s : m - s;
        const span = t.element === "tithi" ? 12 : t.element === "karana" ? 6 : 360 / 27;
        const off = angle / span - Math.round(angle / span);
        worstS = Math.max(worstS, (Math.abs(off) * span) / rate[t.element] * 86400);
        ends++;
      }
    }
    // Each day lists at least one end of each of the four limbs (the worst above is over them all).
    expect(ends).toBeGreaterThanOrEqual(40 * 4);
    console.log(`worst distance of a reported end from the exact root: ${worstS.toFixed(3)} s`);
    expect(worstS).toBeLessThan(0.05);
  });
});

describe("limb ends against the Swiss Ephemeris reference (400 city-days, 1907–2100)", () => {
  interface Case {
    id: string;
    lat: number;
    lon: number;
    local_day_start_jd_ut: number;
    at_anchor: Record<string, number | string>;
    ends: Record<LimbName, { end_jd_ut: number; index: number }>;
  }
  const cases = (
    JSON.parse(readFileSync(new URL("../fixtures/swisseph-sunrise-panchanga.json", import.meta.url), "utf8")) as { cases: Case[] }
  ).cases;

  it("puts every end within 0.3 s of the reference", () => {
    let worst = 0;
    let n = 0;
    for (const c of cases) {
      const d = panchangaForDate(c.local_day_start_jd_ut, { latDeg: c.lat, lonDeg: c.lon }, conv);
      for (const el of LIMBS) {
        if ((c.at_anchor[`${el}_margin_arcsec`] as number) <= 3.5) continue;
        worst = Math.max(worst, Math.abs(d[el].endJd - c.ends[el].end_jd_ut) / SEC);
        n++;
      }
    }
    console.log(`limb ends vs Swiss Ephemeris: worst ${worst.toFixed(3)} s over ${n}`);
    expect(n).toBeGreaterThan(1500);
    expect(worst).toBeLessThan(0.3);
  });
});
