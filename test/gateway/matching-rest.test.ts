import "reflect-metadata";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
const post = (path: string, body: unknown, headers: Record<string, string> = {}, base = server.baseUrl) => postJson(base, path, body, headers);

interface Person { nakshatra: number; pada: number; utc?: string; lat?: number; lon?: number }
interface Pair { id: string; kind: string; boy: Person; girl: Person; south_porutham_pyjhora: Record<string, boolean | number> }
const PAIRS: Pair[] = JSON.parse(readFileSync(new URL("../fixtures/pyjhora-porutham.json", import.meta.url), "utf8")).pairs;
const RANDOM = PAIRS.filter((p) => p.kind === "random");
const bodyOf = (p: Pair) => ({
  groom_datetime: p.boy.utc, groom_latitude: p.boy.lat, groom_longitude: p.boy.lon,
  bride_datetime: p.girl.utc, bride_latitude: p.girl.lat, bride_longitude: p.girl.lon,
});
const NAMES = ["dina", "gana", "mahendra", "stree_deergha", "yoni", "rasi", "rasyadhipati", "vasya", "rajju", "vedha"];
const M01 = RANDOM[0]!;

describe("POST /compatibility/porutham", () => {
  it("the ten poruthams in order, each with grade, basis and rule; the stars are the births' own (PyJHora's, 15 random pairs)", async () => {
    expect(RANDOM).toHaveLength(15);
    for (const p of RANDOM) {
      const r = await post("/compatibility/porutham", bodyOf(p));
      expect(r.status, p.id).toBe(200);
      expect(r.body.poruthams.map((x: any) => x.name)).toEqual(NAMES);
      expect([r.body.groom_star.nakshatra, r.body.groom_star.pada, r.body.bride_star.nakshatra, r.body.bride_star.pada], p.id)
        .toEqual([p.boy.nakshatra, p.boy.pada, p.girl.nakshatra, p.girl.pada]);
      expect(r.body.agreed_count).toBe(r.body.poruthams.filter((x: any) => x.agreed === true).length);
      expect(r.body.judged_count).toBe(10);
      // Mahendra, Yoni and Vedha follow the same rule as PyJHora's: the same answers.
      const got = Object.fromEntries(r.body.poruthams.map((x: any) => [x.name, x.agreed]));
      for (const k of ["mahendra", "yoni", "vedha"]) expect(got[k], `${p.id} ${k}`).toBe(p.south_porutham_pyjhora[k]);
      if (r.body.vetoed) expect(r.body.verdict).toBe("not_recommended");
    }
  });

  it("the same Moon as /compatibility: porutham's stars equal the Ashtakoota's groom and bride Moons", async () => {
    const [a, p] = await Promise.all([post("/compatibility", bodyOf(M01)), post("/compatibility/porutham", bodyOf(M01))]);
    expect(a.status).toBe(200);
    expect([p.body.groom_star.nakshatra, p.body.groom_star.pada, p.body.groom_star.rasi])
      .toEqual([a.body.groom_moon.nakshatra, a.body.groom_moon.pada, a.body.groom_moon.rashi]);
    expect([p.body.bride_star.nakshatra, p.body.bride_star.pada, p.body.bride_star.rasi])
      .toEqual([a.body.bride_moon.nakshatra, a.body.bride_moon.pada, a.body.bride_moon.rashi]);
  });

  it("system kerala is echoed and changes the Rajju rule; an unknown system → 422 naming system", async () => {
    const k = await post("/compatibility/porutham", { ...bodyOf(M01), system: "kerala" });
    expect(k.status).toBe(200);
    expect(k.body.system).toBe("kerala");
    const bad = await post("/compatibility/porutham", { ...bodyOf(M01), system: "bengali" });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "system"]);
  });

  it("a bad partner field → 422 naming it", async () => {
    const r = await post("/compatibility/porutham", { ...bodyOf(M01), groom_datetime: "1700-01-01T00:00:00Z" });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "groom_datetime"]);
  });
});

describe("POST /compatibility/dashakoot", () => {
  it("the ten kootas in points of 36, each the porutham's grade (uttama full, madhyama half) — 15 random PyJHora pairs", async () => {
    const weight: Record<string, number> = { dina: 3, gana: 6, mahendra: 2, stree_deergha: 1, yoni: 4, rasi: 7, rasyadhipati: 5, vasya: 2, rajju: 5, vedha: 1 };
    const share: Record<string, number> = { uttama: 1, madhyama: 0.5, adhama: 0 };
    for (const p of RANDOM) {
      const [d, pr] = await Promise.all([post("/compatibility/dashakoot", bodyOf(p)), post("/compatibility/porutham", bodyOf(p))]);
      expect(d.status, p.id).toBe(200);
      expect(d.body.kootas.map((k: any) => k.name)).toEqual(NAMES);
      expect(d.body.groom_star).toEqual(pr.body.groom_star);
      expect(d.body.bride_star).toEqual(pr.body.bride_star);
      d.body.kootas.forEach((k: any, i: number) => {
        const grade = pr.body.poruthams[i].grade;
        expect(k.grade, `${p.id} ${k.name}`).toBe(grade);
        expect(k.max_points).toBe(weight[k.name]);
        expect(k.points, `${p.id} ${k.name}`).toBe(weight[k.name]! * share[grade]!);
        expect(k.point_source.length).toBeGreaterThan(5);
      });
      const total = d.body.kootas.reduce((t: number, k: any) => t + k.points, 0);
      expect(d.body.total).toBe(total);
      expect([d.body.max_total, d.body.minimum]).toEqual([36, 18]);
      expect(d.body.vetoed).toBe(pr.body.vetoed);
      expect(d.body.verdict).toBe(!pr.body.vetoed && total >= 18 ? "acceptable" : "not_recommended");
      expect(d.body.conventions).toEqual({ ayanamsha: "lahiri", node: "mean" });
    }
  });

  it("is in /openapi.json from the route table, priced 3, with the porutham's body", async () => {
    const doc = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
    const op = doc.paths["/compatibility/dashakoot"].post;
    expect(op.operationId).toBe("compatibilityDashakoot");
    const props = (o: any) => Object.keys(o.requestBody.content["application/json"].schema.properties).sort();
    expect(props(op)).toEqual(props(doc.paths["/compatibility/porutham"].post));
    expect(op["x-credits"]).toBe(3);
  });

  it("system kerala is echoed; an unknown system, a missing partner field or a bad date → 422 naming the field", async () => {
    const k = await post("/compatibility/dashakoot", { ...bodyOf(M01), system: "kerala" });
    expect(k.status).toBe(200);
    expect(k.body.system).toBe("kerala");
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ ...bodyOf(M01), system: "bengali" }, ["body", "system"]],
      [{ ...bodyOf(M01), bride_longitude: undefined }, ["body", "bride_longitude"]],
      [{ ...bodyOf(M01), groom_datetime: "1700-01-01T00:00:00Z" }, ["body", "groom_datetime"]],
      [{ ...bodyOf(M01), groom_latitude: 95 }, ["body", "groom_latitude"]],
    ];
    for (const [body, loc] of cases) {
      const r = await post("/compatibility/dashakoot", body);
      expect(r.status, loc.join(".")).toBe(422);
      expect(r.body.detail[0].loc).toEqual(loc);
    }
  });
});

describe("POST /compatibility/papasamyam", () => {
  it("both charts' papa points with every contribution; balanced iff the groom's total ≥ the bride's", async () => {
    for (const p of RANDOM.slice(0, 5)) {
      const r = await post("/compatibility/papasamyam", bodyOf(p));
      expect(r.status, p.id).toBe(200);
      for (const side of ["groom", "bride"] as const) {
        const s = r.body[side];
        const sum = s.contributions.reduce((t: number, c: any) => t + c.points, 0);
        expect(sum).toBeCloseTo(s.total, 9);
        expect(s.from_lagna + s.from_moon + s.from_venus).toBeCloseTo(s.total, 9);
        for (const c of s.contributions) {
          expect([1, 2, 4, 7, 8, 12]).toContain(c.house);
          expect(["mars", "saturn", "sun", "rahu"]).toContain(c.graha);
        }
      }
      expect(r.body.balanced).toBe(r.body.groom.total >= r.body.bride.total);
    }
  });
});

describe("POST /compatibility/nakshatra (no birth times)", () => {
  it("from the stars alone: Rasi, Rasyadhipati and Vasya unjudged for a star spanning two signs without pada", async () => {
    const r = await post("/compatibility/nakshatra", { groom_nakshatra: 5, bride_nakshatra: 1 });
    expect(r.status).toBe(200);
    const unknown = r.body.poruthams.filter((x: any) => x.agreed === null);
    expect(unknown.map((x: any) => x.name)).toEqual(["rasi", "rasyadhipati", "vasya"]);
    expect(unknown.every((x: any) => x.depends_on === "rasi" && x.grade === "unknown")).toBe(true);
    expect(r.body.judged_count).toBe(7);
    const withPada = await post("/compatibility/nakshatra", { groom_nakshatra: 5, groom_pada: 3, bride_nakshatra: 1 });
    expect(withPada.body.judged_count).toBe(10);
    expect(withPada.body.groom_star.rasi).toBe(3);
  });

  it("the same answer as the birth-based porutham for the same stars and padas", async () => {
    const byBirth = await post("/compatibility/porutham", bodyOf(M01));
    const byStar = await post("/compatibility/nakshatra", {
      groom_nakshatra: M01.boy.nakshatra, groom_pada: M01.boy.pada, bride_nakshatra: M01.girl.nakshatra, bride_pada: M01.girl.pada,
    });
    expect(byStar.body.poruthams).toEqual(byBirth.body.poruthams);
    expect(byStar.body.verdict).toBe(byBirth.body.verdict);
  });

  it.each([
    ["nakshatra 28", { groom_nakshatra: 28, bride_nakshatra: 1 }, ["body", "groom_nakshatra"]],
    ["pada 5", { groom_nakshatra: 1, bride_nakshatra: 1, bride_pada: 5 }, ["body", "bride_pada"]],
    ["a rasi the star does not reach", { groom_nakshatra: 1, groom_rasi: 5, bride_nakshatra: 2 }, ["body", "groom_rasi"]],
    ["bride missing", { groom_nakshatra: 1 }, ["body", "bride_nakshatra"]],
  ])("%s → 422 naming the field", async (_n, body, loc) => {
    const r = await post("/compatibility/nakshatra", body);
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(loc);
  });
});

describe("POST /compatibility/bulk", () => {
  const candidates = Array.from({ length: 27 }, (_, i) => ({ reference_id: `star-${i + 1}`, nakshatra: i + 1, pada: 1 }));

  it("one native against 27 candidates: every reference once, ranked with vetoed candidates last and agreed counts descending", async () => {
    const r = await post("/compatibility/bulk", { native: { nakshatra: 4, pada: 2 }, native_role: "groom", candidates });
    expect(r.status).toBe(200);
    const c = r.body.candidates;
    expect(c).toHaveLength(27);
    expect(new Set(c.map((x: any) => x.reference_id)).size).toBe(27);
    expect(c.map((x: any) => x.rank)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    const firstVetoed = c.findIndex((x: any) => x.vetoed);
    expect(firstVetoed).toBeGreaterThan(0);
    expect(c.slice(firstVetoed).every((x: any) => x.vetoed)).toBe(true);
    for (let i = 1; i < firstVetoed; i++) expect(c[i - 1].agreed_count).toBeGreaterThanOrEqual(c[i].agreed_count);
    // Rohini (the native, groom) with Rohini, Ardra, Hasta, Swati, Shravana, Shatabhisha: the neck rajju vetoes all six.
    const neck = c.filter((x: any) => ["star-4", "star-6", "star-13", "star-15", "star-22", "star-24"].includes(x.reference_id));
    expect(neck.every((x: any) => x.vetoed)).toBe(true);
    // Each candidate's answer is the star match's own, the native as groom.
    const one = c.find((x: any) => x.reference_id === "star-10");
    const single = await post("/compatibility/nakshatra", { groom_nakshatra: 4, groom_pada: 2, bride_nakshatra: 10, bride_pada: 1 });
    expect(one.poruthams).toEqual(single.body.poruthams);
  });

  it("rank_by dashakoot: each candidate carries its dashakoot, ranked unvetoed first then by points; the default adds none", async () => {
    const r = await post("/compatibility/bulk", { native: { nakshatra: 4, pada: 2 }, candidates, rank_by: "dashakoot" });
    expect(r.status).toBe(200);
    expect(r.body.rank_by).toBe("dashakoot");
    const c = r.body.candidates;
    expect(c).toHaveLength(27);
    const firstVetoed = c.findIndex((x: any) => x.dashakoot.vetoed);
    expect(firstVetoed).toBeGreaterThan(0);
    expect(c.slice(firstVetoed).every((x: any) => x.dashakoot.vetoed && x.vetoed)).toBe(true);
    for (const part of [c.slice(0, firstVetoed), c.slice(firstVetoed)]) {
      for (let i = 1; i < part.length; i++) expect(part[i - 1].dashakoot.total).toBeGreaterThanOrEqual(part[i].dashakoot.total);
    }
    // Each candidate's dashakoot scores that candidate's own poruthams.
    const weight: Record<string, number> = { dina: 3, gana: 6, mahendra: 2, stree_deergha: 1, yoni: 4, rasi: 7, rasyadhipati: 5, vasya: 2, rajju: 5, vedha: 1 };
    const share: Record<string, number> = { uttama: 1, madhyama: 0.5, adhama: 0 };
    for (const x of c) {
      expect(x.dashakoot.kootas.map((k: any) => k.grade)).toEqual(x.poruthams.map((p: any) => p.grade));
      expect(x.dashakoot.total).toBe(x.poruthams.reduce((t: number, p: any) => t + weight[p.name]! * share[p.grade]!, 0));
    }
    const plain = await post("/compatibility/bulk", { native: { nakshatra: 4, pada: 2 }, candidates });
    expect(plain.body.rank_by).toBe("porutham");
    expect(plain.body.candidates.every((x: any) => x.dashakoot === undefined)).toBe(true);
    const bad = await post("/compatibility/bulk", { native: { nakshatra: 4 }, candidates, rank_by: "guna" });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "rank_by"]);
  });

  it("a native given as a birth and candidates as births: the bride role puts the native on the bride's side", async () => {
    const r = await post("/compatibility/bulk", {
      native: { datetime: M01.girl.utc, latitude: M01.girl.lat, longitude: M01.girl.lon }, native_role: "bride",
      candidates: [{ reference_id: "m01-groom", datetime: M01.boy.utc, latitude: M01.boy.lat, longitude: M01.boy.lon }],
    });
    expect(r.status).toBe(200);
    const pair = await post("/compatibility/porutham", bodyOf(M01));
    expect(r.body.candidates[0].poruthams).toEqual(pair.body.poruthams);
    expect(r.body.native.nakshatra).toBe(M01.girl.nakshatra);
  });

  it.each([
    ["101 candidates", { native: { nakshatra: 1 }, candidates: Array.from({ length: 101 }, (_, i) => ({ reference_id: `c${i}`, nakshatra: 1 })) }, ["body", "candidates"]],
    ["no candidates", { native: { nakshatra: 1 }, candidates: [] }, ["body", "candidates"]],
    ["a candidate with both a birth and a star", { native: { nakshatra: 1 }, candidates: [{ reference_id: "x", nakshatra: 2, latitude: 1 }] }, ["body", "candidates", 0]],
    ["a native birth without longitude", { native: { datetime: "1990-01-01T00:00:00Z", latitude: 1 }, candidates: [{ reference_id: "x", nakshatra: 2 }] }, ["body", "native"]],
    ["a candidate without reference_id", { native: { nakshatra: 1 }, candidates: [{ nakshatra: 2 }] }, ["body", "candidates", 0, "reference_id"]],
    ["a candidate star 0", { native: { nakshatra: 1 }, candidates: [{ reference_id: "x", nakshatra: 0 }] }, ["body", "candidates", 0, "nakshatra"]],
  ])("%s → 422 naming it", async (_n, body, loc) => {
    const r = await post("/compatibility/bulk", body);
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(loc);
  });
});

describe("GraphQL", () => {
  it("compatibility { porutham papasamyam } and starMatch agree with REST name for name", async () => {
    const q = `query($g: BirthInput!, $b: BirthInput!) { compatibility(groom: $g, bride: $b) {
      porutham(system: KERALA) { system verdict agreedCount poruthams { name agreed grade } }
      papasamyam { balanced groom { total } bride { total } } } }`;
    const v = { g: { datetime: M01.boy.utc, latitude: M01.boy.lat, longitude: M01.boy.lon }, b: { datetime: M01.girl.utc, latitude: M01.girl.lat, longitude: M01.girl.lon } };
    const g = await post("/graphql", { query: q, variables: v });
    expect(g.body.errors).toBeUndefined();
    const rest = await post("/compatibility/porutham", { ...bodyOf(M01), system: "kerala" });
    expect(g.body.data.compatibility.porutham.poruthams.map((x: any) => [x.name, x.agreed, x.grade]))
      .toEqual(rest.body.poruthams.map((x: any) => [x.name, x.agreed, x.grade]));
    const papa = await post("/compatibility/papasamyam", bodyOf(M01));
    expect(g.body.data.compatibility.papasamyam.groom.total).toBe(papa.body.groom.total);
    const s = await post("/graphql", { query: "{ starMatch(groom: {nakshatra: 4, pada: 2}, bride: {nakshatra: 13}) { verdict vetoed } }" });
    expect(s.body.data.starMatch).toEqual({ verdict: "not_recommended", vetoed: true }); // Rohini–Hasta: both neck rajju
  });

  it("compatibility { dashakoot } agrees with REST /compatibility/dashakoot koota for koota, both systems", async () => {
    const q = `query($g: BirthInput!, $b: BirthInput!) { compatibility(groom: $g, bride: $b) {
      tamil: dashakoot { system total maxTotal minimum vetoed verdict kootas { name points maxPoints grade veto } }
      kerala: dashakoot(system: KERALA) { system total vetoed verdict kootas { name points grade } } } }`;
    for (const p of RANDOM.slice(0, 4)) {
      const v = { g: { datetime: p.boy.utc, latitude: p.boy.lat, longitude: p.boy.lon }, b: { datetime: p.girl.utc, latitude: p.girl.lat, longitude: p.girl.lon } };
      const g = await post("/graphql", { query: q, variables: v });
      expect(g.body.errors).toBeUndefined();
      for (const system of ["tamil", "kerala"] as const) {
        const rest = await post("/compatibility/dashakoot", { ...bodyOf(p), system });
        const gd = g.body.data.compatibility[system];
        expect([gd.system, gd.total, gd.vetoed, gd.verdict], `${p.id} ${system}`).toEqual([system, rest.body.total, rest.body.vetoed, rest.body.verdict]);
        expect(gd.kootas.map((k: any) => [k.name, k.points, k.grade])).toEqual(rest.body.kootas.map((k: any) => [k.name, k.points, k.grade]));
      }
    }
  });

  it("bulkMatch(rankBy: DASHAKOOT): a candidate star without its sign is scored out of 22 and ranks by the points it has", async () => {
    const q = `{ bulkMatch(native: {star: {nakshatra: 1, pada: 1}}, rankBy: DASHAKOOT, candidates: [
      {referenceId: "mrigashira", star: {nakshatra: 5}}, {referenceId: "bharani", star: {nakshatra: 2, pada: 1}}]) {
      rankBy candidates { referenceId rank dashakoot { total maxTotal minimum vetoed kootas { name points } } } } }`;
    const r = await post("/graphql", { query: q });
    expect(r.body.errors).toBeUndefined();
    const b = r.body.data.bulkMatch;
    expect(b.rankBy).toBe("dashakoot");
    const m = b.candidates.find((c: any) => c.referenceId === "mrigashira").dashakoot;
    expect([m.maxTotal, m.minimum]).toEqual([22, 11]);
    expect(m.kootas.filter((k: any) => k.points === null).map((k: any) => k.name)).toEqual(["rasi", "rasyadhipati", "vasya"]);
    const totals = b.candidates.map((c: any) => [c.dashakoot.vetoed ? 0 : 1, c.dashakoot.total]);
    expect(totals[0][0] * 1000 + totals[0][1]).toBeGreaterThanOrEqual(totals[1][0] * 1000 + totals[1][1]);
    const bad = await post("/graphql", { query: q.replace("DASHAKOOT", "GUNA") });
    expect(bad.body.errors[0].message).toMatch(/BulkRanking/);
  });

  it("starMatch with a bad pada → BAD_USER_INPUT naming bride.pada", async () => {
    const r = await post("/graphql", { query: "{ starMatch(groom: {nakshatra: 4}, bride: {nakshatra: 13, pada: 9}) { verdict } }" });
    expect(r.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "bride.pada" });
  });
});

describe("priced and charged through the ledger", () => {
  const ADMIN_KEY = "admin-key-for-matching-tests-0123456789";
  let billed: TestServer;
  beforeAll(async () => {
    billed = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  });
  afterAll(async () => {
    await billed?.close();
  });
  const bulkQuery = (n: number) =>
    `{ bulkMatch(native: {star: {nakshatra: 1}}, candidates: [${Array.from({ length: n }, (_, i) => `{referenceId: "c${i}", star: {nakshatra: ${(i % 27) + 1}}}`).join(",")}]) { candidates { rank } } }`;

  it("bulkMatch is priced per candidate: a dry run of 3 candidates costs 3 credits, of 40 costs 40", async () => {
    for (const n of [3, 40]) {
      const r = await post("/graphql", { query: bulkQuery(n) }, { "x-dry-run": "price" }, billed.baseUrl);
      expect(r.body.extensions.cost, `n=${n}`).toMatchObject({ price: n, dryRun: true });
    }
  });

  it("GraphQL prices the dashakoot field 3 credits (a dry run), beside porutham 3", async () => {
    const body = (f: string) => ({
      query: `{ compatibility(groom: {datetime: "${M01.boy.utc}", latitude: ${M01.boy.lat}, longitude: ${M01.boy.lon}}, bride: {datetime: "${M01.girl.utc}", latitude: ${M01.girl.lat}, longitude: ${M01.girl.lon}}) { ${f} } }`,
    });
    const d = await post("/graphql", body("dashakoot { total }"), { "x-dry-run": "price" }, billed.baseUrl);
    const both = await post("/graphql", body("dashakoot { total } porutham { verdict }"), { "x-dry-run": "price" }, billed.baseUrl);
    expect(both.body.extensions.cost.price - d.body.extensions.cost.price).toBe(3);
    const p = await post("/graphql", body("porutham { verdict }"), { "x-dry-run": "price" }, billed.baseUrl);
    expect(d.body.extensions.cost.price).toBe(p.body.extensions.cost.price);
  });

  it("REST prices: porutham 3, dashakoot 3, papasamyam 2, nakshatra 1, bulk 1 per candidate; a refused bulk costs nothing", async () => {
    const reg = (await post("/register", {}, {}, billed.baseUrl)).body as { api_key: string; account_id: string };
    const key = { "x-api-key": reg.api_key };
    const grant = await post("/admin/grant-credits", { account_id: reg.account_id, credits: 100, reason: "matching price test" }, { "x-admin-key": ADMIN_KEY }, billed.baseUrl);
    expect(grant.status).toBe(200);
    const stars = { groom_nakshatra: 4, bride_nakshatra: 13 };
    // The free tier first (its calls are charged 0).
    for (let i = 0; i < 5 && (await post("/compatibility/nakshatra", stars, key, billed.baseUrl)).headers.get("x-credits-charged") === "0"; i++);
    const charged = async (path: string, body: unknown) => {
      const r = await post(path, body, key, billed.baseUrl);
      expect(r.status, path).toBe(200);
      return Number(r.headers.get("x-credits-charged"));
    };
    expect(await charged("/compatibility/porutham", bodyOf(M01))).toBe(3);
    expect(await charged("/compatibility/dashakoot", bodyOf(M01))).toBe(3);
    expect(await charged("/compatibility/papasamyam", bodyOf(M01))).toBe(2);
    expect(await charged("/compatibility/nakshatra", stars)).toBe(1);
    const candidates = Array.from({ length: 7 }, (_, i) => ({ reference_id: `c${i}`, nakshatra: i + 1 }));
    const before = await post("/compatibility/bulk", { native: { nakshatra: 1 }, candidates }, key, billed.baseUrl);
    expect(before.headers.get("x-credits-charged")).toBe("7");
    const balance = Number(before.headers.get("x-credits-remaining"));
    const refused = await post("/compatibility/bulk", { native: { nakshatra: 1 }, candidates: [...candidates, { reference_id: "bad", nakshatra: 30 }] }, key, billed.baseUrl);
    expect(refused.status).toBe(422);
    const after = await post("/compatibility/nakshatra", stars, key, billed.baseUrl);
    expect(Number(after.headers.get("x-credits-remaining"))).toBe(balance - 1);
  });
});
