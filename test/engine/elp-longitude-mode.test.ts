import { describe, expect, it } from "vitest";
import { vsopToEclipticOfDate } from "../../src/engine/astro/apparent.js";
import { elpMoonState } from "../../src/engine/astro/elp-mpp02.js";

/**
 * The longitude mode of the ELP/MPP02 evaluator (latitude and distance from the smaller rate
 * packing, elp-mpp02.ts) must leave the Moon's longitude of date where the full series put it:
 * the junction searches (tithi, nakshatra, karana) rely on that longitude alone.
 */
describe("ELP/MPP02 longitude mode", () => {
  it("moves the longitude of date by < 1e-6″ over 1900–2100 (3,000 instants)", () => {
    let max = 0;
    for (let i = 0; i < 3000; i++) {
      const jd = 2415020.5 + i * 24.37 + 0.123;
      const m = vsopToEclipticOfDate(jd);
      const lon = (s: { x: number; y: number; z: number }) =>
        (Math.atan2(m[3] * s.x + m[4] * s.y + m[5] * s.z, m[0] * s.x + m[1] * s.y + m[2] * s.z) * 180) / Math.PI;
      max = Math.max(max, Math.abs(lon(elpMoonState(jd, false)) - lon(elpMoonState(jd, false, true))) * 3600);
    }
    console.log(`longitude mode: max |Δλ| = ${max.toExponential(2)}″`);
    expect(max).toBeLessThan(1e-6);
  });
});
