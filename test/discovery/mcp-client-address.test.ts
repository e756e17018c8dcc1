import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTERNAL_CLIENT_HEADER } from "../../src/server/mcp/internal-forward.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * MCP tool calls reach REST over loopback; the per-address limits must still count each MCP
 * caller by its own address, and nobody outside may claim an address through the internal header.
 * One proxy hop is trusted, so X-Forwarded-For plays the callers' addresses; one registration an hour each.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY_HOPS: "1", REGISTER_LIMIT_PER_HOUR: "1" }, appOptions: { accounts: {} } });
});
afterAll(async () => {
  await server?.close();
});

async function registerViaMcp(address: string): Promise<{ isError: boolean; text: string }> {
  const client = new Client({ name: "mcp-address-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
    requestInit: { headers: { "x-forwarded-for": address } },
  }));
  const r: any = await client.callTool({ name: "register", arguments: {} });
  await client.close();
  return { isError: r.isError === true, text: r.content[0].text as string };
}

describe("MCP callers keep their own client address", () => {
  it("two MCP callers each get their one registration; the first caller's second is refused", async () => {
    const a = await registerViaMcp("198.51.100.7");
    expect(a.isError, a.text).toBe(false);
    expect(JSON.parse(a.text).api_key).toBeTruthy();
    const b = await registerViaMcp("198.51.100.8");
    expect(b.isError, b.text).toBe(false);
    const again = await registerViaMcp("198.51.100.7");
    expect(again.isError).toBe(true);
    expect(again.text).toMatch(/registrations|limit|try again/i);
  });

  it("an outside request cannot claim an address with the internal header (wrong token: ignored)", async () => {
    const post = (headers: Record<string, string>) => fetch(`${server.baseUrl}/register`, {
      method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}",
    });
    const first = await post({ "x-forwarded-for": "203.0.113.9" });
    expect(first.status).toBe(200);
    const spoofed = await post({ "x-forwarded-for": "203.0.113.9", [INTERNAL_CLIENT_HEADER]: `${"0".repeat(48)} 203.0.113.10` });
    expect(spoofed.status).toBe(429);
  });
});
