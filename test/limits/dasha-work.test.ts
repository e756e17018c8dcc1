import "reflect-metadata";
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { estimateWork } from "../../src/costing/work.js";
import { WORK_INCLUDED } from "../../src/costing/work-gate.js";
import type { ChartInput } from "../../src/engine/chart/chart-input.js";
import { DASHA_SYSTEMS, maxLevelOf, systemDasha } from "../../src/engine/dasha/dasha-systems.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { REST_DASHA_MAX_LEVELS, dashaRoute } from "../../src/rest-compat/routes/dasha-route.js";
import { WAVE3 } from "../engine/dasha/pyjhora-fixture.js";

/**
 * The work estimate of a dasha (src/costing/work.ts with src/resolvers/work-rules.ts) must stay an
 * upper bound: every system's maha periods and sub-periods within the rules' counts, and every
 * depth REST /dasha serves within the work its listed price includes (docs/limits.md).
 */
const chartOf = (b: any): ChartInput => {
  const g: any = {};
  for (const [k, v] of Object.entries(b.chart.planets_deg)) g[k.toLowerCase()] = { lonSidDeg: v, latDeg: 0, speedDegPerDay: 1 };
  return { lagnaSidDeg: b.chart.ascendant_deg, grahas: g };
};
const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 };

describe("dasha work estimate", () => {
  it("every system keeps within the rules' bounds: ≤ 24 maha periods, ≤ 12 sub-periods each (15 reference births)", () => {
    for (const b of WAVE3.births) {
      for (const system of DASHA_SYSTEMS) {
        const d = systemDasha(system, chartOf(b), b.jd_ut, 365.25);
        expect(d.mahaDashas.length, `${b.id} ${system}`).toBeLessThanOrEqual(24);
        for (const m of d.mahaDashas) {
          const sub = d.subdivide(m);
          expect(sub.length, `${b.id} ${system}`).toBeLessThanOrEqual(12);
          if (maxLevelOf(system) >= 3) expect(d.subdivide(sub[0]!).length).toBeLessThanOrEqual(12);
        }
      }
    }
  });

  it("the estimate of a 3-level rashi dasha covers the periods it answers (Chara, Narayana: two cycles of twelve signs)", async () => {
    const schema = await buildAppSchema();
    for (const system of ["chara", "narayana", "kalachakra"] as const) {
      const doc = dashaRoute.documentFor!({ body: { system, levels: 3 } } as any);
      const e = estimateWork(schema, parse(doc), { birth: BIRTH, at: null, year: "JULIAN", system: system.toUpperCase(), levels: 3 });
      for (const b of WAVE3.births) {
        const d = systemDasha(system, chartOf(b), b.jd_ut, 365.25);
        const periods = d.mahaDashas.reduce((n, m) => n + 1 + d.subdivide(m).reduce((k, a) => k + 1 + d.subdivide(a).length, 0), 0);
        expect(e.values, `${b.id} ${system}`).toBeGreaterThanOrEqual(periods * 6); // six fields per period in the REST document
      }
    }
  });

  it("every depth REST /dasha serves, in every system, fits the work its listed price includes", async () => {
    const schema = await buildAppSchema();
    for (const system of ["vimshottari", ...DASHA_SYSTEMS]) {
      const deepest = system === "vimshottari" ? REST_DASHA_MAX_LEVELS : maxLevelOf(system as (typeof DASHA_SYSTEMS)[number]);
      for (let levels = 1; levels <= deepest; levels++) {
        const doc = dashaRoute.documentFor!({ body: { system, levels } } as any);
        const e = estimateWork(schema, parse(doc), {}, null, { variablesUnknown: true });
        expect(e.work, `${system} ${levels}`).toBeLessThanOrEqual(WORK_INCLUDED);
      }
    }
  });
});
