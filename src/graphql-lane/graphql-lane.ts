/**
 * /graphql's fast lane (docs/graphql.md). The common GraphQL request — POST /graphql, a JSON
 * object body of one operation, an API client's Accept header — is read with node:http alone, its
 * document taken from the document cache, and run by the same direct executor the REST routes use
 * (src/rest-compat/direct-executor.ts): the same gates (document limits, prevalidation, key, rate
 * limit, price ceiling, price, debit, cost headers — the cost plugin's `createCostGates`, one
 * implementation), the same error formatting, the same `extensions.cost`. Everything else goes to
 * express and Apollo unchanged: GET, GraphiQL, batches, other content types, and every request
 * whose answer is an error found before the gates (syntax, validation, an unknown persisted
 * query, variables that do not coerce …) — Apollo is handed the request already read, with the
 * same context, so it answers exactly as it would have, and nothing is created twice.
 *
 * Why: express and Apollo's per-request pipeline (plugins, hooks, a new request context, parse
 * cache keyed by a SHA-256 of the text) cost /graphql a third of REST's throughput for the same
 * work (issue 24's figures); bench/results.md has the figures with the lane.
 */
import { IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import { HeaderMap, type ApolloServer, type HTTPGraphQLRequest } from "@apollo/server";
import { getVariableValues, type GraphQLSchema } from "graphql";
import proxyAddr from "proxy-addr";
import { contentLengthExceeds } from "../gates/body-limit.js";
import { INTERNAL_CLIENT_HEADER } from "../server/mcp/internal-forward.js";
import type { DirectExecutor, OperationAnswer } from "../rest-compat/direct-executor.js";
import type { GraphQLContext } from "../resolvers/context.js";
import { answerContentType } from "./accept.js";
import type { DocumentCache } from "./document-cache.js";
import { queryHash, type PersistedQueries } from "./persisted-queries.js";
import { chooseLanguage, localiseAnswer } from "../server/language-plugin.js";
import { forgetMeasuredJson, measuredJson } from "../costing/work-gate.js";

export interface GraphQLLaneOptions {
  readonly schema: GraphQLSchema;
  readonly apollo: ApolloServer<GraphQLContext>;
  readonly direct: DirectExecutor;
  readonly documents: DocumentCache;
  readonly persisted: PersistedQueries;
  /** /graphql's context builder (key → account, keyless limit); throws a GraphQLError to refuse. */
  readonly contextFor: (req: IncomingMessage) => Promise<GraphQLContext>;
  /** documentSizeCheck and its 400 body (src/gates/document-size.ts). */
  readonly tooBig: (query: unknown) => boolean;
  readonly tooBigBody: unknown;
  /** Where every other request goes (the REST fast lane, then express). */
  readonly fallback: RequestListener;
  readonly bodyLimitBytes: number;
  readonly trust: (address: string, hop: number) => boolean;
  /** Writes an answer (compression, Content-Length): the service's one writer of JSON answers. */
  readonly send: (req: IncomingMessage, res: ServerResponse, status: number, contentType: string, text: string) => void;
  readonly onFinish: (req: IncomingMessage, res: ServerResponse, startedNs: bigint) => void;
  /** A request whose body could not be read, or that failed unexpectedly. */
  readonly onError: (err: unknown, req: IncomingMessage, res: ServerResponse) => void;
  /** After each operation the lane ran (engine counters into /metrics). */
  readonly onContext?: (context: GraphQLContext) => void;
}

/** Whether the head is one the lane reads: a JSON body of known length within the limit, plain UTF-8. */
function laneHead(req: IncomingMessage, limit: number): boolean {
  const h = req.headers;
  if (h["transfer-encoding"] !== undefined) return false;
  const encoding = h["content-encoding"];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity") return false;
  const length = h["content-length"];
  if (length === undefined || !/^\d+$/.test(length.trim()) || Number(length) === 0 || contentLengthExceeds(length, limit)) return false;
  const type = h["content-type"];
  if (type === undefined) return false;
  const m = /^\s*application\/json\s*(?:;\s*charset\s*=\s*"?(utf-?8)"?\s*)?$/i.exec(type);
  return m !== null;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on("aborted", () => reject(Object.assign(new Error("request aborted"), { type: "request.aborted", status: 400 })));
    req.on("error", (err) => reject(Object.assign(err, { type: "request.aborted", status: 400 })));
  });
}

/** The request again, its body already read: what express gets for a body the lane leaves to it (a batch, an oddity). */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const again = new IncomingMessage(req.socket);
  again.method = req.method;
  again.url = req.url;
  again.httpVersionMajor = req.httpVersionMajor;
  again.httpVersionMinor = req.httpVersionMinor;
  again.httpVersion = req.httpVersion;
  again.headers = req.headers;
  again.rawHeaders = req.rawHeaders;
  // A message not `complete` destroys its socket when it is destroyed (node:http _http_incoming.js).
  again.complete = true;
  again.push(body);
  again.push(null);
  return again;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Apollo's answer, order of fields included: errors, data, extensions; one JSON line. */
function answerText(a: OperationAnswer): string {
  const data = measuredJson(a.data);
  if (data === undefined) return JSON.stringify({ errors: a.errors, data: a.data, extensions: a.extensions }) + "\n";
  // The data's text was made already (the answer-size check): the same bytes, one serialisation.
  const errors = a.errors !== undefined ? `"errors":${JSON.stringify(a.errors)},` : "";
  const extensions = a.extensions !== undefined ? `,"extensions":${JSON.stringify(a.extensions)}` : "";
  return `{${errors}"data":${data}${extensions}}\n`;
}

export function createGraphQLLane(o: GraphQLLaneOptions): RequestListener {
  /** Apollo answers, with the request as read and the context made at most once. */
  const toApollo = async (req: IncomingMessage, res: ServerResponse, head: HTTPGraphQLRequest,
    context: () => Promise<GraphQLContext>): Promise<void> => {
    const answer = await o.apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest: head, context });
    for (const [k, v] of answer.headers) if (k !== "content-type") res.setHeader(k, v);
    if (answer.body.kind !== "complete") throw new Error("incremental delivery is not served on the lane");
    o.send(req, res, answer.status ?? 200, answer.headers.get("content-type") ?? "application/json; charset=utf-8", answer.body.string);
  };

  const run = async (req: IncomingMessage, res: ServerResponse, url: string): Promise<void> => {
    const buf = await readBody(req);
    let text = buf.toString("utf8");
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    // A batch, or a body with leading whitespace: express's body-parser reads and answers it.
    if (text.charCodeAt(0) !== 123 /* "{" */) {
      o.fallback(replay(req, buf), res);
      return;
    }
    const startedNs = process.hrtime.bigint();
    res.once("finish", () => o.onFinish(req, res, startedNs));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (err) {
      throw Object.assign(err as Error, { status: 400, type: "entity.parse.failed" });
    }
    const b = body as Record<string, unknown>;
    if (o.tooBig(b.query)) {
      o.send(req, res, 400, "application/json; charset=utf-8", JSON.stringify(o.tooBigBody));
      return;
    }
    const headers = new HeaderMap();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    const q = url.indexOf("?");
    const head: HTTPGraphQLRequest = { method: "POST", headers, search: q >= 0 ? url.slice(q) : "", body };
    let contextPromise: Promise<GraphQLContext> | undefined;
    const context = () => (contextPromise ??= o.contextFor(req));
    const apollo = () => toApollo(req, res, head, context);

    const contentType = answerContentType(headers.get("accept"));
    const { query: rawQuery, variables, operationName, extensions } = b;
    if (typeof contentType !== "string" || Object.keys(b).length === 0
      || (rawQuery !== undefined && typeof rawQuery !== "string")
      || (variables !== undefined && variables !== null && !isRecord(variables))
      || (operationName !== undefined && operationName !== null && typeof operationName !== "string")
      || (extensions !== undefined && extensions !== null && !isRecord(extensions))) return apollo();

    let query = rawQuery as string | undefined;
    let register: string | undefined;
    const pq = isRecord(extensions) ? extensions.persistedQuery : undefined;
    if (pq) {
      // Apollo answers a wrong version, an unknown hash (PersistedQueryNotFound) and a hash that does not match.
      if (!isRecord(pq) || pq.version !== 1 || typeof pq.sha256Hash !== "string") return apollo();
      if (query === undefined) {
        query = o.persisted.lookup(pq.sha256Hash);
        if (query === undefined) return apollo();
      } else {
        if (queryHash(query) !== pq.sha256Hash) return apollo();
        register = pq.sha256Hash;
      }
    }
    if (!query) return apollo();
    const prepared = o.documents.prepare(query, (operationName as string | null | undefined) ?? undefined);
    if (!prepared) return apollo();
    const vars = (variables ?? {}) as Record<string, unknown>;
    // Variables that do not coerce: Apollo prices and answers them (400) as it always has. What
    // coerces is handed on, coerced once for the executor and every gate.
    let coerced: Record<string, unknown> | undefined;
    if ((prepared.operation.variableDefinitions?.length ?? 0) > 0 || Object.keys(vars).length > 0) {
      const c = getVariableValues(o.schema, prepared.operation.variableDefinitions ?? [], vars, { maxErrors: 1 });
      if (c.errors) return apollo();
      coerced = c.coerced;
    }
    let contextValue: GraphQLContext;
    try {
      contextValue = await context();
    } catch {
      return apollo();
    }
    // Languages as on Apollo's path (the language plugin's two steps, server/language-plugin.ts).
    // An unsupported `lang` throws here; the gates' prevalidation then refuses it (BAD_USER_INPUT, free).
    let language: ReturnType<typeof chooseLanguage>;
    try {
      language = chooseLanguage(contextValue, prepared.operation, (variables ?? undefined) as Record<string, unknown> | undefined, headers.get("accept-language"));
    } catch {
      language = undefined;
    }
    const answer = await o.direct(prepared, (variables ?? undefined) as Record<string, unknown>, headers, contextValue, coerced);
    if (language) {
      forgetMeasuredJson(answer.data);
      localiseAnswer(answer.data as Record<string, unknown> | null | undefined, language, answer.headers);
    }
    o.onContext?.(contextValue);
    // Apollo registers a persisted query once its operation passed the gates (a dry run too).
    if (register !== undefined && answer.extensions?.cost !== undefined) o.persisted.register(register, query);
    for (const [k, v] of answer.headers) if (k !== "content-type") res.setHeader(k, v);
    o.send(req, res, answer.status ?? 200, contentType, answerText(answer));
  };

  return (req, res) => {
    const url = req.url ?? "";
    const q = url.indexOf("?");
    const pathname = q >= 0 ? url.slice(0, q) : url;
    // Idempotency-Key requests take express's path, where the key is claimed before Apollo runs (docs/billing.md).
    if (req.method !== "POST" || pathname !== "/graphql" || req.headers[INTERNAL_CLIENT_HEADER] !== undefined
      || req.headers["idempotency-key"] !== undefined || !laneHead(req, o.bodyLimitBytes)) {
      o.fallback(req, res);
      return;
    }
    (req as IncomingMessage & { ip?: string }).ip = proxyAddr(req, o.trust);
    run(req, res, url).catch((err: unknown) => o.onError(err, req, res));
  };
}
