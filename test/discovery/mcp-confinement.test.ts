import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * Issue 22 item 8: MCP path arguments stay inside their segment (no `.`, `..`, `/`):
 * festivalsOfMonth(year: "..", month: "account") must not run GET /account; and MCP honours
 * `X-Dry-Run: price` (the price, nothing run or charged).
 */
const ADMIN_KEY = "admin-key-for-mcp-confinement-0123456789";
let server: TestServer;

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "mcp-confinement-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}
const textOf = (r: any): string => r.content[0].text;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
});
afterAll(() => server?.close());

describe("MCP", () => {
  it("festivalsOfMonth(year: '..', month: 'account') is refused with a 422 naming the path parameter; GET /account never runs", async () => {
    const reg = (await (await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as
      { api_key: string; account_id: string };
    const client = await connect({ "x-api-key": reg.api_key });
    for (const [year, month] of [["..", "account"], [".", "account"], ["2024/..", "1"], ["2024", ".."], ["2024", "a/b"]]) {
      const r = await client.callTool({ name: "festivalsOfMonth", arguments: { year, month } });
      expect(r.isError).toBe(true);
      const body = JSON.parse(textOf(r));
      expect(body.account_id).toBeUndefined();
      expect(body.detail[0].loc[0]).toBe("path");
      expect(JSON.stringify(body)).not.toContain(reg.account_id);
    }
    await client.close();
  });

  it("X-Dry-Run: price answers the tool's price without running it or charging", async () => {
    const reg = (await (await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as
      { api_key: string };
    const dry = await connect({ "x-api-key": reg.api_key, "x-dry-run": "price" });
    const r = await dry.callTool({ name: "festivalsOfYear", arguments: { year: 2024 } });
    expect(r.isError).toBeFalsy();
    const body = JSON.parse(textOf(r));
    expect(body.dry_run).toBe(true);
    expect(body.price).toBe(10);
    expect(body.festivals).toBeUndefined();
    await dry.close();
    const account = (await (await fetch(`${server.baseUrl}/account`, { headers: { "x-api-key": reg.api_key } })).json()) as { free_requests_remaining?: number; [k: string]: unknown };
    expect(JSON.stringify(account)).toContain('"balance":0');
    // Both free requests are still there: the dry run used none.
    const real = await connect({ "x-api-key": reg.api_key });
    for (let i = 0; i < 2; i++) expect((await real.callTool({ name: "festivalsOfYear", arguments: { year: 2024 } })).isError).toBeFalsy();
    expect((await real.callTool({ name: "festivalsOfYear", arguments: { year: 2024 } })).isError).toBe(true); // 402: no credits, no free left
    await real.close();
  });
});
