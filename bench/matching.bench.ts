/**
 * South Indian matching (issue 27 budgets): one ten-porutham match of two NEW births (both Moons
 * computed) ≤ 1 ms, the same scored as a dashakoot (points of 36) ≤ 1 ms, and a bulk match of one native against 100 candidate births ≤ 50 ms — the
 * latter through the GraphQL schema in-process (validation, resolvers, engine; no HTTP), as the
 * REST route runs it.
 */
import "reflect-metadata";
import { execute, parse } from "graphql";
import { moonFacts } from "../src/engine/compat/ashtakoota.js";
import { dashakoot } from "../src/engine/compat/dashakoot.js";
import { porutham, starFacts } from "../src/engine/compat/porutham.js";
import { grahaPositions, preloadSeries } from "../src/engine/astro/positions.js";
import { instantFromJdUt } from "../src/engine/time/instant.js";
import { withDefaults } from "../src/engine/types.js";
import { createGraphQLContext } from "../src/resolvers/context.js";
import { buildAppSchema } from "../src/resolvers/schema.js";
import { medianMicros, medianMicrosAsync, type BenchResult } from "./run.js";

const conv = withDefaults();

function star(jdUt: number) {
  const m = moonFacts(grahaPositions(instantFromJdUt(jdUt), conv, ["moon"]).moon!.lonSidDeg);
  return starFacts(m.nakshatra, m.pada, m.rashi);
}

const isoOf = (i: number) => new Date(Date.UTC(1960, 0, 1) + i * 86_400_000 * 97.3).toISOString();

export async function run(): Promise<BenchResult[]> {
  preloadSeries();
  const schema = await buildAppSchema();
  let i = 0;
  const pair = () => porutham("tamil", star(2440000.5 + (i += 3.17)), star(2450000.5 + i * 1.37));
  const dasha = () => dashakoot(porutham("tamil", star(2440000.5 + (i += 3.17)), star(2450000.5 + i * 1.37)));
  const candidates = Array.from({ length: 100 }, (_, k) => `{referenceId: "c${k}", birth: {datetime: "${isoOf(k)}", latitude: 13.08, longitude: 80.27}}`);
  const doc = parse(`{ bulkMatch(native: {birth: {datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2}}, candidates: [${candidates.join(",")}]) {
    candidates { referenceId rank porutham { verdict agreedCount poruthams { name agreed grade basis } } } } }`);
  const bulk = async () => {
    // A new context each call: no Moon is memoized across calls. execute answers a promise (the
    // resolvers yield to the event loop), so the call is timed until it settles.
    const r = await execute({ schema, document: doc, contextValue: createGraphQLContext({ requestId: "bench" }) });
    if (r.errors) throw new Error(JSON.stringify(r.errors));
  };
  return [
    { name: "ten poruthams of two new births (both Moons computed)", microseconds: medianMicros(pair, 500, 50), budgetMicroseconds: 1000 },
    { name: "dashakoot (ten kootas in points) of two new births (both Moons computed)", microseconds: medianMicros(dasha, 500, 50), budgetMicroseconds: 1000 },
    { name: "bulk match: one native against 100 candidate births, GraphQL in-process", microseconds: await medianMicrosAsync(bulk, 40, 5), budgetMicroseconds: 50_000 },
  ];
}
