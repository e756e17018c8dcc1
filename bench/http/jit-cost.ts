/**
 * graphql-js execute vs graphql-jit (compiled once) on the REST POST /panchanga document, in-process,
 * same schema, same resolvers, a fresh request context each call (issue 10, item 3 of the REST path).
 * Interleaved rounds, minimum CPU per call of each (robust to a shared machine); the difference
 * is the GraphQL execution layer, the engine being the same work in both. Also checks that both
 * answer the same JSON for every day measured.
 *   node dist/bench/http/jit-cost.js [n=300] [rounds=7]
 */
import "reflect-metadata";
import { isDeepStrictEqual } from "node:util";
import { execute, parse, validate, type ExecutionResult } from "graphql";
import { compileQuery, isCompiledQuery } from "graphql-jit";
import { createGraphQLContext } from "../../src/resolvers/context.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { panchangaPostRoute } from "../../src/rest-compat/routes/panchanga-route.js";

const DAY_MS = 86_400_000;
const START_MS = Date.UTC(2025, 0, 1);
const CITIES = [[28.6139, 77.209], [19.076, 72.8777], [51.5074, -0.1278], [40.7128, -74.006], [-33.8688, 151.2093]] as const;

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 300);
  const rounds = Number(process.argv[3] ?? 7);
  const schema = await buildAppSchema();
  const document = parse(panchangaPostRoute.document);
  const problems = validate(schema, document);
  if (problems.length > 0) throw problems[0];
  const compiled = compileQuery(schema, document, undefined, { disablingCapturingStackErrors: true });
  if (!isCompiledQuery(compiled)) throw new Error("does not compile");
  const vars = (i: number) => {
    const c = CITIES[i % CITIES.length]!;
    const date = new Date(START_MS + (i % 366) * DAY_MS).toISOString().slice(0, 10);
    return { datetime: `${date}T06:30:00+05:30`, latitude: c[0], longitude: c[1], at: "MOMENT", tz: null };
  };
  const ctx = () => createGraphQLContext({ requestId: "bench" });
  const viaJs = (i: number) => execute({ schema, document, variableValues: vars(i), contextValue: ctx() }) as Promise<ExecutionResult> | ExecutionResult;
  const viaJit = (i: number) => compiled.query(undefined, ctx(), vars(i)) as Promise<ExecutionResult> | ExecutionResult;

  // Same answers (data and errors) for every day and place measured.
  for (let i = 0; i < 366; i++) {
    const [a, b] = [await viaJs(i), await viaJit(i)];
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)))) throw new Error(`answers differ at ${i}`);
  }
  const cpuPerCall = async (op: (i: number) => unknown, offset: number) => {
    const t0 = process.cpuUsage();
    for (let i = 0; i < n; i++) await op(i + offset);
    const t = process.cpuUsage(t0);
    return (t.user + t.system) / 1000 / n;
  };
  let js = Infinity, jit = Infinity;
  for (let r = 0; r < rounds; r++) {
    // Alternating which goes first, so neither always runs right after the other's garbage.
    if (r % 2 === 0) js = Math.min(js, await cpuPerCall(viaJs, r * 7));
    jit = Math.min(jit, await cpuPerCall(viaJit, r * 7));
    if (r % 2 === 1) js = Math.min(js, await cpuPerCall(viaJs, r * 7));
  }
  console.log(`POST /panchanga document, ${n} calls × ${rounds} rounds, min CPU per call: graphql-js ${js.toFixed(3)} ms, graphql-jit ${jit.toFixed(3)} ms, saved ${(js - jit).toFixed(3)} ms`);
  // The same day in one shared context: the engine's memo answers, what remains is GraphQL and the resolvers.
  const shared = ctx();
  const jsWarm = (i: number) => execute({ schema, document, variableValues: vars(0), contextValue: shared });
  const jitWarm = (i: number) => compiled.query(undefined, shared, vars(0));
  js = Infinity; jit = Infinity;
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) js = Math.min(js, await cpuPerCall(jsWarm, 0));
    jit = Math.min(jit, await cpuPerCall(jitWarm, 0));
    if (r % 2 === 1) js = Math.min(js, await cpuPerCall(jsWarm, 0));
  }
  console.log(`  engine memoized (GraphQL layer and resolvers only): graphql-js ${js.toFixed(3)} ms, graphql-jit ${jit.toFixed(3)} ms, saved ${(js - jit).toFixed(3)} ms`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
