/**
 * Place search (issue 26): one lookup p99 ≤ 2 ms (prefix, fuzzy and nearest mixed), and what the
 * gazetteer costs: load time and the heap it keeps (measured around the load, after a GC when
 * node runs with --expose-gc).
 */
import { resolveCivilTime } from "../src/engine/time/civil-time.js";
import { parseLocalDateTime } from "../src/engine/time/iso.js";
import { placeIndex } from "../src/places/places.js";
import type { BenchResult } from "./run.js";

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = (): number => {
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/** Real queries of several kinds: full names, prefixes, names with diacritics, misspellings, countries. */
const QUERIES: readonly [string, string | null][] = [
  ["chennai", null], ["munchen", null], ["münchen", null], ["new york", null], ["kolk", null], ["jalandhar", "IN"],
  ["sao paulo", null], ["bengaluru", null], ["chennay", "IN"], ["varanasi", null], ["lond", "GB"], ["zürich", null],
  ["hyderabad", "PK"], ["tirunelveli", null], ["madurai", null], ["ka", "IN"], ["toronto", null], ["lahor", null],
  ["dhaka", null], ["kathmandu", null], ["colombo", null], ["puducherry", null], ["thiruvananthapuram", null], ["sa", null],
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

export async function run(): Promise<BenchResult[]> {
  const before = heapMb();
  const t0 = performance.now();
  const ix = await placeIndex();
  const loadMs = performance.now() - t0;
  const kept = heapMb() - before;
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const [q, country] of QUERIES) {
      const s = performance.now();
      ix.search(q, country, 10);
      times.push(performance.now() - s);
    }
    for (let k = 0; k < 10; k++) {
      const s = performance.now();
      ix.nearest(8 + k * 2.7 + round * 0.13, 70 + k * 1.9 - round * 0.07);
      times.push(performance.now() - s);
    }
  }
  times.sort((a, b) => a - b);
  const civil: number[] = [];
  for (let k = 0; k < 2000; k++) {
    const local = parseLocalDateTime(`19${String(10 + (k % 89)).padStart(2, "0")}-0${1 + (k % 9)}-1${k % 10}T1${k % 10}:30`).localMs;
    const s = performance.now();
    resolveCivilTime(local, k % 2 ? "Asia/Kolkata" : "America/New_York", { lonDeg: 80.27 });
    civil.push(performance.now() - s);
  }
  civil.sort((a, b) => a - b);
  const load = `load average ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")}`;
  return [
    { name: `place lookup p99 (${times.length} lookups: prefix, fuzzy, country, nearest)`, microseconds: percentile(times, 0.99) * 1000, budgetMicroseconds: 2000, note: load },
    { name: "place lookup median", microseconds: percentile(times, 0.5) * 1000 },
    { name: `gazetteer load (${ix.size} places, first use)`, microseconds: loadMs * 1000, note: load },
    { name: "gazetteer heap kept", microseconds: kept, unit: "MB", note: gc ? "after GC" : "run with --expose-gc for a GC'd figure" },
    { name: "local datetime + zone → instant, p99", microseconds: percentile(civil, 0.99) * 1000 },
  ];
}
