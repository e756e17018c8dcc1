import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

/** Issue 23 item 6: small departures from what a client written against the spec expects. */
const ADMIN_KEY = "spec-smalls-admin-key-0123456789abcdef";
let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY, CONTACT_EMAIL: "astro-help@example.com" }, appOptions: { accounts: {} } });
  key = (await postJson(server.baseUrl, "/register", {})).body.api_key;
}, 60_000);
afterAll(async () => server?.close());

describe("small spec fidelity", () => {
  it("POST /verify takes a numeric code (a JSON number), refusing it only as a wrong code, not as a type", async () => {
    const asNumber = await postJson(server.baseUrl, "/verify", { email: "nobody@example.com", code: 123456 });
    expect(asNumber.status).not.toBe(422);
    expect(asNumber.status).toBeGreaterThanOrEqual(400);
    const asText = await postJson(server.baseUrl, "/verify", { email: "nobody@example.com", code: "123456" });
    expect(asNumber.status).toBe(asText.status);
    const negative = await postJson(server.baseUrl, "/verify", { email: "nobody@example.com", code: -1 });
    expect(negative.status).toBe(422);
  });

  it("GET /ephemeris with planets= empty gives all nine grahas", async () => {
    const res = await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15T10:30:00%2B05:30&planets=`, { headers: { "x-api-key": key } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(Object.keys(body.planets)).toHaveLength(9);
    const commas = await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15T10:30:00%2B05:30&planets=,`, { headers: { "x-api-key": key } });
    expect(Object.keys(((await commas.json()) as any).planets)).toHaveLength(9);
  });

  it("GET /graphql with a query string gets a 400 that says to POST (or to send apollo-require-preflight)", async () => {
    const res = await fetch(`${server.baseUrl}/graphql?query=%7Bhealth%7Bversion%7D%7D`, { headers: { accept: "application/json" } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.errors[0].message).toMatch(/POST \/graphql/);
    const allowed = await fetch(`${server.baseUrl}/graphql?query=%7Bhealth%7Bversion%7D%7D`, {
      headers: { accept: "application/json", "apollo-require-preflight": "true" },
    });
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as any).data.health.version).toEqual(expect.any(String));
  });

  it("admin routes check the admin key before the body: 403 before 422", async () => {
    const wrong = await postJson(server.baseUrl, "/admin/grant-credits", { credits: "lots" }, { "x-admin-key": "not-the-admin-key-at-all" });
    expect(wrong.status).toBe(403);
    const none = await postJson(server.baseUrl, "/admin/grant-credits", { credits: "lots" });
    expect(none.status).toBe(403);
    const right = await postJson(server.baseUrl, "/admin/grant-credits", { credits: "lots" }, { "x-admin-key": ADMIN_KEY });
    expect(right.status).toBe(422);
  });

  it("every admin route of the route table: a bad body with no or a wrong admin key is 403, not 422", async () => {
    const admin = ROUTES.filter((r) => r.auth === "admin" && r.method === "post");
    expect(admin.map((r) => r.path)).toEqual(expect.arrayContaining(["/admin/grant-credits", "/admin/promo-codes", "/admin/check-events"]));
    for (const r of admin) {
      expect((await postJson(server.baseUrl, r.path, { credits: "lots", events: [], code: 7 })).status, r.path).toBe(403);
      expect((await postJson(server.baseUrl, r.path, { events: "none" }, { "x-admin-key": "wrong-admin-key-0123456789abcdef" })).status, r.path).toBe(403);
      expect((await postJson(server.baseUrl, r.path, { events: "none", credits: "lots", code: 7 }, { "x-admin-key": ADMIN_KEY })).status, r.path).toBe(422);
    }
  });

  it("/favicon.ico exists (an SVG icon, cached)", async () => {
    const res = await fetch(`${server.baseUrl}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toMatch(/^<svg /);
  });

  it("email and messenger_id together: a 422 naming the conflict, at registration and at verification", async () => {
    const reg = await postJson(server.baseUrl, "/register", { email: "both@example.com", messenger_id: 42 });
    expect(reg.status).toBe(422);
    expect(reg.body.detail[0].loc).toEqual(["body", "messenger_id"]);
    expect(reg.body.detail[0].msg).toMatch(/either email or messenger_id, not both/);
    // Nothing was registered: the email alone still registers (pending), the messenger_id alone is its own channel.
    expect((await postJson(server.baseUrl, "/register", { email: "both@example.com" })).body.status).toBe("pending");
    const verify = await postJson(server.baseUrl, "/verify", { email: "both@example.com", messenger_id: 42, code: "123456" });
    expect(verify.status).toBe(422);
    expect(JSON.stringify(verify.body.detail)).toMatch(/email.*messenger_id|messenger_id.*email/);
  });

  it("X-Credits-Remaining after a top-up is the new balance (REST and GraphQL)", async () => {
    const admin = { "x-admin-key": ADMIN_KEY };
    expect((await postJson(server.baseUrl, "/admin/promo-codes", { code: "SMALLS-25", credits: 25, max_uses: 5 }, admin)).status).toBe(200);
    const rest = await postJson(server.baseUrl, "/topup", { payment_type: "promo", payment_hash: "SMALLS-25" }, { "x-api-key": key });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ credits_added: 25, new_balance: 25 });
    expect(rest.headers.get("x-credits-remaining")).toBe("25");

    const other = (await postJson(server.baseUrl, "/register", {})).body.api_key as string;
    const gql = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": other },
      body: JSON.stringify({ query: 'mutation { topup(paymentHash: "SMALLS-25", paymentType: "promo") { newBalance } }' }),
    });
    const body = (await gql.json()) as any;
    expect(body.data.topup.newBalance).toBe(25);
    expect(gql.headers.get("x-credits-remaining")).toBe("25");
    expect(body.extensions.cost.balance).toBe(25);
  });

  it("ai-plugin.json names a contact and a logo the service serves", async () => {
    const plugin = (await (await fetch(`${server.baseUrl}/.well-known/ai-plugin.json`)).json()) as any;
    expect(plugin.contact_email).toBe("astro-help@example.com");
    expect(plugin.logo_url).toMatch(/\/logo\.svg$/);
    const logo = await fetch(server.baseUrl + new URL(plugin.logo_url).pathname);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await logo.text()).toMatch(/^<svg [^>]*viewBox=/);
  });
});
