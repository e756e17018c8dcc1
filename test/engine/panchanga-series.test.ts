import { describe, expect, it } from "vitest";
import { siderealLongitudeDeg } from "../../src/engine/astro/positions.js";
import { LunisolarSeries } from "../../src/engine/panchanga/lunisolar-series.js";
import { newMoonNear } from "../../src/engine/panchanga/masa.js";
import { findRoot } from "../../src/engine/astro/junction.js";
import { rashiOf } from "../../src/engine/tables/rashis.js";
import { DEFAULT_CONVENTIONS, withDefaults } from "../../src/engine/types.js";
import { clearLunisolarCache } from "../../src/engine/panchanga/lunisolar-chunks.js";

const conv = DEFAULT_CONVENTIONS;
const wrapArcsec = (d: number) => Math.abs(d - 360 * Math.round(d / 360)) * 3600;

describe("the Sun/Moon series the junctions are solved on", () => {
  it("stays within 0.3″ of the exact Moon and 0.05″ of the exact Sun (1900–2100, one-day and year-long windows)", () => {
    let worstMoon = 0, worstSun = 0;
    for (let k = 0; k < 12; k++) {
      const from = 2415020.3 + k * 6151.7;
      const len = k % 3 === 0 ? 40 : 3.6;
      const s = new LunisolarSeries(conv, from, from + len);
      for (let j = 0; j < 9; j++) {
        const jd = from + (len * (j + 0.37)) / 9;
        const { sunDeg, moonDeg } = s.longitudes(jd);
        worstMoon = Math.max(worstMoon, wrapArcsec(moonDeg - siderealLongitudeDeg("moon", jd, conv)));
        worstSun = Math.max(worstSun, wrapArcsec(sunDeg - siderealLongitudeDeg("sun", jd, conv)));
      }
    }
    expect(worstMoon).toBeLessThan(0.3);
    expect(worstSun).toBeLessThan(0.05);
  });

  it("uses few exact evaluations: 2 a day per body when nothing is cached, none for days another window already fitted", () => {
    clearLunisolarCache();
    // 2460676.5 opens a 2-day chunk: two chunks, 5 + 4 nodes (the shared end node once), two bodies.
    expect(new LunisolarSeries(conv, 2460676.5, 2460680.1).exactEvaluations).toBe(18);
    const long = new LunisolarSeries(conv, 2460676.5, 2460676.5 + 60).exactEvaluations;
    expect(long / 60).toBeLessThanOrEqual(4.2);
    // Every place and day inside those 60 days shares the chunks.
    expect(new LunisolarSeries(withDefaults({ month: "purnimanta" }), 2460690.3, 2460694.1).exactEvaluations).toBe(0);
    expect(new LunisolarSeries(conv, 2460700.9, 2460735.2).exactEvaluations).toBe(0);
    // Another ayanamsha is another set of chunks.
    expect(new LunisolarSeries(withDefaults({ ayanamsha: "raman" }), 2460690.3, 2460694.1).exactEvaluations).toBeGreaterThan(0);
  });

  it("finds junctions where the exact angle crosses the boundary, in order, each index one past the last", () => {
    const s = new LunisolarSeries(conv, 2460676.5, 2460676.5 + 10);
    const js = s.junctions("elongation", 12, 2460677, 2460685);
    expect(js.length).toBeGreaterThanOrEqual(7);
    for (let i = 0; i < js.length; i++) {
      const { jd, index } = js[i]!;
      const e = siderealLongitudeDeg("moon", jd, conv) - siderealLongitudeDeg("sun", jd, conv);
      expect(wrapArcsec(e - index * 12)).toBeLessThan(0.5);
      if (i > 0) {
        expect(jd).toBeGreaterThan(js[i - 1]!.jd);
        expect(index).toBe((js[i - 1]!.index + 1) % 30);
      }
    }
  });

  it("places new moons weeks from the window within a minute of the exact ones, with the Sun's rashi right", () => {
    for (let k = 0; k < 6; k++) {
      const from = 2420000.5 + k * 5003.3;
      const s = new LunisolarSeries(conv, from, from + 3.6);
      for (const guess of [from - 20, from + 25]) {
        const nm = newMoonNear(guess, s);
        const elong = (jd: number) => {
          const e = siderealLongitudeDeg("moon", jd, conv) - siderealLongitudeDeg("sun", jd, conv);
          return e - 360 * Math.round(e / 360);
        };
        const exact = findRoot(elong, nm.jdUt - 0.05, nm.jdUt + 0.05);
        expect(Math.abs(nm.jdUt - exact) * 86400).toBeLessThan(60);
        expect(nm.sunRashi).toBe(rashiOf(siderealLongitudeDeg("sun", exact, conv)));
      }
    }
  });
});
