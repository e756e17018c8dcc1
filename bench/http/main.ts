/**
 * The HTTP load bench on its own, with knobs (after `npm run build`):
 *   node dist/bench/http/main.js [--route=panchanga-post|panchanga|panchanga-fixed-tz|ephemeris|ephemeris-sun|health] [--connections=50] [--accounts=50]
 *     [--duration=10] [--warmup=3] [--cpu-prof=DIR] [--workers=2] [--baseline]
 * --node-flags="--a --b" adds node/V8 flags to the service child (its workers inherit them);
 * BENCH_CHILD_STDOUT=1 lets the child print to this terminal (e.g. --node-flags=--trace-gc).
 * --cpu-prof writes the service child's V8 CPU profile (.cpuprofile) into DIR at its exit.
 */
import path from "node:path";
import { describe, LOAD_ROUTES, runPanchangaLoad, type LoadRoute } from "./panchanga-load.js";

function arg(name: string): string | undefined {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit?.slice(name.length + 3);
}
const num = (name: string): number | undefined => (arg(name) === undefined ? undefined : Number(arg(name)));

async function main(): Promise<void> {
  const prof = arg("cpu-prof");
  const route = (arg("route") ?? "panchanga-post") as LoadRoute;
  if (!LOAD_ROUTES.includes(route)) throw new Error(`--route must be one of ${LOAD_ROUTES.join(", ")}`);
  const result = await runPanchangaLoad({
    route,
    connections: num("connections"),
    accounts: num("accounts"),
    durationMs: num("duration") !== undefined ? num("duration")! * 1000 : undefined,
    warmupMs: num("warmup") !== undefined ? num("warmup")! * 1000 : undefined,
    childNodeFlags: [
      ...(prof ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(prof)}`] : []),
      ...(arg("node-flags")?.split(/\s+/).filter(Boolean) ?? []),
    ],
    workers: num("workers"),
    baseline: process.argv.includes("--baseline"),
  });
  console.log(describe(result));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
