import "reflect-metadata";
import { graphql, parse, type GraphQLSchema } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { ChartCore } from "../../src/engine/chart/chart-core.js";
import { ascendantAndMc } from "../../src/engine/astro/houses.js";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { priceOperation } from "../../src/costing/price.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { ashtakavarga } from "../../src/engine/strength/ashtakavarga.js";
import { GRAHAS, SAPTA_GRAHAS, withDefaults } from "../../src/engine/types.js";
import { createGraphQLContext, type GraphQLContext } from "../../src/resolvers/context.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildAppSchema();
});

const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };

async function run(query: string, ctx: GraphQLContext = createGraphQLContext({ requestId: "t" })) {
  const res = await graphql({ schema, source: query, variableValues: { b: BIRTH }, contextValue: ctx });
  return { res, ctx };
}
const chartQuery = (sel: string) => `query($b: BirthInput!) { chart(birth: $b) { ${sel} } }`;

describe("Chart kundali fields are lazy", () => {
  it("lagna alone builds the chart core but runs no yogas, doshas or ashtakavarga", async () => {
    const { res, ctx } = await run(chartQuery("lagna { sign degree lord }"));
    expect(res.errors).toBeUndefined();
    expect(ctx.engine.derivedBuilds).toEqual({ chartInput: 1, chartCore: 1 });
    expect(ctx.engine.stats.positionCalls).toBe(1);
  });

  it("many fields share one chart core and one set of positions; yogas and doshas share one facts", async () => {
    const { res, ctx } = await run(
      chartQuery("lagna { sign } grahas { graha } bhavas { house } yogas { name } doshas { mangal { present } } ashtakavarga { sarvashtakavargaTotal }"),
    );
    expect(res.errors).toBeUndefined();
    expect(ctx.engine.derivedBuilds).toEqual({ chartInput: 1, chartCore: 1, chartFacts: 1, yogas: 1, doshas: 1, ashtakavarga: 1 });
    expect(ctx.engine.stats.positionCalls).toBe(1);
    expect(ctx.engine.stats.ascendantCalls).toBe(1);
  });
});

describe("ashtakavarga(table:) — the table is a convention, echoed", () => {
  it("defaults to BPHS; JAGANNATHA_HORA gives the engine's Narasimha Rao figures; both can be asked at once, each built once", async () => {
    const { res, ctx } = await run(
      chartQuery("a: ashtakavarga { table source sarvashtakavarga } b: ashtakavarga(table: JAGANNATHA_HORA) { table source sarvashtakavarga shodhyaPinda { graha shodhyaPinda } }"),
    );
    expect(res.errors).toBeUndefined();
    const data = res.data as any;
    expect(data.chart.a.table).toBe("BPHS");
    expect(data.chart.b.table).toBe("JAGANNATHA_HORA");
    expect(data.chart.b.source).toMatch(/Narasimha Rao/);
    const instant = instantFromUnixMs(Date.parse(BIRTH.datetime));
    const conv = withDefaults();
    const pos = grahaPositions(instant, conv, [...GRAHAS]);
    const lagnaSidDeg = ascendantAndMc(instant, { latDeg: BIRTH.latitude, lonDeg: BIRTH.longitude }, conv).ascendantSidDeg;
    const input = { lagnaSidDeg, grahas: Object.fromEntries(GRAHAS.map((g) => [g, { lonSidDeg: pos[g]!.lonSidDeg, latDeg: pos[g]!.latDeg, speedDegPerDay: pos[g]!.speedDegPerDay }])) as never };
    expect(data.chart.a.sarvashtakavarga).toEqual(ashtakavarga(input).sarva);
    const jh = ashtakavarga(input, "jagannatha_hora");
    expect(data.chart.b.sarvashtakavarga).toEqual(jh.sarva);
    expect(data.chart.b.shodhyaPinda.map((p: any) => p.shodhyaPinda)).toEqual(SAPTA_GRAHAS.map((g) => jh.shodhyaPinda[g].shodhyaPinda));
    expect(ctx.engine.derivedBuilds.ashtakavarga).toBe(2);
  });

  it("an unknown table is refused by validation", async () => {
    const { res } = await run(chartQuery("ashtakavarga(table: KP) { table }"));
    expect(res.errors?.[0]?.message).toMatch(/AshtakavargaTable/);
  });
});

describe("Chart kundali fields equal the engine", () => {
  it("lagna and grahas come from the ChartCore over the engine's positions", async () => {
    const { res } = await run(chartQuery("lagna { longitude sign degree nakshatra pada lord } grahas { graha longitude house dignity combust combustOrb vargottama retrograde }"));
    expect(res.errors).toBeUndefined();
    const instant = instantFromUnixMs(Date.parse(BIRTH.datetime));
    const conv = withDefaults();
    const pos = grahaPositions(instant, conv, [...GRAHAS]);
    const lagnaSidDeg = ascendantAndMc(instant, { latDeg: BIRTH.latitude, lonDeg: BIRTH.longitude }, conv).ascendantSidDeg;
    const core = new ChartCore(
      { lagnaSidDeg, grahas: Object.fromEntries(GRAHAS.map((g) => [g, { lonSidDeg: pos[g]!.lonSidDeg, latDeg: pos[g]!.latDeg, speedDegPerDay: pos[g]!.speedDegPerDay }])) as never },
      instant.jdUt,
    );
    const data = res.data as any;
    expect(data.chart.lagna).toEqual({
      longitude: core.lagna.lonSidDeg, sign: core.lagna.rashiName, degree: core.lagna.rashiDegree, nakshatra: core.lagna.nakshatra,
      pada: core.lagna.pada, lord: core.lagna.rashiLord.toUpperCase(),
    });
    expect(data.chart.grahas).toEqual(core.planets.map((p) => ({
      graha: p.graha.toUpperCase(), longitude: p.lonSidDeg, house: p.house, dignity: p.dignity, combust: p.combust,
      combustOrb: p.combustOrbDeg, vargottama: p.vargottama, retrograde: p.retrograde,
    })));
  });
});

describe("prices", () => {
  const price = (q: string) => priceOperation(schema, parse(q), { b: BIRTH }).milli / 1000;
  it("lagna + grahas cost 0.3; the dasha summary 1.5; each dasha level below maha 0.5", () => {
    expect(price(chartQuery("lagna { sign } grahas { graha }"))).toBeCloseTo(0.3, 9);
    expect(price(chartQuery("dasha { mahaDashas { planet subPeriods { planet } } }"))).toBeCloseTo(1.5, 9);
    // The dasha itself computes the chart core: balance or `current` alone is not free (issue 8).
    expect(price(`query($b: BirthInput!) { dasha(birth: $b) { balance { years } } }`)).toBe(0.5);
    const deep = `query($b: BirthInput!) { dasha(birth: $b) { mahaDashas { subPeriods { subPeriods { subPeriods { subPeriods { planet } } } } } } }`;
    expect(price(deep)).toBe(3);
    expect(price(chartQuery(`vargas(charts: "D9") { chart }`))).toBe(3);
  });
});
