import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { isCapability } from "../../src/server/discovery/discovery-docs.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const ADMIN_KEY = "admin-key-for-mcp-tests-01234567";
const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
let server: TestServer;

async function connect(apiKey?: string): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
    requestInit: { headers: apiKey ? { "x-api-key": apiKey } : {} },
  });
  await client.connect(transport);
  return client;
}
const textOf = (r: any): string => r.content[0].text;

async function rest(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method, headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
});
afterAll(async () => {
  await server?.close();
});

describe("MCP server (Streamable HTTP, the SDK's own client)", () => {
  it("lists one tool per calculation/calendar route plus register and account, with prices and input schemas", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    const expected = ROUTES.filter(isCapability).map((r) => r.operationId);
    expect(names).toEqual(expect.arrayContaining([...expected, "register", "account"]));
    expect(names.length).toBe(expected.length + 2);
    const kundali = tools.find((t) => t.name === "kundali")!;
    const route = ROUTES.find((r) => r.operationId === "kundali")!;
    expect(kundali.description).toContain(`Price: ${route.credits} credit`);
    expect(kundali.inputSchema.required).toEqual(expect.arrayContaining(["datetime", "latitude", "longitude"]));
    await client.close();
  });

  it("register gives a key; a paid tool call with it returns the REST body and debits exactly the REST price", async () => {
    const anon = await connect();
    const reg = JSON.parse(textOf(await anon.callTool({ name: "register", arguments: {} })));
    expect(reg.api_key).toMatch(/\S{10,}/);
    await anon.close();
    const grant = await rest("POST", "/admin/grant-credits", { account_id: reg.account_id, credits: 50, reason: "mcp test" }, { "x-admin-key": ADMIN_KEY });
    expect(grant.status).toBe(200);

    const client = await connect(reg.api_key);
    const balance = async () => JSON.parse(textOf(await client.callTool({ name: "account", arguments: {} }))).balance as number;
    // Use up the two free calls, through MCP.
    for (let i = 0; i < 2; i++) expect((await client.callTool({ name: "vargas", arguments: BIRTH })).isError).toBeFalsy();
    const b0 = await balance();
    expect(b0).toBe(50);

    const viaMcp = await client.callTool({ name: "vargas", arguments: { ...BIRTH, charts: "D9" } });
    expect(viaMcp.isError).toBeFalsy();
    const b1 = await balance();
    const viaRest = await rest("POST", "/vargas", { ...BIRTH, charts: "D9" }, { "x-api-key": reg.api_key });
    expect(viaRest.status).toBe(200);
    const b2 = await balance();
    const price = ROUTES.find((r) => r.path === "/vargas")!.credits;
    expect(b0 - b1).toBeCloseTo(price, 6);
    expect(b1 - b2).toBeCloseTo(price, 6);
    // The result is the REST body.
    expect(JSON.parse(textOf(viaMcp))).toEqual(JSON.parse(viaRest.text));
    expect(viaMcp.structuredContent).toEqual(JSON.parse(viaRest.text));
    await client.close();
  });

  /** Tools whose example needs a resource of the caller's first: the tool that makes it, its arguments, the field carried over. */
  const PREREQUISITES: Record<string, { tool: string; args: Record<string, unknown>; into: string }> = {
    createSubscriptionFeed: { tool: "subscribeWebhook", args: { url: "https://1.1.1.1/astro-events", events: ["purnima"] }, into: "subscription_id" },
  };

  it("parity: every paid tool, called with its route's example input, debits exactly the sum of the routes' credits", async () => {
    const paid = ROUTES.filter((r) => isCapability(r) && r.credits > 0);
    const checked: string[] = [];
    // A key may make 60 requests a minute: a fresh funded key per 40 tools, one balance read before and after each batch.
    for (let start = 0; start < paid.length; start += 40) {
      const batch = paid.slice(start, start + 40);
      const reg = JSON.parse((await rest("POST", "/register", {})).text);
      expect((await rest("POST", "/admin/grant-credits", { account_id: reg.account_id, credits: 1000, reason: "mcp parity" }, { "x-admin-key": ADMIN_KEY })).status).toBe(200);
      const client = await connect(reg.api_key);
      const balance = async () => JSON.parse(textOf(await client.callTool({ name: "account", arguments: {} }))).balance as number;
      for (let i = 0; i < 2; i++) await client.callTool({ name: "vargas", arguments: BIRTH }); // the free tier
      const before = await balance();
      let extra = 0;
      for (const route of batch) {
        const args: Record<string, unknown> = {};
        for (const fields of [route.input.path, route.input.query, route.input.body]) {
          for (const [name, spec] of Object.entries(fields ?? {})) if (spec.required && spec.example !== undefined) args[name] = spec.example;
        }
        Object.assign(args, route.exampleInput?.path, route.exampleInput?.query, route.exampleInput?.body);
        // A tool acting on a resource of the caller's (a subscription's feed) gets one made first, through its own tool, at its price.
        const pre = PREREQUISITES[route.operationId];
        if (pre) {
          const made = await client.callTool({ name: pre.tool, arguments: pre.args });
          expect(made.isError, `${pre.tool}: ${textOf(made).slice(0, 200)}`).toBeFalsy();
          args[pre.into] = JSON.parse(textOf(made))[pre.into];
          extra += ROUTES.find((x) => x.operationId === pre.tool)!.credits;
        }
        const r = await client.callTool({ name: route.operationId, arguments: args });
        expect(r.isError, `${route.operationId}: ${textOf(r).slice(0, 200)}`).toBeFalsy();
        checked.push(route.operationId);
      }
      expect(before - (await balance())).toBeCloseTo(batch.reduce((sum, r) => sum + r.credits, 0) + extra, 6);
      await client.close();
    }
    expect(checked.length).toBe(paid.length);
  }, 180_000);

  it("without a key a paid tool answers the same 401 text as REST", async () => {
    const client = await connect();
    const r = await client.callTool({ name: "vargas", arguments: BIRTH });
    expect(r.isError).toBe(true);
    const restAnswer = await rest("POST", "/vargas", BIRTH);
    expect(restAnswer.status).toBe(401);
    expect(textOf(r)).toBe(restAnswer.text);
    await client.close();
  });

  it("bad input is the REST 422 (naming the field) as a tool error", async () => {
    const client = await connect();
    const r = await client.callTool({ name: "vargas", arguments: { ...BIRTH, latitude: 123 } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain("latitude");
    await client.close();
  });
});
