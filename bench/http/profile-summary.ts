/**
 * Where the time goes in a V8 .cpuprofile (from `main.js --cpu-prof=DIR`):
 *   node dist/bench/http/profile-summary.js FILE.cpuprofile [top=25] [skipSeconds=0]
 * Prints self time by function and by source area (project folder or package), inclusive time
 * by area (the share of samples with that area anywhere on the stack) and of the project's own
 * functions. skipSeconds drops the start (module loading, schema build, warm-up).
 */
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Source area of a script URL: the package under node_modules, the project folder, or node internals. */
export function areaOf(url: string): string {
  if (!url) return "(native/gc/idle)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const proj = /\/dist\/(src\/[^/]+(?:\/[^/]+)?|db|bench)\//.exec(url);
  if (proj) return proj[1]!;
  if (url.startsWith("node:")) return url;
  return url;
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error("usage: profile-summary FILE.cpuprofile [top]");
  const top = Number(process.argv[3] ?? 25);
  const p = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const skipUs = Number(process.argv[4] ?? 0) * 1e6;
  const selfUs = new Map<number, number>();
  let t = 0;
  p.samples.forEach((id, i) => {
    t += p.timeDeltas[i] ?? 0;
    if (t >= skipUs) selfUs.set(id, (selfUs.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

  const fnSelf = new Map<string, number>();
  const areaSelf = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areaInclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.replace(/^.*\/(dist|node_modules)\//, "$1/")}:${n.callFrame.lineNumber + 1}`;
    fnSelf.set(key, (fnSelf.get(key) ?? 0) + us);
    const area = areaOf(n.callFrame.url) || n.callFrame.functionName;
    areaSelf.set(area, (areaSelf.get(area) ?? 0) + us);
    // Inclusive: credit each distinct project function on the stack once.
    const seenAreas = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame;
      const a = f.url ? areaOf(f.url) : "";
      if (a && !seenAreas.has(a)) {
        seenAreas.add(a);
        areaInclusive.set(a, (areaInclusive.get(a) ?? 0) + us);
      }
    }
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame;
      if (!/\/dist\/(src|db)\//.test(f.url)) continue;
      const k = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/dist\//, "")}:${f.lineNumber + 1}`;
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const show = (title: string, m: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(us)} ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  };
  console.log(`profile ${(total / 1e6).toFixed(2)} s of samples`);
  show("self time by area", areaSelf, top);
  show("inclusive time by area", areaInclusive, top);
  show("self time by function", fnSelf, top);
  show("inclusive time, project functions", inclusive, top);
}

main();
