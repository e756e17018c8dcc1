/**
 * The discovery files (/.well-known/ai-plugin.json, /.well-known/mcp.json,
 * /.well-known/mcp/server-card.json, /skill.json): generated from the route table, so a route's
 * price or path is never kept twice (docs/architecture.md §6). Absolute URLs from PUBLIC_BASE_URL.
 * Free, no key: they describe the service, they compute nothing.
 */
import type { RouteEntry } from "../../rest-compat/route-entry.js";
import { objectJsonSchema } from "../../rest-compat/input-schema.js";

export const SERVICE_NAME = "Vedic Astrology Calculation Service";
export const SERVICE_SLUG = "vedic-astro";
export const SERVICE_DESCRIPTION =
  "Vedic (sidereal) astrology calculations: panchanga, muhurta, kundali (birth charts), dashas, divisional charts " +
  "and SVG chart drawings. GraphQL with field-level credit prices, a REST layer, and an MCP server.";
/** Where the MCP server answers (Streamable HTTP). */
export const MCP_PATH = "/mcp";
/** Credit price (spec: 1 credit = 0.03 USD). */
export const USD_PER_CREDIT = 0.03;

/** Route families that are not calculations: buying, accounts, operators, liveness. */
const NOT_CAPABILITIES = new Set(["account", "payments", "admin", "service"]);

/** A calculation or calendar route: what the service sells (and what MCP exposes as a tool). */
export function isCapability(route: RouteEntry): boolean {
  return route.auth !== "admin" && !route.tags.some((t) => NOT_CAPABILITIES.has(t));
}

/**
 * The JSON Schema of a route's input as one object: path, query and body fields side by side.
 * Closed: an agent's tool call names only fields the route reads (query fields are strict).
 */
export function routeInputJsonSchema(route: RouteEntry): Record<string, unknown> {
  return objectJsonSchema({ ...route.input.path, ...route.input.query, ...route.input.body }, true);
}

export interface Capability {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly url: string;
  readonly summary: string;
  readonly credits: number;
  readonly price_usd: number;
  readonly tags: readonly string[];
  readonly input_schema: Record<string, unknown>;
}

export function capabilities(routes: readonly RouteEntry[], baseUrl: string): Capability[] {
  return routes.filter(isCapability).map((r) => ({
    name: r.operationId, method: r.method.toUpperCase(), path: r.path, url: `${baseUrl}${r.path}`, summary: r.summary,
    credits: r.credits, price_usd: Math.round(r.credits * USD_PER_CREDIT * 10000) / 10000, tags: r.tags,
    input_schema: routeInputJsonSchema(r),
  }));
}

export interface DiscoveryOptions {
  readonly baseUrl: string;
  readonly version: string;
  readonly routes: readonly RouteEntry[];
  /** ai-plugin.json's contact_email: CONTACT_EMAIL, else the address of SMTP_FROM. */
  readonly contactEmail: string;
}

function endpoints(baseUrl: string) {
  return {
    rest: baseUrl, graphql: `${baseUrl}/graphql`, openapi: `${baseUrl}/openapi.json`, docs: `${baseUrl}/docs`,
    mcp: `${baseUrl}${MCP_PATH}`, register: `${baseUrl}/register`, account: `${baseUrl}/account`, health: `${baseUrl}/health`,
  };
}

const AUTH_TEXT =
  "Header X-API-Key. Get a key with POST /register (free tier: 2 requests a day); every call is charged the credits listed.";

/** /.well-known/ai-plugin.json (the plugin manifest format: schema_version v1, an OpenAPI `api`). */
export function aiPluginManifest(o: DiscoveryOptions): Record<string, unknown> {
  return {
    schema_version: "v1",
    name_for_human: SERVICE_NAME,
    name_for_model: SERVICE_SLUG.replace(/-/g, "_"),
    description_for_human: SERVICE_DESCRIPTION,
    description_for_model: `${SERVICE_DESCRIPTION} ${AUTH_TEXT} Prices per call are in ${o.baseUrl}/skill.json.`,
    auth: { type: "service_http", authorization_type: "custom", custom_auth_header: "X-API-Key", instructions: `${o.baseUrl}/register` },
    api: { type: "openapi", url: `${o.baseUrl}/openapi.json` },
    logo_url: `${o.baseUrl}/logo.svg`,
    contact_email: o.contactEmail,
    legal_info_url: `${o.baseUrl}/`,
  };
}

/** /.well-known/mcp.json: where the MCP server is and how to authenticate. */
export function mcpManifest(o: DiscoveryOptions): Record<string, unknown> {
  return {
    name: SERVICE_SLUG,
    title: SERVICE_NAME,
    version: o.version,
    description: SERVICE_DESCRIPTION,
    transport: { type: "streamable-http", url: `${o.baseUrl}${MCP_PATH}` },
    authentication: { type: "api_key", header: "X-API-Key", obtain: `${o.baseUrl}/register`, description: AUTH_TEXT },
    server_card: `${o.baseUrl}/.well-known/mcp/server-card.json`,
    endpoints: endpoints(o.baseUrl),
  };
}

/** A tool as the server card lists it (the MCP server's own list, src/server/mcp/mcp-tools.ts). */
export interface CardTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

/** /.well-known/mcp/server-card.json: the server card, with the MCP server's tools. */
export function mcpServerCard(o: DiscoveryOptions, tools: readonly CardTool[]): Record<string, unknown> {
  return {
    serverInfo: { name: SERVICE_SLUG, title: SERVICE_NAME, version: o.version },
    description: SERVICE_DESCRIPTION,
    transport: { type: "streamable-http", url: `${o.baseUrl}${MCP_PATH}` },
    authentication: { required: true, schemes: [{ type: "api_key", in: "header", name: "X-API-Key" }] },
    capabilities: { tools: { listChanged: false } },
    tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    endpoints: endpoints(o.baseUrl),
  };
}

/** /skill.json: every capability with its price, generated from the route table. */
export function skillManifest(o: DiscoveryOptions): Record<string, unknown> {
  return {
    name: SERVICE_SLUG,
    title: SERVICE_NAME,
    version: o.version,
    description: SERVICE_DESCRIPTION,
    pricing: { unit: "credit", usd_per_credit: USD_PER_CREDIT, free_tier: "2 requests per day with a registered API key" },
    authentication: { header: "X-API-Key", obtain: { method: "POST", url: `${o.baseUrl}/register` } },
    endpoints: endpoints(o.baseUrl),
    capabilities: capabilities(o.routes, o.baseUrl),
  };
}
