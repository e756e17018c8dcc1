/**
 * A/B of HTTP paths within one run (after `npm run build`): each variant is loaded in turn, round
 * after round, the order rotated each round, so a machine whose load drifts (a shared one) hits
 * every variant alike; the medians over rounds are printed with every round's figures.
 *   node dist/bench/http/ab.js --variants=rest=panchanga-post,gql=graphql-panchanga,bare=baseline \
 *     [--rounds=3] [--connections=10] [--duration=8] [--warmup=3] [--workers=2]
 * A variant is label=route, route one of LOAD_ROUTES or `baseline` (the bare node:http server);
 * label=route@/other/dist/src/server/main.js runs another build's service (before/after a change).
 * CPU per request is the service's processes (user + kernel) over the measured requests: unlike
 * wall time it says what the path costs whatever else the machine runs. --gc runs the service (or
 * the baseline) with --trace-gc-nvp and adds, over the measured phase, the bytes allocated and
 * promoted per request and the collections' pauses (count, sum per request, largest).
 *
 * --paired (two gateway variants, e.g. a build before and after a change): both services run at
 * once, each with its own database and `connections` connections, loaded over the same seconds,
 * so whatever else the machine runs weighs on both alike; each round prints both CPU per request
 * and B ÷ A.
 *
 * --alternate (two gateway variants): both services start once and stay up; the load goes to A
 * for --slice seconds, then to B, in the order A B B A A B …, --slices times each. Each service's CPU while loaded, less its
 * idle CPU measured while the other one was loaded (the same minutes of the same machine), per
 * request; the first two slices of each are warm-up (JIT) and not counted. On a machine too
 * loaded for separate runs to agree (load average 20 on 2 cores), this is the A/B that holds.
 */
import os from "node:os";
import { runLoad, type LoadStats } from "./load-generator.js";
import { LOAD_ROUTES, requestFor, runPanchangaLoad, type LoadRoute, type PanchangaLoadResult } from "./panchanga-load.js";
import { startServiceChild, type ServiceChild } from "./service-child.js";

function arg(name: string): string | undefined {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit?.slice(name.length + 3);
}
const num = (name: string, fallback: number): number => (arg(name) === undefined ? fallback : Number(arg(name)));

interface Variant {
  readonly label: string;
  readonly route: LoadRoute;
  readonly baseline: boolean;
  readonly mainJs?: string;
}

function variants(spec: string): Variant[] {
  return spec.split(",").map((v) => {
    const [label, rest] = v.split("=") as [string, string | undefined];
    if (!rest) throw new Error(`--variants: "${v}" is not label=route[@main.js]`);
    const [route, mainJs] = rest.split("@") as [string, string | undefined];
    if (route === "baseline") return { label, route: "panchanga-post", baseline: true };
    if (!LOAD_ROUTES.includes(route as LoadRoute)) throw new Error(`--variants: route must be baseline or one of ${LOAD_ROUTES.join(", ")}`);
    return { label, route: route as LoadRoute, baseline: false, mainJs };
  });
}

interface GcTally {
  allocated: number;
  promoted: number;
  scavenges: number;
  fullGcs: number;
  pauseMs: number;
  maxPauseMs: number;
}

/** Counts --trace-gc-nvp lines while `on` (lines may arrive split across chunks). */
function gcCounter() {
  let on = false;
  let partial = "";
  const t: GcTally = { allocated: 0, promoted: 0, scavenges: 0, fullGcs: 0, pauseMs: 0, maxPauseMs: 0 };
  const field = (line: string, name: string) => Number(new RegExp(`\\b${name}=([0-9.]+)`).exec(line)?.[1] ?? 0);
  return {
    tally: t,
    set: (phase: "start" | "end") => void (on = phase === "start"),
    feed(chunk: string) {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop()!;
      if (!on) return;
      for (const line of lines) {
        const kind = /\bgc=(\w+)/.exec(line)?.[1];
        if (!kind) continue;
        const pause = field(line, "pause");
        t.allocated += field(line, "allocated");
        t.promoted += field(line, "promoted");
        if (kind === "s" || kind === "mmc") t.scavenges++;
        else t.fullGcs++;
        t.pauseMs += pause;
        t.maxPauseMs = Math.max(t.maxPauseMs, pause);
      }
    },
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A and B in alternating slices on services kept warm (see the header). */
async function alternate(vs: Variant[], connections: number, workers: number): Promise<void> {
  if (vs.length !== 2 || vs.some((v) => v.baseline)) throw new Error("--alternate takes two gateway variants");
  const slices = num("slices", 10), sliceMs = num("slice", 3) * 1000;
  const services: ServiceChild[] = [];
  try {
    for (const v of vs) services.push(await startServiceChild({ workers, mainJs: v.mainJs }));
    const accounts = await Promise.all(services.map((s) => s.createAccounts(connections, 1_000_000, 10_000_000)));
    const cpuOf = async (i: number) => (await services[i]!.cpuSeconds()).service;
    // Per slice: for each service, its CPU seconds and the wall ms of that slice; loaded = which one took the load.
    const rows: Array<{ loaded: number; cpu: number[]; ms: number; stats: LoadStats }> = [];
    const seq = [0, 0];
    for (let k = 0; k < slices * 2; k++) {
      // A B B A A B …: a drift over the run (warm-up, the machine's load) weighs on both alike.
      const i = [0, 1, 1, 0][k % 4]!;
      const v = vs[i]!;
      const c0 = [await cpuOf(0), await cpuOf(1)];
      const t0 = performance.now();
      const base = seq[i]!;
      const stats = await runLoad({
        host: services[i]!.host, port: services[i]!.port, connections, warmupMs: 0, durationMs: sliceMs,
        request: (w, s) => ({ ...requestFor(v.route, w, base + s + 1), headers: { "x-api-key": accounts[i]![w % connections]!.apiKey } }),
      });
      seq[i] = base + stats.requests + connections;
      const c1 = [await cpuOf(0), await cpuOf(1)];
      rows.push({ loaded: i, cpu: [c1[0]! - c0[0]!, c1[1]! - c0[1]!], ms: performance.now() - t0, stats });
    }
    const counted = rows.slice(4);
    const idleRate = (i: number) => {
      const others = counted.filter((r) => r.loaded !== i);
      return others.reduce((a, r) => a + r.cpu[i]!, 0) / others.reduce((a, r) => a + r.ms, 0); // CPU s per wall ms
    };
    const perReq: number[][] = [[], []];
    vs.forEach((v, i) => {
      const idle = idleRate(i);
      for (const r of counted.filter((x) => x.loaded === i)) perReq[i]!.push(((r.cpu[i]! - idle * r.ms) * 1000) / r.stats.requests);
      const mine = counted.filter((x) => x.loaded === i);
      const requests = mine.reduce((a, r) => a + r.stats.requests, 0);
      const cpu = mine.reduce((a, r) => a + r.cpu[i]! - idle * r.ms, 0);
      console.log(`${v.label.padEnd(8)} ${requests} requests in ${mine.length} slices, ${(requests / (mine.reduce((a, r) => a + r.ms, 0) / 1000)).toFixed(0)} req/s, ` +
        `p99 by slice ${median(mine.map((r) => r.stats.p99Ms)).toFixed(1)} ms (median), idle ${(idle * 1e6).toFixed(0)} ms/s, ` +
        `CPU/req ${(cpu * 1000 / requests).toFixed(3)} ms (slices: ${perReq[i]!.map((x) => x.toFixed(3)).join(" ")})` +
        (mine.some((r) => r.stats.non2xxCount + r.stats.transportErrors > 0) ? "  ERRORS" : ""));
    });
    const pairs = perReq[0]!.map((a, k) => perReq[1]![k]! / a).filter(Number.isFinite);
    console.log(`${vs[1]!.label} ÷ ${vs[0]!.label} CPU per request: median of slice pairs ${median(pairs).toFixed(3)} ` +
      `(${pairs.map((x) => x.toFixed(2)).join(" ")}), load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
  } finally {
    for (const s of services) await s.stop();
  }
}

/** Both variants served at once and loaded over the same seconds (see the header). */
async function paired(vs: Variant[], rounds: number, connections: number, workers: number): Promise<void> {
  if (vs.length !== 2 || vs.some((v) => v.baseline)) throw new Error("--paired takes two gateway variants");
  const ratios: number[] = [];
  const per: Array<{ cpu: number[]; rps: number[]; p99: number[] }> = vs.map(() => ({ cpu: [], rps: [], p99: [] }));
  for (let r = 0; r < rounds; r++) {
    const services: ServiceChild[] = [];
    try {
      for (const v of vs) services.push(await startServiceChild({ workers, mainJs: v.mainJs }));
      const accounts = await Promise.all(services.map((s) => s.createAccounts(connections, 1_000_000, 10_000_000)));
      // Each service's CPU with no request (timers, pools), subtracted below: at a low request rate it is a large share.
      const idle0 = await Promise.all(services.map(async (s) => (await s.cpuSeconds()).service));
      const t0 = performance.now();
      await new Promise((resolve) => setTimeout(resolve, num("idle", 3) * 1000));
      const idleMsPerSecond = await Promise.all(services.map(async (s, i) => ((await s.cpuSeconds()).service - idle0[i]!) * 1e6 / (performance.now() - t0)));
      const cpu0: number[] = [], cpu1: number[] = [];
      const stats: LoadStats[] = await Promise.all(vs.map((v, i) => runLoad({
        host: services[i]!.host, port: services[i]!.port, connections,
        warmupMs: num("warmup", 3) * 1000, durationMs: num("duration", 8) * 1000,
        request: (w, seq) => ({ ...requestFor(v.route, w, seq + 1), headers: { "x-api-key": accounts[i]![w % connections]!.apiKey } }),
        onMeasureStart: async () => void (cpu0[i] = (await services[i]!.cpuSeconds()).service),
        onMeasureEnd: async () => void (cpu1[i] = (await services[i]!.cpuSeconds()).service),
      })));
      const cpu = stats.map((s, i) => ((cpu1[i]! - cpu0[i]!) * 1000 - (idleMsPerSecond[i]! * s.elapsedMs) / 1000) / s.requests);
      ratios.push(cpu[1]! / cpu[0]!);
      vs.forEach((v, i) => {
        per[i]!.cpu.push(cpu[i]!);
        per[i]!.rps.push(stats[i]!.requestsPerSecond);
        per[i]!.p99.push(stats[i]!.p99Ms);
        const errors = stats[i]!.non2xxCount + stats[i]!.transportErrors;
        console.log(`round ${r + 1} ${v.label.padEnd(8)} ${stats[i]!.requestsPerSecond.toFixed(0).padStart(5)} req/s  p50 ${stats[i]!.p50Ms.toFixed(1)} ` +
          `p99 ${stats[i]!.p99Ms.toFixed(1)} ms  CPU/req ${cpu[i]!.toFixed(3)} ms (net of idle ${idleMsPerSecond[i]!.toFixed(0)} ms/s)${errors ? `  ${errors} ERRORS ${JSON.stringify(stats[i]!.non2xx)}` : ""}`);
      });
      console.log(`round ${r + 1} ${vs[1]!.label} ÷ ${vs[0]!.label} CPU per request ${ratios[r]!.toFixed(3)}, load ${os.loadavg()[0]!.toFixed(1)}`);
    } finally {
      for (const s of services) await s.stop();
    }
  }
  console.log(`\nmedians over ${rounds} paired rounds, ${connections} connections each, WORKERS=${workers}:`);
  vs.forEach((v, i) => console.log(`${v.label.padEnd(8)} ${median(per[i]!.rps).toFixed(0)} req/s  p99 ${median(per[i]!.p99).toFixed(1)} ms  CPU/req ${median(per[i]!.cpu).toFixed(3)} ms`));
  console.log(`${vs[1]!.label} ÷ ${vs[0]!.label} CPU per request: median ${median(ratios).toFixed(3)} (rounds ${ratios.map((x) => x.toFixed(3)).join(", ")})`);
}

async function main(): Promise<void> {
  const vs = variants(arg("variants") ?? "rest=panchanga-post,bare=baseline");
  const rounds = num("rounds", 3);
  const connections = num("connections", 10);
  const workers = num("workers", 2);
  if (process.argv.includes("--paired")) return paired(vs, rounds, connections, workers);
  if (process.argv.includes("--alternate")) return alternate(vs, connections, workers);
  const gc = process.argv.includes("--gc");
  const results = new Map<string, PanchangaLoadResult[]>(vs.map((v) => [v.label, []]));
  const gcs = new Map<string, GcTally[]>(vs.map((v) => [v.label, []]));
  for (let r = 0; r < rounds; r++) {
    const order = vs.map((_, i) => vs[(i + r) % vs.length]!);
    for (const v of order) {
      const counter = gcCounter();
      const res = await runPanchangaLoad({
        route: v.route, baseline: v.baseline, mainJs: v.mainJs, connections, workers,
        durationMs: num("duration", 8) * 1000, warmupMs: num("warmup", 3) * 1000, idleMs: num("idle", 3) * 1000,
        ...(gc ? { childNodeFlags: ["--trace-gc-nvp"], childStdout: counter.feed, onMeasure: counter.set } : {}),
      });
      if (res.skipped) throw new Error(res.skipped);
      const s = res.stats!, c = res.cpuMsPerRequest!;
      const net = netCpu(res);
      const errors = s.non2xxCount + s.transportErrors;
      console.log(`round ${r + 1} ${v.label.padEnd(8)} ${s.requestsPerSecond.toFixed(0).padStart(5)} req/s  p50 ${s.p50Ms.toFixed(1)} p99 ${s.p99Ms.toFixed(1)} ms  ` +
        `CPU/req service ${c.service.toFixed(3)} (kernel ${c.serviceSystem.toFixed(3)}; idle ${res.idleCpuMsPerSecond?.toFixed(0)} ms/s → net ${net.toFixed(3)}) PG ${c.postgres.toFixed(3)} ms  ` +
        `load ${res.loadAvgBefore.toFixed(1)}→${res.loadAvgAfter!.toFixed(1)}${errors ? `  ${errors} ERRORS ${JSON.stringify(s.non2xx)}` : ""}`);
      if (gc) console.log(`        ${gcLine(counter.tally, s.requests)}`);
      results.get(v.label)!.push(res);
      gcs.get(v.label)!.push(counter.tally);
    }
  }
  console.log(`\nmedians over ${rounds} rounds, ${connections} connections, WORKERS=${workers}, ${os.cpus().length} cores:`);
  for (const v of vs) {
    const rs = results.get(v.label)!;
    const m = (f: (r: PanchangaLoadResult) => number) => median(rs.map(f));
    console.log(`${v.label.padEnd(8)} ${m((r) => r.stats!.requestsPerSecond).toFixed(0).padStart(5)} req/s  p50 ${m((r) => r.stats!.p50Ms).toFixed(1)} ` +
      `p99 ${m((r) => r.stats!.p99Ms).toFixed(1)} ms  CPU/req service ${m((r) => r.cpuMsPerRequest!.service).toFixed(3)} ` +
      `(kernel ${m((r) => r.cpuMsPerRequest!.serviceSystem).toFixed(3)}, net of idle ${m(netCpu).toFixed(3)}) PG ${m((r) => r.cpuMsPerRequest!.postgres).toFixed(3)} ms`);
    if (gc) {
      const g = gcs.get(v.label)!;
      const per = (f: (t: GcTally) => number) => median(g.map((t, i) => f(t) / rs[i]!.stats!.requests));
      console.log(`         allocated ${(per((t) => t.allocated) / 1024).toFixed(0)} KB/req, promoted ${(per((t) => t.promoted) / 1024).toFixed(1)} KB/req, ` +
        `GC pause ${per((t) => t.pauseMs).toFixed(3)} ms/req, largest ${median(g.map((t) => t.maxPauseMs)).toFixed(1)} ms, ` +
        `full GCs ${median(g.map((t) => t.fullGcs))}`);
    }
  }
}

/** Service CPU per request less what the service spends idle over the same time. */
function netCpu(r: PanchangaLoadResult): number {
  const s = r.stats!;
  return r.cpuMsPerRequest!.service - ((r.idleCpuMsPerSecond ?? 0) * s.elapsedMs) / 1000 / s.requests;
}

function gcLine(t: GcTally, requests: number): string {
  return `GC: allocated ${(t.allocated / requests / 1024).toFixed(0)} KB/req, promoted ${(t.promoted / requests / 1024).toFixed(1)} KB/req, ` +
    `${t.scavenges} scavenges, ${t.fullGcs} full, pauses ${(t.pauseMs / requests).toFixed(3)} ms/req (largest ${t.maxPauseMs.toFixed(1)} ms)`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
