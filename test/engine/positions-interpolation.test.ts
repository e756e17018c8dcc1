import { describe, expect, it } from "vitest";
import { siderealLongitudeDeg, siderealLongitudeForSearchDeg } from "../../src/engine/astro/positions.js";
import { GRAHAS, withDefaults } from "../../src/engine/types.js";

const wrapArcsec = (deg: number) => Math.abs(deg - 360 * Math.round(deg / 360)) * 3600;

describe("siderealLongitudeForSearchDeg (Chebyshev blocks)", () => {
  it("agrees with siderealLongitudeDeg within 1e-4″ for every graha, both node kinds, 1800–2400", () => {
    let max = 0;
    // A deterministic spread of instants: block starts, middles and ends included.
    const jds: number[] = [];
    for (let i = 0; i < 24; i++) jds.push(2378497.0 + i * 9131.37);
    jds.push(2460676.5, 2460677.0, 2460677.999999, 2460680.0);
    for (const conv of [withDefaults(), withDefaults({ node: "true", ayanamsha: "raman" })]) {
      for (const g of GRAHAS) {
        for (const jd of jds) {
          const d = wrapArcsec(siderealLongitudeForSearchDeg(g, jd, conv) - siderealLongitudeDeg(g, jd, conv));
          max = Math.max(max, d);
        }
      }
    }
    console.log(`interpolated vs direct: max ${max.toExponential(2)}″`);
    expect(max).toBeLessThan(1e-4);
  });

  it("is deterministic: an answer does not depend on what was asked before", () => {
    const conv = withDefaults();
    const first = siderealLongitudeForSearchDeg("moon", 2451545.25, conv);
    for (let i = 0; i < 40; i++) siderealLongitudeForSearchDeg("moon", 2460000 + i, conv); // evict
    expect(siderealLongitudeForSearchDeg("moon", 2451545.25, conv)).toBe(first);
  });
});

describe("preloadSeries", () => {
  it("loads every series up front without changing any answer", async () => {
    const { preloadSeries } = await import("../../src/engine/astro/positions.js");
    const conv = withDefaults();
    const before = siderealLongitudeDeg("saturn", 2460000.5, conv);
    preloadSeries();
    expect(siderealLongitudeDeg("saturn", 2460000.5, conv)).toBe(before);
  });
});
