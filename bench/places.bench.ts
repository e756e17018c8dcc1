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

/** CPU time of this process (all its threads), ms: unlike the wall clock it does not count the time another process had the core. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function run(): Promise<BenchResult[]> {
  const before = heapMb();
  const rssBefore = process.memoryUsage().rss / 2 ** 20;
  const t0 = performance.now();
  const c0 = cpuMs();
  const ix = await placeIndex();
  const loadMs = performance.now() - t0;
  const loadCpuMs = cpuMs() - c0;
  const kept = heapMb() - before;
  const rssKept = process.memoryUsage().rss / 2 ** 20 - rssBefore;
  const times: number[] = [];
  const cpu: number[] = [];
  const byKind = new Map<string, number[]>();
  const timed = (kind: string, fn: () => unknown): void => {
    const c = cpuMs();
    const s = performance.now();
    fn();
    times.push(performance.now() - s);
    const used = cpuMs() - c;
    cpu.push(used);
    byKind.set(kind, [...(byKind.get(kind) ?? []), used]);
  };
  for (let round = 0; round < 50; round++) {
    for (const [q, country] of QUERIES) timed(`${q}${country ? "/" + country : ""}`, () => ix.search(q, country, 10));
    for (let k = 0; k < 10; k++) timed("nearest", () => ix.nearest(8 + k * 2.7 + round * 0.13, 70 + k * 1.9 - round * 0.07));
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const slowest = [...byKind].map(([k, v]) => [k, percentile([...v].sort((a, b) => a - b), 0.5)] as const)
    .sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, m]) => `${k} ${(m * 1000).toFixed(0)} µs`).join(", ");
  gc?.();
  await new Promise((r) => setTimeout(r, 2000));
  gc?.();
  const rssAfterGc = process.memoryUsage().rss / 2 ** 20 - rssBefore;
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
    { name: `place lookup p99 (${times.length} lookups: prefix, fuzzy, country, nearest), wall clock`, microseconds: percentile(times, 0.99) * 1000, budgetMicroseconds: 2000, note: load },
    { name: "place lookup median", microseconds: percentile(times, 0.5) * 1000 },
    { name: "place lookup p99, CPU time (what the lookup itself costs, whatever the load)", microseconds: percentile(cpu, 0.99) * 1000, budgetMicroseconds: 2000 },
    { name: "place lookup max, CPU time", microseconds: cpu[cpu.length - 1]! * 1000, note: `slowest medians: ${slowest}` },
    { name: `gazetteer load (${ix.size} places, first use, yielding to the event loop)`, microseconds: loadMs * 1000, note: load },
    { name: "gazetteer load, CPU time", microseconds: loadCpuMs * 1000 },
    { name: "gazetteer heap kept", microseconds: kept, unit: "MB", note: gc ? "after GC" : "run with --expose-gc for a GC'd figure" },
    { name: "gazetteer resident memory added (RSS), right after the load", microseconds: rssKept, unit: "MB" },
    { name: "gazetteer resident memory added (RSS), after the lookups, GC and 2 s", microseconds: rssAfterGc, unit: "MB" },
    { name: "local datetime + zone → instant, p99", microseconds: percentile(civil, 0.99) * 1000 },
  ];
}
