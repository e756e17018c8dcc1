import { describe, expect, it } from "vitest";
import { crossings } from "../../../src/engine/scans/crossings.js";
import { longitudeFn, scanOptionsFor, speedFn } from "../../../src/engine/scans/graha-motion.js";
import { ingresses } from "../../../src/engine/scans/ingresses.js";
import { DEFAULT_CONVENTIONS } from "../../../src/engine/types.js";

/**
 * The true node's sign changes are searched only near the mean node's (scans/ingresses.ts): the
 * windowed search must find exactly what a scan of the whole range finds.
 */
describe("true-node ingresses searched near the mean node's", () => {
  const conv = { ...DEFAULT_CONVENTIONS, node: "true" as const };
  // 2023-06 .. 2026-06: three true-node sign changes (Aries→Pisces 2023-10, Pisces→Aquarius 2025-05 …).
  const start = 2460100.5, end = 2461200.5;

  it("equals a full 0.25-day scan of the range, for Rahu and for Ketu", () => {
    for (const graha of ["rahu", "ketu"] as const) {
      const full = crossings(longitudeFn(graha, conv), Array.from({ length: 12 }, (_, i) => i * 30), start, end,
        scanOptionsFor(graha, conv), speedFn(graha, conv));
      const windowed = ingresses(graha, start, end, conv);
      expect(windowed.length).toBe(full.length);
      expect(windowed.length).toBeGreaterThanOrEqual(2);
      windowed.forEach((w, i) => expect(Math.abs(w.jdUt - full[i]!.jd) * 86400).toBeLessThan(0.01));
    }
  });

  it("lies within 39 days of the mean node's sign change (the bound the windows rely on)", () => {
    const mean = ingresses("rahu", start, end, DEFAULT_CONVENTIONS);
    const trueList = ingresses("rahu", start, end, conv);
    expect(trueList.length).toBeGreaterThanOrEqual(2);
    expect(mean.length).toBeGreaterThanOrEqual(2);
    for (const t of trueList) {
      const nearest = Math.min(...mean.map((m) => Math.abs(m.jdUt - t.jdUt)));
      expect(nearest).toBeLessThan(39);
    }
  });
});
