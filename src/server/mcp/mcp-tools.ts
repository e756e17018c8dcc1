/**
 * MCP tools generated from the route table (docs/architecture.md §6): one per calculation/calendar
 * route plus the account tools (register, account). A tool call is executed as the REST request
 * it stands for, so the price, the debit, the free tier and every refusal are the REST route's own.
 */
import type { RouteEntry } from "../../rest-compat/route-entry.js";
import { isCapability, routeInputJsonSchema } from "../discovery/discovery-docs.js";

/** The account routes an agent needs to get and watch a key. */
const ACCOUNT_TOOLS = new Set(["POST /register", "GET /account"]);

export interface McpTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly route: RouteEntry;
}

export function mcpTools(routes: readonly RouteEntry[]): McpTool[] {
  return routes
    .filter((r) => isCapability(r) || ACCOUNT_TOOLS.has(`${r.method.toUpperCase()} ${r.path}`))
    .map((r) => ({
      name: r.operationId,
      description: `${r.summary}. Price: ${r.credits} credit${r.credits === 1 ? "" : "s"} per call` +
        `${r.credits > 0 ? " (header X-API-Key; 2 free calls a day)" : ""}. REST: ${r.method.toUpperCase()} ${r.path}.` +
        (r.description ? ` ${r.description}` : ""),
      inputSchema: routeInputJsonSchema(r),
      route: r,
    }));
}

/**
 * A path argument that would leave its segment: empty, `.`, `..` (which URL resolution folds into
 * another route: year ".." + month "account" → GET /account), or holding a slash.
 */
const ESCAPES_SEGMENT = /^\.{0,2}$|[/\\]/;

/** The FastAPI-shaped 422 of a path argument that would escape its segment, or undefined. */
export function confinedPathError(route: RouteEntry, args: Record<string, unknown>): { detail: unknown[] } | undefined {
  const detail = Object.keys(route.input.path ?? {})
    .filter((name) => ESCAPES_SEGMENT.test(String(args[name] ?? "")))
    .map((name) => ({
      type: "value_error", loc: ["path", name], input: args[name] ?? null,
      msg: "Value error, a path parameter must not be empty, '.', '..' or contain '/' or '\\'",
    }));
  return detail.length > 0 ? { detail } : undefined;
}

/** A tool's arguments → the REST request (path, query string, JSON body) of its route (path arguments checked by confinedPathError first). */
export function restRequestOf(route: RouteEntry, args: Record<string, unknown>): { path: string; body?: string } {
  const inPath = route.input.path ?? {};
  const inQuery = route.input.query ?? {};
  const path = route.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => encodeURIComponent(String(args[name] ?? "")));
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    if (k in inPath) continue;
    if (k in inQuery) {
      if (v !== undefined && v !== null) query.set(k, String(v));
    } else body[k] = v;
  }
  const q = query.toString();
  const hasBody = route.method !== "get" && route.method !== "delete";
  return { path: `${path}${q ? `?${q}` : ""}`, ...(hasBody ? { body: JSON.stringify(body) } : {}) };
}
