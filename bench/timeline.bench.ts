/**
 * Lifetime Saturn timeline (issue 28 budget: ≤ 20 ms cold): every Sade Sati, Kantaka and Ashtama
 * Shani stay 1900–2100 for one natal Moon sign. Nothing is cached between calls (each call scans
 * the whole table); "first call" also decodes the table.
 */
import { PASSAGES_MAX_JD_UT, PASSAGES_MIN_JD_UT, saturnPassages } from "../src/engine/timeline/saturn-passages.js";
import { medianMicros, type BenchResult } from "./run.js";

export async function run(): Promise<BenchResult[]> {
  const t0 = performance.now();
  saturnPassages(1, PASSAGES_MIN_JD_UT, PASSAGES_MAX_JD_UT);
  const first = (performance.now() - t0) * 1000;
  let m = 0;
  const us = medianMicros(() => saturnPassages((m++ % 12) + 1, PASSAGES_MIN_JD_UT, PASSAGES_MAX_JD_UT), 40, 5);
  return [
    { name: "lifetime Sade Sati + Kantaka + Ashtama Shani 1900–2100, first call (table decoded)", microseconds: first, budgetMicroseconds: 20_000 },
    { name: "lifetime Sade Sati + Kantaka + Ashtama Shani 1900–2100, each call a full scan", microseconds: us, budgetMicroseconds: 20_000 },
  ];
}
