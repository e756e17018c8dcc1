import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { isCapability } from "../../src/server/discovery/discovery-docs.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const BASE = "https://astro.example.test";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_BASE_URL: BASE }, appOptions: { accounts: {} } });
});
afterAll(async () => {
  await server?.close();
});

async function get(path: string): Promise<{ status: number; type: string; body: any }> {
  const res = await fetch(`${server.baseUrl}${path}`);
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.json() };
}

/** Every string value in a JSON tree that looks like a URL. */
function urlsIn(v: unknown, out: string[] = []): string[] {
  if (typeof v === "string" && /^[a-z]+:\/\//.test(v)) out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => urlsIn(x, out));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => urlsIn(x, out));
  return out;
}

describe("discovery files", () => {
  const paths = ["/.well-known/ai-plugin.json", "/.well-known/mcp.json", "/.well-known/mcp/server-card.json", "/skill.json"];

  it.each(paths)("%s answers 200 JSON without a key, and every URL in it is absolute on PUBLIC_BASE_URL", async (p) => {
    const r = await get(p);
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^application\/json/);
    const urls = urlsIn(r.body);
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) expect(u.startsWith(`${BASE}/`) || u === BASE, u).toBe(true);
  });

  it("costs nothing: a key's balance is unchanged after fetching all four", async () => {
    const reg = await (await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json() as any;
    const acct = async () => (await (await fetch(`${server.baseUrl}/account`, { headers: { "x-api-key": reg.api_key } })).json()) as any;
    const before = await acct();
    for (const p of paths) expect((await fetch(`${server.baseUrl}${p}`, { headers: { "x-api-key": reg.api_key } })).status).toBe(200);
    const after = await acct();
    // GET /account itself counts one use; the four discovery fetches count none and cost nothing.
    expect(after.usage_total).toBe(before.usage_total + 1);
    expect(after.balance).toBe(before.balance);
    expect(after.plan_credits).toBe(before.plan_credits);
  });

  it("skill.json lists exactly the calculation/calendar routes with the route table's prices", async () => {
    const { body } = await get("/skill.json");
    const expected = ROUTES.filter(isCapability);
    expect(expected.length).toBeGreaterThan(5);
    expect(body.capabilities.map((c: any) => `${c.method} ${c.path} ${c.credits}`)).toEqual(
      expected.map((r) => `${r.method.toUpperCase()} ${r.path} ${r.credits}`),
    );
    const kundali = body.capabilities.find((c: any) => c.path === "/kundali");
    expect(kundali.url).toBe(`${BASE}/kundali`);
    expect(kundali.price_usd).toBeCloseTo(kundali.credits * 0.03, 6);
    expect(kundali.input_schema.required).toEqual(expect.arrayContaining(["datetime", "latitude", "longitude"]));
    // Not capabilities: accounts, payments, admin.
    expect(body.capabilities.some((c: any) => c.path === "/register" || c.path.startsWith("/admin") || c.path.startsWith("/checkout"))).toBe(false);
  });

  it("the MCP manifest and server card point at the MCP endpoint; the card lists one tool per capability", async () => {
    const m = (await get("/.well-known/mcp.json")).body;
    expect(m.transport).toEqual({ type: "streamable-http", url: `${BASE}/mcp` });
    expect(m.authentication.header).toBe("X-API-Key");
    const card = (await get("/.well-known/mcp/server-card.json")).body;
    expect(card.transport.url).toBe(`${BASE}/mcp`);
    // One tool per capability, plus register and account (the MCP server's own list).
    expect(card.tools.length).toBe(ROUTES.filter(isCapability).length + 2);
    expect(card.tools.map((t: any) => t.name)).toEqual(expect.arrayContaining(["register", "account"]));
    const vargas = card.tools.find((t: any) => t.name === "vargas");
    expect(vargas.description).toContain("Price: 3 credits");
    expect(vargas.inputSchema.type).toBe("object");
  });

  it("ai-plugin.json names the OpenAPI document by absolute URL, and that document is served", async () => {
    const p = (await get("/.well-known/ai-plugin.json")).body;
    expect(p.schema_version).toBe("v1");
    expect(p.api).toEqual({ type: "openapi", url: `${BASE}/openapi.json` });
    expect((await fetch(`${server.baseUrl}/openapi.json`)).status).toBe(200);
  });
});
