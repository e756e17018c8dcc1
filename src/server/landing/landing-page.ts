/**
 * GET /: one server-rendered page (no external assets: inline CSS and script only) saying what
 * the service does, a live example, the price table generated from the route table, and the
 * links; `Accept: application/json` gets the same links as a JSON index.
 */
import express from "express";
import type { RouteEntry } from "../../rest-compat/route-entry.js";
import { SERVICE_VERSION } from "../../resolvers/common/service-info.js";
import { isCapability, MCP_PATH, SERVICE_DESCRIPTION, SERVICE_NAME, USD_PER_CREDIT } from "../discovery/discovery-docs.js";

const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The links of the page, relative and absolute (JSON index). */
export function landingLinks(baseUrl: string): Record<string, string> {
  const paths = {
    docs: "/docs", graphql: "/graphql", openapi: "/openapi.json", mcp: MCP_PATH, health: "/health", register: "/register",
    skill: "/skill.json", ai_plugin: "/.well-known/ai-plugin.json", mcp_manifest: "/.well-known/mcp.json",
    mcp_server_card: "/.well-known/mcp/server-card.json",
  };
  return Object.fromEntries(Object.entries(paths).map(([k, p]) => [k, `${baseUrl}${p}`]));
}

function priceRows(routes: readonly RouteEntry[]): string {
  return routes.filter(isCapability).map((r) =>
    `<tr><td><code>${r.method.toUpperCase()} ${esc(r.path)}</code></td><td>${esc(r.summary)}</td>` +
    `<td class="n">${r.credits}</td><td class="n">$${(r.credits * USD_PER_CREDIT).toFixed(3)}</td></tr>`).join("\n");
}

// The example runs in the browser against this server only: the price by dry run (free), a key
// from POST /register, then the call itself with that key (one of the two free calls a day).
const SCRIPT = `
const $ = (id) => document.getElementById(id);
const today = new Date().toISOString().slice(0, 10);
const exampleUrl = "/panchanga?date=" + today + "&latitude=28.6139&longitude=77.209&tz=Asia/Kolkata";
$("example-url").textContent = "GET " + exampleUrl;
let key = null;
fetch(exampleUrl, { headers: { "X-Dry-Run": "price", "Accept": "application/json" } })
  .then((r) => r.json()).then((b) => { $("example-price").textContent = JSON.stringify(b); })
  .catch((e) => { $("example-price").textContent = String(e); });
fetch("/health", { headers: { "Accept": "application/json" } }).then((r) => r.json())
  .then((b) => { $("status").textContent = b.status + " (version " + b.version + ")"; })
  .catch(() => { $("status").textContent = "unreachable"; });
$("get-key").addEventListener("click", async () => {
  const r = await fetch("/register", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  const b = await r.json();
  key = b.api_key || null;
  $("key").textContent = key ? "Your key: " + key : JSON.stringify(b);
  $("run").disabled = !key;
});
$("run").addEventListener("click", async () => {
  const r = await fetch(exampleUrl, { headers: { "X-API-Key": key, "Accept": "application/json" } });
  $("example-result").textContent = JSON.stringify(await r.json(), null, 2);
});
`;

export function landingHtml(routes: readonly RouteEntry[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>${esc(SERVICE_NAME)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222;line-height:1.45}
h1{font-size:1.6rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left}
.n{text-align:right}pre{background:#f6f6f6;padding:.6rem;overflow:auto;max-height:20rem}nav a{margin-right:1rem}
button{font-size:1rem;padding:.3rem .8rem}
</style></head>
<body>
<h1>${esc(SERVICE_NAME)}</h1>
<p>${esc(SERVICE_DESCRIPTION)}</p>
<nav><a href="/docs">REST docs</a><a href="/graphql">GraphQL (GraphiQL)</a><a href="/openapi.json">OpenAPI</a><a href="${MCP_PATH}" id="mcp-link">MCP endpoint (${MCP_PATH}, POST)</a><a href="/health">Status</a><a href="/skill.json">skill.json</a></nav>
<p>Service status: <span id="status">…</span></p>
<h2>Live example: today's panchanga for New Delhi</h2>
<p><code id="example-url"></code></p>
<p>Its price, by a free dry run (<code>X-Dry-Run: price</code>):</p><pre id="example-price">…</pre>
<p><button id="get-key" type="button">Get a free key</button> <span id="key"></span></p>
<p><button id="run" type="button" disabled>Run it with the key</button></p><pre id="example-result"></pre>
<h2>Prices</h2>
<p>1 credit = $${USD_PER_CREDIT.toFixed(2)}. Two free calls a day with a registered key. Header <code>X-API-Key</code>.</p>
<table id="prices"><thead><tr><th>Endpoint</th><th>What</th><th class="n">Credits</th><th class="n">USD</th></tr></thead>
<tbody>
${priceRows(routes)}
</tbody></table>
<p><small>Version ${esc(SERVICE_VERSION)}</small></p>
<script>${SCRIPT}</script>
</body></html>`;
}

export function landingRouter(baseUrl: string, routes: readonly RouteEntry[]): express.Router {
  const html = landingHtml(routes);
  const index = { name: SERVICE_NAME, version: SERVICE_VERSION, description: SERVICE_DESCRIPTION, links: landingLinks(baseUrl) };
  const router = express.Router({ strict: true });
  router.get("/", (req, res) => {
    res.vary("Accept");
    if (req.accepts(["text/html", "application/json"]) === "application/json") res.json(index);
    else res.type("html").send(html);
  });
  return router;
}
