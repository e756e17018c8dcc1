/**
 * `npm run bench`: runs every bench/*.bench.ts module (each exports `run()` returning named
 * figures, microseconds unless a unit is given), prints each with OVER beside a missed budget,
 * and writes the table to dist/bench/results.md. Only `npm run bench -- --record` (or
 * BENCH_RECORD=1) rewrites the tracked bench/results.md. `--only=http-load,panchanga` runs those
 * suites alone. Budgets (docs/architecture.md §11) are measured here, not in timed tests.
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface BenchResult {
  readonly name: string;
  readonly microseconds: number;
  /** Optional budget in µs; the report marks results over it. */
  readonly budgetMicroseconds?: number;
  readonly note?: string;
  /** How to print `microseconds` and its budget: a time (default), MB, or a plain ratio. */
  readonly unit?: "time" | "MB" | "ratio";
}

const here = path.dirname(fileURLToPath(import.meta.url));
// When compiled, this file runs from dist/bench; results go to the source bench/ folder.
const sourceBenchDir = path.resolve(here, here.includes(`${path.sep}dist${path.sep}`) ? "../../bench" : ".");

async function main(): Promise<void> {
  const record = process.argv.includes("--record") || process.env.BENCH_RECORD === "1";
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7).split(",");
  const files = (await readdir(here)).filter((f) => /\.bench\.js$/.test(f))
    .filter((f) => !only || only.includes(f.replace(/\.bench\.js$/, ""))).sort();
  const rows: string[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { run: () => Promise<BenchResult[]> };
    const results = await mod.run();
    for (const r of results) {
      const over = r.budgetMicroseconds !== undefined && r.microseconds > r.budgetMicroseconds;
      const budget = r.budgetMicroseconds !== undefined ? fmt(r.budgetMicroseconds, r.unit) : "";
      const value = fmt(r.microseconds, r.unit);
      rows.push(`| ${file.replace(/\.bench\.js$/, "")} | ${r.name} | ${value} | ${budget} | ${over ? "OVER" : ""} ${r.note ?? ""} |`);
      console.log(`${file}  ${r.name}: ${value}${budget ? ` (budget ${budget})` : ""}${over ? "  OVER" : ""}${r.note ? `  — ${r.note}` : ""}`);
    }
  }
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const md = [
    "# Benchmark results",
    "",
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpu}, ${os.cpus().length} cores, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Times are medians per operation.`,
    "",
    "| suite | operation | median | budget | |",
    "|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
  const out = record ? path.join(sourceBenchDir, "results.md") : path.join(here, "results.md");
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, md);
  console.log(`results written to ${path.relative(process.cwd(), out)}${record ? "" : " (add --record to update bench/results.md)"}`);
}

function fmt(v: number, unit: BenchResult["unit"] = "time"): string {
  if (unit === "MB") return `${v.toFixed(0)} MB`;
  if (unit === "ratio") return v.toFixed(2);
  return v >= 1000 ? `${(v / 1000).toFixed(2)} ms` : `${v.toFixed(1)} µs`;
}

/** Median time of `fn` in µs over `iterations` calls after a warm-up. */
export function medianMicros(fn: () => unknown, iterations = 200, warmup = 20): number {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** medianMicros for a function whose work ends when its promise settles (each call awaited in turn). */
export async function medianMicrosAsync(fn: () => Promise<unknown>, iterations = 200, warmup = 20): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
