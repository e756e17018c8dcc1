import express from "express";
import type { RouteEntry } from "../../rest-compat/route-entry.js";
import { MCP_PATH } from "../discovery/discovery-docs.js";
import { mcpTools } from "./mcp-tools.js";

/**
 * The MCP server at /mcp (Streamable HTTP, stateless: one server and transport per request, JSON
 * answers). Tools from the route table; the caller's X-API-Key is passed to the REST route. The
 * SDK (mcp-session.ts) is loaded at the first POST, not at start.
 */
export function mcpRouter(routes: readonly RouteEntry[], bodyLimitKb: number): express.Router {
  const tools = mcpTools(routes);
  let session: Promise<typeof import("./mcp-session.js")> | undefined;
  const router = express.Router();
  router.post(MCP_PATH, express.json({ limit: `${bodyLimitKb}kb` }), async (req, res, next) => {
    try {
      const { serveMcpRequest } = await (session ??= import("./mcp-session.js"));
      await serveMcpRequest(tools, req, res);
    } catch (err) {
      next(err);
    }
  });
  // Stateless: no server-sent stream to open and no session to end.
  router.all(MCP_PATH, (req, res) => {
    res.status(405).set("Allow", "POST").json({ jsonrpc: "2.0", error: { code: -32000, message: `${req.method} not allowed; POST JSON-RPC to ${MCP_PATH}` }, id: null });
  });
  return router;
}
