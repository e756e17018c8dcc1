/**
 * formatIso's arithmetic path (years 0000–9999, no Date) against its Date path, which is the
 * definition: the same text for instants spread over the whole range, at day, second and
 * half-second edges, in whole, half-hour and seconds-bearing offsets (tz mean times).
 */
import { describe, expect, it } from "vitest";
import { formatIso, formatIsoByDate } from "../../src/engine/time/iso.js";

const OFFSETS = [0, 330, -300, 345, 525, -570, 840, -720, 321 + 10 / 60, -(17 + 30 / 60)];
const DAY_MS = 86_400_000;
/** A small deterministic generator (mulberry32), so a failure names a reproducible instant. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("formatIso", () => {
  it("matches the Date path for 200,000 instants from year −3000 to 12000 in ten offsets", () => {
    const next = rng(22);
    const from = Date.UTC(-3000, 0, 1), to = Date.UTC(12000, 0, 1);
    let checked = 0, fast = 0;
    for (let i = 0; i < 200_000; i++) {
      const unixMs = from + next() * (to - from);
      const offset = OFFSETS[i % OFFSETS.length]!;
      const text = formatIso(unixMs, offset);
      expect(text, `${unixMs} at ${offset}`).toBe(formatIsoByDate(unixMs, offset));
      if (/^\d{4}-/.test(text)) fast += 1;
      checked += 1;
    }
    expect(checked).toBe(200_000);
    // Most of the sample lies in 0000–9999, where the arithmetic path answers.
    expect(fast).toBeGreaterThan(120_000);
  });

  it("matches at the edges: midnights, leap days, half seconds, the ends of 0000–9999", () => {
    const cases: number[] = [];
    for (const y of [0, 1, 4, 99, 100, 400, 1582, 1600, 1900, 1970, 2000, 2024, 2100, 9999, 10000, -1]) {
      for (const [mo, d] of [[0, 1], [1, 28], [1, 29], [2, 1], [11, 31]] as const) {
        const date = new Date(0);
        date.setUTCFullYear(y, mo, d);
        date.setUTCHours(0, 0, 0, 0);
        const t = date.getTime();
        cases.push(t, t - 1, t - 500, t + 499.999, t - 500.001, t + DAY_MS - 500, t + 0.5);
      }
    }
    let checked = 0;
    for (const t of cases) {
      for (const offset of OFFSETS) {
        expect(formatIso(t, offset), `${t} at ${offset}`).toBe(formatIsoByDate(t, offset));
        checked += 1;
      }
    }
    expect(checked).toBe(cases.length * OFFSETS.length);
    expect(formatIso(Date.UTC(2024, 0, 15, 1, 12, 17), 330)).toBe("2024-01-15T06:42:17+05:30");
    expect(formatIso(Number.NaN, 0)).toBe(formatIsoByDate(Number.NaN, 0));
  });
});
