/**
 * `npm run bench`: runs every bench/*.bench.ts module (each exports `run()` returning
 * named timings in microseconds) and writes bench/results.md with the machine described.
 * Budgets (docs/architecture.md §11) are measured here, not in timed tests.
 */
import { readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface BenchResult {
  readonly name: string;
  readonly microseconds: number;
  /** Optional budget in µs; the report marks results over it. */
  readonly budgetMicroseconds?: number;
  readonly note?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
// When compiled, this file runs from dist/bench; results go to the source bench/ folder.
const sourceBenchDir = path.resolve(here, here.includes(`${path.sep}dist${path.sep}`) ? "../../bench" : ".");

async function main(): Promise<void> {
  const files = (await readdir(here)).filter((f) => /\.bench\.js$/.test(f)).sort();
  const rows: string[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { run: () => Promise<BenchResult[]> };
    const results = await mod.run();
    for (const r of results) {
      const over = r.budgetMicroseconds !== undefined && r.microseconds > r.budgetMicroseconds;
      const budget = r.budgetMicroseconds !== undefined ? fmt(r.budgetMicroseconds) : "";
      rows.push(`| ${file.replace(/\.bench\.js$/, "")} | ${r.name} | ${fmt(r.microseconds)} | ${budget} | ${over ? "OVER" : ""} ${r.note ?? ""} |`);
      console.log(`${file}  ${r.name}: ${fmt(r.microseconds)}${budget ? ` (budget ${budget})` : ""}`);
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
  await writeFile(path.join(sourceBenchDir, "results.md"), md);
}

function fmt(us: number): string {
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`;
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
