import "reflect-metadata";
import { parse } from "graphql";
import { it } from "vitest";
import { estimateWork } from "../../../src/costing/work.js";
import { buildAppSchema } from "../../../src/resolvers/schema.js";
import { dashaRoute } from "../../../src/rest-compat/routes/dasha-route.js";
import { kalachakraDasha } from "../../../src/engine/dasha/kalachakra-dasha.js";
it("w", async () => {
  const schema = await buildAppSchema();
  for (const system of ["yogini", "chara", "vimshottari"]) for (const levels of [1, 2, 3, 4, 5]) {
    if (system !== "vimshottari" && levels > 3) continue;
    const doc = dashaRoute.documentFor!({ body: { system, levels } } as any);
    const vars = system === "vimshottari" ? { birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 1, longitude: 1 }, at: null, year: "JULIAN" } : { birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 1, longitude: 1 }, at: null, year: "JULIAN", system: system.toUpperCase(), levels };
    const e = estimateWork(schema, parse(doc), vars);
    console.log(system, levels, e);
  }
  let max = 0;
  for (let l = 0; l < 360; l += 0.05) max = Math.max(max, kalachakraDasha(l, 2450000, 365.25).mahaDashas.length);
  console.log("kalachakra max mahas", max);
});
