import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "../helpers/log-capture.js";
import { graphql, postJson, startTestServer, type TestServer } from "../helpers/server.js";
import { itRaces } from "../helpers/race.js";

/**
 * The anonymous registration limit per client address over HTTP (REGISTER_LIMIT_PER_HOUR),
 * shared by REST and GraphQL, counted in /metrics; behind a trusted proxy (TRUST_PROXY_HOPS)
 * the client is the one X-Forwarded-For names.
 */
const log = captureLog("info");
let server: TestServer;
let nowMs = Date.parse("2026-04-01T10:00:00Z");

beforeAll(async () => {
  server = await startTestServer({
    env: { REGISTER_LIMIT_PER_HOUR: "3", TRUST_PROXY_HOPS: "1" },
    appOptions: { accounts: { clock: () => new Date(nowMs) } },
    logger: log.logger,
  });
});
afterAll(async () => {
  await server?.close();
});

const metric = async (pattern: RegExp): Promise<number> => {
  const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: { accept: "text/plain" } })).text();
  const line = text.split("\n").find((l) => pattern.test(l));
  return line ? Number(line.split(" ").pop()) : 0;
};

describe("anonymous registration is limited per client address", () => {
  it("the fourth registration in an hour from one address is a 429 with Retry-After; other addresses go on", async () => {
    const before = await metric(/^registrations_refused_total\{reason="registrations_per_client"\}/);
    const from = { "x-forwarded-for": "203.0.113.10" };
    for (let i = 0; i < 2; i++) expect((await postJson(server.baseUrl, "/register", {}, from)).status).toBe(200);
    // The GraphQL mutation counts against the same limit.
    const g = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", ...from },
      body: JSON.stringify({ query: "mutation { register { status } }" }),
    });
    expect(g.status).toBe(200);
    const refused = await postJson(server.baseUrl, "/register", {}, from);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/too many registrations from your address \(3 per hour\)/);
    expect(Number(refused.headers.get("retry-after"))).toBe(3600);
    const gql = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", ...from },
      body: JSON.stringify({ query: "mutation { register { status } }" }),
    });
    expect(gql.status).toBe(429);
    expect((await postJson(server.baseUrl, "/register", {}, { "x-forwarded-for": "203.0.113.11" })).status).toBe(200);
    expect(await metric(/^registrations_refused_total\{reason="registrations_per_client"\}/)).toBe(before + 2);
    expect(await metric(/^registrations_total\{channel="anonymous",recovery="false"\}/)).toBeGreaterThanOrEqual(4);
  });

  it("the window resets after the hour", async () => {
    nowMs += 3_600_000;
    expect((await postJson(server.baseUrl, "/register", {}, { "x-forwarded-for": "203.0.113.10" })).status).toBe(200);
  });

  it("the register mutation without a proxy header counts by the TCP peer", async () => {
    for (let i = 0; i < 3; i++) expect((await graphql(server.baseUrl, "mutation { register { status } }")).status).toBe(200);
    expect((await graphql(server.baseUrl, "mutation { register { status } }")).status).toBe(429);
  });
});

describe("verification mail", () => {
  itRaces("300 simultaneous registrations of one address send one mail; the rest are 429s and create nothing", async () => {
    const addr = "flooded@example.test";
    const mails = () => log.entries.filter((e) => e.to === addr && /mail not sent/.test(String(e.msg))).length;
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) =>
      postJson(server.baseUrl, "/register", { email: addr }, { "x-forwarded-for": `198.51.100.${i % 250}` })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(299);
    expect(mails()).toBe(1);
    const accounts = await server.database.db.selectFrom("accounts").select("id").where("email", "=", addr).execute();
    expect(accounts).toHaveLength(1);
    expect(await metric(/^registrations_refused_total\{reason="mail_interval"\}/)).toBeGreaterThanOrEqual(299);
  });
});
