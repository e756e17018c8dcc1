import "reflect-metadata";
import { parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateWork } from "../../src/costing/work.js";
import { DEFAULT_WORK_BUDGET, WORK_INCLUDED, oversizedAnswer } from "../../src/costing/work-gate.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * Issue 22 item 3 (docs/limits.md): a request's work and answer size are estimated before it runs;
 * over the budget or the size limit it is refused with 422 naming the limit, nothing run or charged;
 * heavy selections are priced by their work, and the free tier does not cover them.
 */
const ADMIN_KEY = "admin-key-for-work-budget-tests-0123456789";
const BIRTH = `{ datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }`;
const LEAF = "planet start end";
const levels = (n: number): string => (n === 1 ? LEAF : `subPeriods { ${levels(n - 1)} }`);
/** `dasha { mahaDashas { subPeriods … } }` to `depth` levels (1 = maha only). */
const dasha = (depth: number, alias = "") => `${alias}dasha(birth: ${BIRTH}) { mahaDashas { ${levels(depth)} } }`;
const aliases = (n: number, depth: number) => `{ ${Array.from({ length: n }, (_, i) => dasha(depth, `d${i}: `)).join(" ")} }`;

describe("the estimate (pure)", () => {
  it("the issue's reproduction, 20 aliases of a five-level dasha, is far above the default budget and the 8 MiB limit", async () => {
    const schema = await buildAppSchema();
    const e = estimateWork(schema, parse(aliases(20, 5)), {});
    expect(e.work).toBeGreaterThan(20 * DEFAULT_WORK_BUDGET);
    expect(e.bytes).toBeGreaterThan(100 * 1024 * 1024); // observed: 110 MB
  });

  it("each level multiplies by nine; aliases with the same arguments are each resolved, so each counted", async () => {
    const schema = await buildAppSchema();
    const one = estimateWork(schema, parse(`{ ${dasha(4)} }`), {});
    const five = estimateWork(schema, parse(`{ ${dasha(5)} }`), {});
    const twice = estimateWork(schema, parse(aliases(2, 4)), {});
    expect(five.values / one.values).toBeGreaterThan(8.5);
    expect(twice.work).toBe(2 * one.work);
  });

  it("every REST route's document, at its heaviest input, fits the work its listed price includes", async () => {
    const schema = await buildAppSchema();
    for (const route of ROUTES) {
      const e = estimateWork(schema, parse(route.document), {}, null, { variablesUnknown: true });
      expect(e.work, `${route.method} ${route.path}`).toBeLessThanOrEqual(WORK_INCLUDED);
    }
  });

  it("an answer larger than the limit is caught after execution; a small estimate skips the measuring", () => {
    const data = { s: "x".repeat(70_000) };
    expect(oversizedAnswer(data, undefined, 65_536)?.extensions.code).toBe("RESPONSE_TOO_LARGE");
    expect(oversizedAnswer(data, { work: 1, values: 1, bytes: 32 }, 65_536)).toBeNull();
    expect(oversizedAnswer({ s: "x" }, undefined, 65_536)).toBeNull();
  });
});

describe("over HTTP", () => {
  let server: TestServer;
  let small: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
    small = await startTestServer({ env: { ADMIN_KEY, MAX_RESPONSE_BYTES: "65536" }, appOptions: { accounts: {} } });
  });
  afterAll(async () => {
    await server?.close();
    await small?.close();
  });

  async function paidKey(s: TestServer, credits: number): Promise<string> {
    const reg = (await (await fetch(`${s.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as
      { api_key: string; account_id: string };
    if (credits > 0) {
      const res = await fetch(`${s.baseUrl}/admin/grant-credits`, {
        method: "POST", headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
        body: JSON.stringify({ account_id: reg.account_id, credits, reason: "test" }),
      });
      expect(res.status, await res.text()).toBe(200);
    }
    return reg.api_key;
  }
  const balance = async (s: TestServer, key: string) =>
    ((await (await fetch(`${s.baseUrl}/account`, { headers: { "x-api-key": key } })).json()) as { balance: number }).balance;
  const post = async (s: TestServer, key: string, query: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${s.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": key, ...headers }, body: JSON.stringify({ query }),
    });
    const text = await res.text();
    return { status: res.status, bytes: text.length, body: JSON.parse(text) as { data?: any; errors?: any[]; extensions?: any } };
  };

  it("20 aliases of a five-level dasha: 422 WORK_ABOVE_BUDGET naming REQUEST_WORK_BUDGET, a small body, nothing charged", async () => {
    const key = await paidKey(server, 500);
    for (let i = 0; i < 2; i++) await post(server, key, `{ ${dasha(1)} }`); // use up the free requests
    const before = await balance(server, key);
    const r = await post(server, key, aliases(20, 5));
    expect(r.status).toBe(422);
    expect(r.bytes).toBeLessThan(2_000);
    expect(r.body.errors?.[0].extensions.code).toBe("WORK_ABOVE_BUDGET");
    expect(r.body.errors?.[0].message).toContain("REQUEST_WORK_BUDGET");
    expect(await balance(server, key)).toBe(before);
  });

  it("the free three-alias version is refused too, and its free request is not used up", async () => {
    const key = await paidKey(server, 0);
    const r = await post(server, key, aliases(3, 5));
    expect(r.status).toBe(422);
    expect(r.body.errors?.[0].extensions.code).toBe("WORK_ABOVE_BUDGET");
    const ok = await post(server, key, `{ ${dasha(1)} }`);
    expect(ok.status).toBe(200);
    expect(ok.body.extensions.cost.freeRemaining).toBe(1);
  });

  it("a large answer (three four-level trees, its JSON made in slices) arrives whole: Content-Length is its byte length, each tree the one-alias answer's", async () => {
    const key = await paidKey(server, 500);
    const res = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": key, "accept-encoding": "identity" }, body: JSON.stringify({ query: aliases(3, 4) }),
    });
    const raw = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(raw.length).toBeGreaterThan(256 * 1024); // above the lane's slicing threshold
    expect(Number(res.headers.get("content-length"))).toBe(raw.length);
    const body = JSON.parse(raw.toString("utf8")) as { data: Record<string, unknown>; extensions: { cost: { credits: number } } };
    expect(body.extensions.cost.credits).toBeGreaterThan(0);
    const one = await post(server, key, `{ ${dasha(4, "d0: ")} }`);
    for (const alias of ["d0", "d1", "d2"]) expect(body.data[alias]).toEqual(one.body.data.d0);
    // Compressed off the event loop (above 256 KiB), the same answer.
    for (const encoding of ["br", "gzip"]) {
      const packed = await fetch(`${server.baseUrl}/graphql`, {
        method: "POST", headers: { "content-type": "application/json", "x-api-key": key, "accept-encoding": encoding }, body: JSON.stringify({ query: aliases(3, 4) }),
      });
      expect(packed.headers.get("content-encoding")).toBe(encoding);
      expect(Number(packed.headers.get("content-length"))).toBeLessThan(raw.length / 4);
      const unpacked = (await packed.json()) as typeof body;
      expect(unpacked.data).toEqual(body.data);
    }
  });

  it("a heavy selection is priced by its work, shown by a dry run, and not covered by the free tier", async () => {
    const key = await paidKey(server, 0);
    const dry = await post(server, key, aliases(3, 4), { "x-dry-run": "price" });
    expect(dry.status).toBe(200);
    const cost = dry.body.extensions.cost;
    expect(cost.work).toBeGreaterThan(WORK_INCLUDED);
    const line = cost.breakdown.find((l: { kind: string }) => l.kind === "work");
    expect(line.credits).toBeGreaterThanOrEqual(1);
    // 3 × 3 credits listed + the work surcharge, below the 10-credit free cap — yet not free.
    expect(cost.price).toBeLessThanOrEqual(10);
    const r = await post(server, key, aliases(3, 4));
    expect(r.status).toBe(402);
    expect(r.body.errors?.[0].message).toContain("work");
  });

  it("MAX_RESPONSE_BYTES: an answer estimated above it is refused with 422 RESPONSE_TOO_LARGE before anything is charged", async () => {
    const key = await paidKey(small, 100);
    for (let i = 0; i < 2; i++) await post(small, key, `{ ${dasha(1)} }`);
    const before = await balance(small, key);
    const r = await post(small, key, `{ ${dasha(3)} }`);
    expect(r.status).toBe(422);
    expect(r.body.errors?.[0].extensions.code).toBe("RESPONSE_TOO_LARGE");
    expect(r.body.errors?.[0].message).toContain("MAX_RESPONSE_BYTES");
    expect(await balance(small, key)).toBe(before);
    const ok = await post(small, key, `{ ${dasha(2)} }`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.dasha.mahaDashas[0].subPeriods).toHaveLength(9);
  });
});
