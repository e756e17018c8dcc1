import express from "express";
import type { RouteEntry } from "../../rest-compat/route-entry.js";
import { SERVICE_VERSION } from "../../resolvers/common/service-info.js";
import { mcpTools } from "../mcp/mcp-tools.js";
import { aiPluginManifest, mcpManifest, mcpServerCard, skillManifest, type DiscoveryOptions } from "./discovery-docs.js";

/** The four discovery files, built once at start (they depend only on the route table and PUBLIC_BASE_URL). */
export function discoveryRouter(baseUrl: string, routes: readonly RouteEntry[], contactEmail: string): express.Router {
  const o: DiscoveryOptions = { baseUrl, routes, version: SERVICE_VERSION, contactEmail };
  const files: Record<string, unknown> = {
    "/.well-known/ai-plugin.json": aiPluginManifest(o),
    "/.well-known/mcp.json": mcpManifest(o),
    "/.well-known/mcp/server-card.json": mcpServerCard(o, mcpTools(routes)),
    "/skill.json": skillManifest(o),
  };
  const router = express.Router({ caseSensitive: true, strict: true });
  for (const [path, body] of Object.entries(files)) {
    const text = JSON.stringify(body);
    router.get(path, (_req, res) => {
      res.status(200).type("application/json").set("Access-Control-Allow-Origin", "*").send(text);
    });
  }
  return router;
}
