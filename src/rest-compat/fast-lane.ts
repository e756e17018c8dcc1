/**
 * The REST fast lane (docs/architecture.md §11). The common REST request — a route of the table,
 * a JSON body or none, an API client rather than a browser — is matched by a table lookup and
 * read with node:http alone, then given to the same route handler the express router calls
 * (router.ts createRestHandler). Every other request goes to express unchanged: HEAD, 405,
 * unknown paths, raw-body routes, compressed, chunked, non-UTF-8 or oversized bodies, MCP's
 * internal calls, and callers that accept HTML (redirects and pages are express's).
 *
 * Why not express for these: express gives every request and response a new prototype
 * (Object.setPrototypeOf) and walks a router of ~300 layers. Measured on this service's
 * machine: a bare express app promotes 31% of what it allocates to V8's old space (node:http
 * alone: 0%), which is what filled the old space between full collections and put their pauses
 * in the p99; express, router and body-parser were also ~14% of the CPU of POST /panchanga.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import proxyAddr from "proxy-addr";
import { contentLengthExceeds } from "../gates/body-limit.js";
import { INTERNAL_CLIENT_HEADER } from "../server/mcp/internal-forward.js";
import { expressPath, type RestHandler } from "./router.js";
import type { RouteEntry } from "./route-entry.js";
import { sendJson, type RestExchange } from "./rest-exchange.js";

export interface FastLaneOptions {
  readonly routes: readonly RouteEntry[];
  readonly handle: RestHandler;
  /** Where every other request goes: the express app. */
  readonly fallback: RequestListener;
  readonly bodyLimitBytes: number;
  /** express's compiled `trust proxy fn` and `query parser fn`: req.ip and the query as express makes them. */
  readonly trust: (address: string, hop: number) => boolean;
  readonly parseQuery: (search: string) => Record<string, unknown>;
  /** Once per answered request (metrics, access log): the route pattern and when the request arrived. */
  readonly onFinish: (req: IncomingMessage, res: ServerResponse, routePattern: string, startedNs: bigint) => void;
  /** Writes a JSON answer (default sendJson; the service passes its compressing writer). */
  readonly json?: (res: ServerResponse, status: number, value: unknown) => void;
  /** A request the handler failed (or whose body could not be read): answer it. */
  readonly onError: (err: unknown, req: IncomingMessage, res: ServerResponse) => void;
}

interface DynamicRoute {
  readonly route: RouteEntry;
  /** Literal segments as strings, parameters as { name }. */
  readonly segments: ReadonlyArray<string | { readonly name: string }>;
}

interface MethodTable {
  readonly exact: Map<string, RouteEntry>;
  readonly dynamic: DynamicRoute[];
}

interface Match {
  readonly route: RouteEntry;
  readonly params: Record<string, string>;
}

function segmentsMatch(segments: DynamicRoute["segments"], parts: readonly string[]): boolean {
  return segments.length === parts.length && segments.every((seg, i) => (typeof seg === "string" ? seg === parts[i] : parts[i] !== ""));
}

/** The lane's route table: exact paths in a Map, parameterised ones segment by segment (express's non-strict, case-sensitive matching). */
export function compileRouteTable(routes: readonly RouteEntry[]): (method: string, pathname: string) => Match | null | undefined {
  const byMethod = new Map<string, MethodTable>();
  for (const route of routes) {
    if (route.rawBody || route.rawContentType) continue;
    const method = route.method.toUpperCase();
    let t = byMethod.get(method);
    if (!t) byMethod.set(method, (t = { exact: new Map(), dynamic: [] }));
    if (!route.path.includes("{")) {
      // express takes the first registered route that matches: an earlier parameterised one wins.
      const parts = route.path.split("/").slice(1);
      if (!t.exact.has(route.path) && !t.dynamic.some((d) => segmentsMatch(d.segments, parts))) t.exact.set(route.path, route);
      continue;
    }
    const segments = route.path.split("/").slice(1).map((s) => {
      const p = /^\{([A-Za-z0-9_]+)\}$/.exec(s);
      return p ? { name: p[1]! } : s;
    });
    t.dynamic.push({ route, segments });
  }
  /** The route and its decoded parameters; null: no route here; undefined: a parameter did not decode (express answers it). */
  return (method, pathname) => {
    const t = byMethod.get(method);
    if (!t) return null;
    // express matches with or without one trailing slash.
    const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    const exact = t.exact.get(path);
    if (exact) return { route: exact, params: {} };
    if (t.dynamic.length === 0) return null;
    const parts = path.split("/").slice(1);
    for (const d of t.dynamic) {
      if (d.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const seg = d.segments[i]!;
        const part = parts[i]!;
        if (typeof seg === "string") ok = seg === part;
        else if (part === "") ok = false;
        else {
          try {
            params[seg.name] = decodeURIComponent(part);
          } catch {
            return undefined;
          }
        }
      }
      if (ok) return { route: d.route, params };
    }
    return null;
  };
}

/** Whether a request's body is one the lane reads itself (else express's body-parser does). */
function plainBody(req: IncomingMessage, limit: number): boolean {
  const h = req.headers;
  if (h["transfer-encoding"] !== undefined) return false;
  const encoding = h["content-encoding"];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity") return false;
  const length = h["content-length"];
  // A malformed length or one over the limit: express answers (bodySizeLimit's 413, body-parser's 400).
  if (length !== undefined && (!/^\d+$/.test(length.trim()) || contentLengthExceeds(length, limit))) return false;
  const type = h["content-type"];
  if (type !== undefined) {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") return false;
  }
  return true;
}

class BodyError extends Error {
  constructor(readonly type: string, readonly status: number, message: string) {
    super(message);
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on("aborted", () => reject(new BodyError("request.aborted", 400, "request aborted")));
    req.on("error", (err) => reject(Object.assign(err, { type: "request.aborted", status: 400 })));
  });
}

/** The JSON body as express.json({ strict: false }) reads it: UTF-8, a leading BOM dropped, empty → {}. */
function parseJsonBody(buf: Buffer): unknown {
  let text = buf.toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.length === 0) return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    throw Object.assign(err as Error, { status: 400, type: "entity.parse.failed", body: text });
  }
}

function notForTheLane(): never {
  throw new Error("REST fast lane: pages and redirects are express's (callers accepting HTML are not taken)");
}

export function createFastLane(o: FastLaneOptions): RequestListener {
  const match = compileRouteTable(o.routes);
  const patternOf = new Map(o.routes.map((r) => [r, expressPath(r.path)]));
  const json = o.json ?? sendJson;

  return (req, res) => {
    const url = req.url ?? "";
    const q = url.indexOf("?");
    const pathname = q >= 0 ? url.slice(0, q) : url;
    const m = url.charCodeAt(0) === 47 /* "/" */ && req.method !== "HEAD" ? match(req.method ?? "", pathname) : null;
    const accept = req.headers.accept;
    if (!m || m.route.pageFirst || req.headers[INTERNAL_CLIENT_HEADER] !== undefined || (accept !== undefined && /html/i.test(accept))
      || !plainBody(req, o.bodyLimitBytes)) {
      o.fallback(req, res);
      return;
    }
    const startedNs = process.hrtime.bigint();
    res.once("finish", () => o.onFinish(req, res, patternOf.get(m.route)!, startedNs));
    (req as IncomingMessage & { ip?: string }).ip = proxyAddr(req, o.trust);
    const withBody = m.route.input.body !== undefined && Number(req.headers["content-length"] ?? 0) > 0;
    const run = async (): Promise<void> => {
      const body = withBody ? parseJsonBody(await readBody(req)) : undefined;
      const ex: RestExchange = {
        req,
        originalUrl: url,
        params: m.params,
        query: o.parseQuery(q >= 0 ? url.slice(q + 1) : ""),
        body,
        header: (name) => {
          const v = req.headers[name];
          return Array.isArray(v) ? v.join(", ") : v;
        },
        // Callers that accept HTML never reach the lane, so the handler never answers them a page or a redirect.
        prefersHtml: () => false,
        setHeader: (name, value) => void res.setHeader(name, value),
        json: (status, value) => json(res, status, value),
        html: notForTheLane,
        redirect: notForTheLane,
        send: notForTheLane,
      };
      await o.handle(m.route, ex);
    };
    run().catch((err: unknown) => o.onError(err, req, res));
  };
}
