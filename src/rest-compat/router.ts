import { HeaderMap, type ApolloServer } from "@apollo/server";
import type { IncomingMessage } from "node:http";
import express from "express";
import type { GraphQLFormattedError } from "graphql";
import type { Logger } from "pino";
import type { GraphQLContext } from "../resolvers/context.js";
import { createAdminKeyGuard, type AdminKeyGuard } from "../gates/admin-key-guard.js";
import { headHandler } from "./head-route.js";
import { refusalPage } from "./html-page.js";
import { languageOfTag, negotiateLanguage, type Language } from "../i18n/languages.js";
import { ASKED, NOT_ASKED } from "../i18n/language-choice.js";
import { localizeInPlace } from "../i18n/localize.js";
import type { DirectExecutor, OperationAnswer } from "./direct-executor.js";
import { rewriteCivilInput } from "./civil-fields.js";
import { validateInput, type InputSchema, type RawInput, type ValidInput } from "./input-schema.js";
import { LANGUAGE_ASKED, NO_LANGUAGE_ASKED, type RouteEntry } from "./route-entry.js";
import { expressExchange, type RestExchange } from "./rest-exchange.js";
import { issue, validationErrorBody, type Loc } from "./validation-error.js";
import { releaseForError, type CostReport } from "../costing/cost-plugin.js";
import { billOf, type BillCarrier, type RequestBill } from "../costing/request-bill.js";
import { clientGone, responseOf } from "../server/in-flight.js";
import { claimIdempotencyKey, requestHash } from "../server/idempotency.js";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

export interface RestHandlerDeps {
  readonly apollo: ApolloServer<GraphQLContext>;
  /** The same context builder /graphql uses; may throw an error carrying an HTTP status (auth). */
  readonly createContext: (req: IncomingMessage) => Promise<GraphQLContext>;
  /**
   * Whether `api_key` routes refuse callers without an account. False while no authentication
   * hook is installed (before accounts exist), so the calculation routes stay usable.
   */
  readonly enforceApiKey: boolean;
  /** ADMIN_KEY; admin routes are disabled (403) without it. */
  readonly adminKey: string | undefined;
  /** The admin key check with its per-address throttle (default: one made for `adminKey`). */
  readonly adminGuard?: AdminKeyGuard;
  /** The caller's address, for the admin-key throttle (default: the TCP peer). */
  readonly addressOf?: (req: IncomingMessage) => string | undefined;
  readonly logger: Logger;
  /**
   * The direct path (stored document, /graphql's gates, graphql-js), used when given; without it
   * each route runs through Apollo's executeOperation (and every Apollo plugin).
   */
  readonly direct?: DirectExecutor;
  /** Where Idempotency-Key answers are stored (src/server/idempotency.ts); without it the header is ignored. */
  readonly idempotency?: { readonly db: Kysely<Database>; readonly now: () => Date };
}

const INTERNAL = { detail: "Internal Server Error" };

/** Names the JSON body fields a request sent that the route does not read (they were ignored). */
export const IGNORED_FIELDS_HEADER = "X-Ignored-Fields";

/** express path syntax from the OpenAPI path: /festivals/{year} → /festivals/:year. */
export function expressPath(openApiPath: string): string {
  return openApiPath.replace(/\{([A-Za-z0-9_]+)\}/g, ":$1");
}

/** HTTP status carried by an error (http-errors, GraphQLError extensions.http), if any. */
function statusOf(err: unknown): number | undefined {
  const e = err as { status?: unknown; statusCode?: unknown; extensions?: { http?: { status?: unknown } } };
  const s = e?.extensions?.http?.status ?? e?.status ?? e?.statusCode;
  return typeof s === "number" && s >= 400 && s < 600 ? s : undefined;
}

/** Where a GraphQL error's `field` points in this route's request. */
function locOf(route: RouteEntry, field: string | undefined): Loc {
  if (!field) return route.input.body ? ["body"] : ["query"];
  const explicit = route.errorLocs?.[field] ?? route.errorLocOf?.(field);
  if (explicit) return explicit;
  const name = field.split(".").pop()!;
  const where = (["path", "query", "body"] as const).find((w) => route.input[w]?.[name]);
  return where ? [where, name] : [route.input.body ? "body" : "query", name];
}

function inputAt(raw: RawInput, loc: Loc): unknown {
  let v: unknown = raw;
  for (const key of loc) v = v !== null && typeof v === "object" ? (v as Record<string | number, unknown>)[key] : undefined;
  return v === undefined ? null : v;
}

/** Runs one REST route for one request: the code both the express router and the fast lane call. */
export type RestHandler = (route: RouteEntry, ex: RestExchange) => Promise<void>;

/**
 * The route handler: validate (422 in FastAPI's shape), authorise, execute the route's GraphQL
 * document in-process with the caller's context (the direct path, or Apollo's executeOperation),
 * and map the result to the spec's JSON.
 */
export function createRestHandler(deps: RestHandlerDeps): RestHandler {
  const adminGuard = deps.adminGuard ?? createAdminKeyGuard(deps.adminKey);
  const addressOf = deps.addressOf ?? ((req: IncomingMessage) => req.socket?.remoteAddress);
  return async function handle(route: RouteEntry, ex: RestExchange): Promise<void> {
    const given: RawInput = {
      path: ex.params,
      query: ex.query,
      body: route.input.body ? ex.body : undefined,
    };
    // The admin key before the body: a caller without it learns nothing about the body (403 before 422).
    if (route.auth === "admin") {
      const verdict = adminGuard.check(ex.header("x-admin-key"), addressOf(ex.req));
      if (!verdict.ok) {
        if (verdict.retryAfterSeconds !== undefined) ex.setHeader("retry-after", String(verdict.retryAfterSeconds));
        ex.json(verdict.status, { detail: verdict.message });
        return;
      }
    }

    // Local time + timezone/place → the spec's datetime with offset, and the place's coordinates.
    const civil = await rewriteCivilInput(route, given);
    if (civil.errors.length > 0) {
      ex.json(422, validationErrorBody(civil.errors));
      return;
    }
    const raw = civil.raw;
    const { input, errors, ignored } = validateInput(route.input as InputSchema, raw);
    if (errors.length > 0) {
      if (route.htmlPage && ex.prefersHtml(route.pageFirst)) {
        ex.html(422, refusalPage(422, errors.map((e) => `${e.loc.join(".")}: ${e.msg}`).join("; ")));
        return;
      }
      ex.json(422, validationErrorBody(errors));
      return;
    }
    // Unknown body fields were ignored (FastAPI's default): say which, so a typo is still visible.
    if (ignored.length > 0) ex.setHeader(IGNORED_FIELDS_HEADER, ignored.join(", ").replace(/[^\x20-\x7e]/g, "?").slice(0, 1000));

    let contextValue: GraphQLContext;
    try {
      contextValue = await deps.createContext(ex.req);
    } catch (err) {
      const status = statusOf(err);
      if (status === undefined || status >= 500) throw err;
      // e.g. Retry-After of a 429 from the keyless limit.
      const headers = (err as { extensions?: { http?: { headers?: unknown } } }).extensions?.http?.headers;
      if (headers instanceof Map) for (const [k, v] of headers) ex.setHeader(k as string, v as string);
      ex.json(status, { detail: (err as Error).message });
      return;
    }
    // A dry run (X-Dry-Run: price) only prices the document and runs nothing, so it needs no key.
    const dryRun = ex.header("x-dry-run")?.trim().toLowerCase() === "price";
    if (route.auth === "api_key" && deps.enforceApiKey && !contextValue.account && !dryRun) {
      ex.json(401, {
        detail: ex.header("x-api-key")
          ? "Unknown API key. Check the X-API-Key header, or get a new key instantly with POST /register."
          : "Missing API key: send it in the X-API-Key header. Get a free key instantly with POST /register.",
      });
      return;
    }

    // The answer's language (docs/languages.md): `lang`, else Accept-Language, else English.
    const localised = route.input.query?.lang !== undefined;
    const language: Language | undefined = !localised ? undefined
      : input.query.lang !== undefined ? languageOfTag(String(input.query.lang)) : negotiateLanguage(ex.header("accept-language"));
    if (localised) contextValue.language = language ? ASKED.get(language)! : NOT_ASKED;

    // Idempotency-Key on a paid POST: a repeat is answered from the store, uncharged (docs/billing.md).
    const idemKey = ex.header("idempotency-key");
    if (idemKey !== undefined && deps.idempotency && route.method === "post" && route.auth === "api_key" && contextValue.account && !dryRun) {
      const res = responseOf(ex.req);
      if (res) {
        const decision = await claimIdempotencyKey(deps.idempotency.db, {
          accountId: contextValue.account.id, key: idemKey, hash: requestHash("POST", route.path, { params: ex.params, query: ex.query, body: raw.body }),
          now: deps.idempotency.now(), res, errorBody: (message) => ({ detail: message }),
        });
        if (decision.kind === "answered") return;
        decision.record(res);
      }
    }
    const variables = route.variables(input, route.rawBody ? { rawBody: typeof ex.body === "string" ? ex.body : "" } : {});
    // This handler settles the hold itself, once it knows the status of the answer it writes.
    (contextValue as BillCarrier).billSettledByCaller = true;
    const response = await runOperation(route, route.documentFor?.(input as ValidInput) ?? route.document, ex, variables, contextValue);
    const bill = billOf(contextValue);
    try {
      await answer(route, ex, raw, input as ValidInput, response, bill, { localised, language, echoes: civil.echoes });
    } catch (err) {
      await bill?.release();
      throw err;
    }
  };

  async function answer(
    route: RouteEntry, ex: RestExchange, raw: RawInput, input: ValidInput, response: OperationAnswer, bill: RequestBill | undefined,
    lang: { localised: boolean; language: Language | undefined; echoes: Record<string, unknown> },
  ): Promise<void> {
    const { data, errors: gqlErrors, extensions } = response;
    const failed = gqlErrors !== undefined && gqlErrors.length > 0;
    const cost = extensions?.cost as (CostReport & { dryRun?: boolean }) | undefined;
    let reply: ReturnType<RouteEntry["result"]> | undefined;
    if (!failed && !cost?.dryRun) reply = route.result((data ?? {}) as Record<string, unknown>, input, lang.language ? LANGUAGE_ASKED : NO_LANGUAGE_ASKED);
    const status = reply ? (reply.status ?? response.status ?? 200) : undefined;
    // No answer to pay for (an error, or a route that maps its data to a 4xx/5xx): release first,
    // so the headers and the balance the caller sees next say nothing was charged.
    if (bill && (failed || (status !== undefined && status >= 400))) await releaseForError(bill, cost, response.headers);
    // Headers set by the gates (costing: X-Credits-Charged …, RateLimit-*) travel to the REST caller too.
    for (const [name, value] of response.headers) {
      if (name !== "content-type") ex.setHeader(name, value);
    }
    if (failed) {
      sendGraphQLErrors(route, raw, ex, gqlErrors, response.status);
      return;
    }
    // X-Dry-Run: price — nothing ran, so there is no data to map: answer the price itself.
    if (cost?.dryRun || !reply) {
      ex.json(200, {
        dry_run: true, price: cost?.price, ...(cost?.ceiling !== undefined ? { ceiling: cost.ceiling } : {}), breakdown: cost?.breakdown ?? [],
      });
      return;
    }
    if (lang.localised) {
      ex.setHeader("content-language", lang.language ?? "en");
      if (lang.language && reply) localiseReply(reply.body, lang.language);
    }
    if (bill && status! < 400) {
      const res = responseOf(ex.req);
      // A client that left while this ran gets no answer, so it pays nothing.
      if (await clientGone(res)) {
        await bill.release();
        return;
      }
      bill.captureOnceWritten(res);
    }
    if (reply.raw !== undefined) {
      const raw = reply.raw;
      if (raw.cacheControl) ex.setHeader("cache-control", raw.cacheControl);
      if (raw.etag) {
        ex.setHeader("etag", raw.etag);
        // RFC 9110 §13.1.2: weak comparison; "*" matches any current representation.
        const inm = ex.header("if-none-match");
        if (inm && (inm.trim() === "*" || inm.split(",").some((t) => t.trim().replace(/^W\//, "") === raw.etag))) {
          ex.send(304, raw.contentType, "");
          return;
        }
      }
      ex.send(status!, raw.contentType, raw.text);
      return;
    }
    if (reply.redirect !== undefined && ex.prefersHtml(route.pageFirst)) {
      ex.redirect(303, reply.redirect);
      return;
    }
    if (reply.html !== undefined && ex.prefersHtml(route.pageFirst)) {
      ex.html(status!, reply.html);
      return;
    }
    const body = Object.keys(lang.echoes).length > 0 && reply.body !== null && typeof reply.body === "object" && !Array.isArray(reply.body)
      ? { ...(reply.body as Record<string, unknown>), ...lang.echoes }
      : reply.body;
    ex.json(status!, body);
  }

  /** The route's operation, on the direct path when there is one, else through Apollo. */
  async function runOperation(
    route: RouteEntry, document: string, ex: RestExchange, variables: Record<string, unknown>, contextValue: GraphQLContext,
  ): Promise<OperationAnswer> {
    const http = httpRequestOf(ex);
    if (deps.direct) return deps.direct(document, variables, http.headers, contextValue);
    const response = await deps.apollo.executeOperation(
      { query: document, variables, http },
      { contextValue },
    );
    if (response.body.kind !== "single") throw new Error(`route ${route.path}: unexpected incremental GraphQL result`);
    const { data, errors, extensions } = response.body.singleResult;
    return { status: response.http.status, headers: response.http.headers, data, errors, extensions };
  }

  function sendGraphQLErrors(
    route: RouteEntry, raw: RawInput, ex: RestExchange, errors: readonly GraphQLFormattedError[], httpStatus: number | undefined,
  ): void {
    const bad = errors.filter((e) => e.extensions?.code === "BAD_USER_INPUT");
    if (bad.length > 0) {
      const items = bad.map((e) => {
        const loc = locOf(route, e.extensions?.field as string | undefined);
        return issue.valueError(loc, inputAt(raw, loc), e.message);
      });
      ex.json(422, validationErrorBody(items));
      return;
    }
    // An error the pipeline meant for the caller (401/402/403/429 … set through extensions.http;
    // 502/503: a payment processor failed or is not configured).
    if (httpStatus !== undefined && ((httpStatus >= 400 && httpStatus < 500) || httpStatus === 502 || httpStatus === 503)) {
      const first = errors[0]!;
      const detail = first.extensions?.detail ?? first.message;
      // A person who clicked a stale or bad link gets a page, not JSON.
      if (route.htmlPage && ex.prefersHtml(route.pageFirst)) ex.html(httpStatus, refusalPage(httpStatus, String(detail)));
      else ex.json(httpStatus, { detail });
      return;
    }
    deps.logger.error({ route: route.path, errors }, "REST route: GraphQL execution failed");
    ex.json(500, INTERNAL);
  }
}

/**
 * A REST answer in the chosen language: its names rewritten, and the choice echoed in its
 * `conventions` (only when a language was asked, so an English answer stays as it was).
 */
function localiseReply(body: unknown, language: Language): void {
  if (body === null || typeof body !== "object") return;
  const conventions = (body as { conventions?: unknown }).conventions;
  if (conventions !== null && typeof conventions === "object") (conventions as Record<string, unknown>).language = language;
  localizeInPlace(body, language);
}

/**
 * The express router of the route table: each entry's body parser, then the route handler. A
 * path known with another method answers 405; HEAD on a GET route answers its head only.
 */
export function createRestRouter(routes: readonly RouteEntry[], handle: RestHandler, bodyLimitKb: number): express.Router {
  const router = express.Router({ caseSensitive: true });
  const jsonBody = express.json({ limit: `${bodyLimitKb}kb`, strict: false, type: () => true });
  const textBody = express.text({ limit: `${bodyLimitKb}kb`, type: () => true });
  const methodsByPath = new Map<string, string[]>();

  for (const route of routes) {
    const path = expressPath(route.path);
    const handlers: express.RequestHandler[] = route.rawBody ? [textBody] : route.input.body ? [jsonBody] : [];
    // Registered before the GET, which express would otherwise run for HEAD too. A route that asks for it
    // (free: nothing is charged twice) runs its GET, and express's send drops the body for HEAD.
    if (route.method === "get") {
      if (route.headRunsGet && route.credits !== 0) throw new Error(`${route.path}: headRunsGet is for free routes only`);
      router.head(path, route.headRunsGet ? (req, res, next) => void handle(route, expressExchange(req, res)).catch(next) : headHandler(route));
    }
    router[route.method](path, ...handlers, (req, res, next) => {
      handle(route, expressExchange(req, res)).catch(next);
    });
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), route.method.toUpperCase()]);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : [])].join(", ");
    router.all(path, (_req, res) => {
      res.set("Allow", allow).status(405).json({ detail: "Method Not Allowed" });
    });
  }
  return router;
}

/**
 * The REST caller's HTTP head as Apollo plugins see it on /graphql (X-API-Key, X-Dry-Run …),
 * so costing and limits treat a REST call exactly like the equivalent GraphQL request.
 */
function httpRequestOf(ex: RestExchange): { method: string; headers: HeaderMap; search: string; body: unknown } {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(ex.req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const q = ex.originalUrl.indexOf("?");
  // Always POST to Apollo: the route table, not the HTTP verb, decides what a route may do (GET /verify
  // runs a mutation), and Apollo refuses mutations in GET requests.
  return { method: "POST", headers, search: q >= 0 ? ex.originalUrl.slice(q) : "", body: ex.body };
}
