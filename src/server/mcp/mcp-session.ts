/**
 * One MCP request (docs/architecture.md §6): the MCP SDK's server and Streamable HTTP transport,
 * loaded by mcp-router.ts at the first POST /mcp, so workers that never serve MCP do not hold
 * the SDK and zod.
 */
import type { IncomingMessage } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Request, Response } from "express";
import { SERVICE_VERSION } from "../../resolvers/common/service-info.js";
import { SERVICE_DESCRIPTION, SERVICE_SLUG } from "../discovery/discovery-docs.js";
import { INTERNAL_CLIENT_HEADER, internalClientHeader } from "./internal-forward.js";
import { confinedPathError, restRequestOf, type McpTool } from "./mcp-tools.js";

/** This server's own address as the MCP request reached it: tool calls go to the REST route there. */
function selfOrigin(req: IncomingMessage): string {
  const host = req.socket.localAddress ?? "127.0.0.1";
  const h = host.startsWith("::ffff:") ? host.slice(7) : host;
  return `http://${h.includes(":") ? `[${h}]` : h}:${req.socket.localPort}`;
}

/**
 * Runs a tool as its REST request against this very server (loopback): the REST layer prices,
 * debits and refuses exactly as for any REST caller, so MCP can never drift from it.
 */
async function callTool(
  tool: McpTool, args: Record<string, unknown>, origin: string, apiKey: string | undefined, clientAddress: string | undefined,
  dryRun: string | undefined,
): Promise<CallToolResult> {
  const confined = confinedPathError(tool.route, args);
  if (confined) return { isError: true, content: [{ type: "text", text: JSON.stringify(confined) }], _meta: { httpStatus: 422 } };
  const { path, body } = restRequestOf(tool.route, args);
  const res = await fetch(`${origin}${path}`, {
    method: tool.route.method.toUpperCase(),
    headers: { accept: "application/json", ...(body !== undefined ? { "content-type": "application/json" } : {}), ...(apiKey ? { "x-api-key": apiKey } : {}),
      // The MCP caller's own address, so per-address limits count them apart (internal-forward.ts).
      ...(clientAddress ? { [INTERNAL_CLIENT_HEADER]: internalClientHeader(clientAddress) } : {}),
      // `X-Dry-Run: price` on the MCP request prices the tool call without running it: the result is
      // the REST dry run's body ({dry_run, price, breakdown}), nothing charged.
      ...(dryRun ? { "x-dry-run": dryRun } : {}),
    },
    body,
  });
  const text = await res.text();
  let structured: Record<string, unknown> | undefined;
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) structured = parsed as Record<string, unknown>;
  } catch { /* not JSON: passed on as text */ }
  if (!res.ok) return { isError: true, content: [{ type: "text", text }], _meta: { httpStatus: res.status } };
  return { content: [{ type: "text", text }], ...(structured ? { structuredContent: structured } : {}) };
}

function mcpServerFor(
  tools: readonly McpTool[], origin: string, apiKey: string | undefined, clientAddress: string | undefined, dryRun: string | undefined,
): Server {
  const server = new Server({ name: SERVICE_SLUG, version: SERVICE_VERSION }, { capabilities: { tools: {} }, instructions: SERVICE_DESCRIPTION });
  const byName = new Map(tools.map((t) => [t.name, t]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as { type: "object" } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) return { isError: true, content: [{ type: "text", text: JSON.stringify({ detail: `Unknown tool ${request.params.name}` }) }] };
    return callTool(tool, (request.params.arguments ?? {}) as Record<string, unknown>, origin, apiKey, clientAddress, dryRun);
  });
  return server;
}

/** Serves one JSON-RPC POST (stateless: a server and transport for this request only). */
export async function serveMcpRequest(tools: readonly McpTool[], req: Request, res: Response): Promise<void> {
  const key = req.headers["x-api-key"];
  const dry = req.headers["x-dry-run"];
  const server = mcpServerFor(
    tools, selfOrigin(req), typeof key === "string" ? key : undefined, req.ip ?? req.socket.remoteAddress,
    typeof dry === "string" && dry.trim().toLowerCase() === "price" ? "price" : undefined,
  );
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
}
