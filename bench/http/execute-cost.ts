/**
 * CPU per GET /panchanga without HTTP, auth or database: the route's GraphQL document executed
 * in-process (graphql-js execute on the app schema, as Apollo does after its cached parse and
 * validation), the REST mapping and JSON.stringify, against the engine's day alone; and Apollo's
 * executeOperation (what the REST router calls) with its default plugins and with the
 * cache-control plugin disabled (it hooks every resolved field). Splits the service's
 * per-request CPU (bench/http/main.js) into engine, GraphQL layer and the rest.
 *   node dist/bench/http/execute-cost.js [tz=Asia/Kolkata] [n=1000]
 */
import "reflect-metadata";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled } from "@apollo/server/plugin/disabled";
import { execute, parse, validate } from "graphql";
import { panchangaForDate } from "../../src/engine/panchanga/panchanga-day.js";
import { jdFromUnixMs } from "../../src/engine/time/julian.js";
import { DEFAULT_CONVENTIONS } from "../../src/engine/types.js";
import { createGraphQLContext } from "../../src/resolvers/context.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { panchangaBody, panchangaGetRoute } from "../../src/rest-compat/routes/panchanga-route.js";

const DAY_MS = 86_400_000;
const START_MS = Date.UTC(2025, 0, 1);

function cpuMsPerOp(n: number, op: (i: number) => unknown): number {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) op(i);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000 / n;
}

async function cpuMsPerOpAsync(n: number, op: (i: number) => Promise<unknown>): Promise<number> {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await op(i);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000 / n;
}

async function main(): Promise<void> {
  const tz = process.argv[2] ?? "Asia/Kolkata";
  const n = Number(process.argv[3] ?? 1000);
  const schema = await buildAppSchema();
  const document = parse(panchangaGetRoute.document);
  const problems = validate(schema, document);
  if (problems.length > 0) throw problems[0];
  const place = { latDeg: 28.6139, lonDeg: 77.209 };

  const viaGraphql = async (i: number) => {
    const date = new Date(START_MS + (i % 366) * DAY_MS).toISOString().slice(0, 10);
    const r = await execute({
      schema, document, contextValue: createGraphQLContext({ requestId: "bench" }),
      variableValues: { datetime: date, latitude: place.latDeg, longitude: place.lonDeg, at: "SUNRISE", tz },
    });
    if (r.errors) throw r.errors[0];
    return JSON.stringify(panchangaBody((r.data as Record<string, any>).panchanga)).length;
  };
  // Local midnight at +05:30 is 18:30 UT the day before: close enough for the engine's cost.
  const engineOnly = (i: number) => panchangaForDate(jdFromUnixMs(START_MS + (i % 366) * DAY_MS - 5.5 * 3_600_000), place, DEFAULT_CONVENTIONS);

  for (let i = 0; i < 200; i++) await viaGraphql(i); // warm-up (JIT)
  cpuMsPerOp(200, engineOnly);
  const engineMs = cpuMsPerOp(n, (i) => engineOnly(i + 17));
  const graphqlMs = await cpuMsPerOpAsync(n, (i) => viaGraphql(i + 17));
  const bytes = await viaGraphql(3);
  console.log(
    `tz ${tz}: engine panchangaForDate ${engineMs.toFixed(3)} ms CPU; GraphQL execute + REST mapping + JSON ` +
      `${graphqlMs.toFixed(3)} ms CPU (response ${bytes} bytes) over ${n} days`,
  );
  for (const cacheControlOff of [false, true]) {
    const apollo = new ApolloServer({ schema, plugins: cacheControlOff ? [ApolloServerPluginCacheControlDisabled()] : [] });
    await apollo.start();
    const viaApollo = async (i: number) => {
      const date = new Date(START_MS + (i % 366) * DAY_MS).toISOString().slice(0, 10);
      const r = await apollo.executeOperation(
        { query: panchangaGetRoute.document, variables: { datetime: date, latitude: place.latDeg, longitude: place.lonDeg, at: "SUNRISE", tz } },
        { contextValue: createGraphQLContext({ requestId: "bench" }) },
      );
      if (r.body.kind !== "single" || r.body.singleResult.errors) throw new Error("panchanga via Apollo failed");
    };
    for (let i = 0; i < 200; i++) await viaApollo(i);
    const ms = await cpuMsPerOpAsync(n, (i) => viaApollo(i + 17));
    console.log(`  Apollo executeOperation${cacheControlOff ? ", cache control disabled" : ", default plugins"}: ${ms.toFixed(3)} ms CPU`);
    await apollo.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
