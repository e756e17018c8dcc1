/**
 * graphql-ws on /graphql (docs/architecture.md §8). Apollo's plugins do not run on the socket,
 * so with accounts on this module does their part for subscriptions:
 * - the connection is authenticated once, by the API key in the connection params
 *   (`{"X-API-Key": "<key>"}`, or `{"apiKey": "<key>"}`); no key or an unknown one closes it
 *   with 4401 and the reason, before any subscription;
 * - each subscription passes the SAME gates as /graphql and REST (the cost plugin's
 *   createCostGates: document limits, argument checks, rate limit, price, debit), so starting
 *   `astroEvents` costs its @cost and a refusal (402 INSUFFICIENT_CREDITS, 429, bad input) comes
 *   back as a GraphQL error with its code and nothing charged; the events themselves are free;
 * - queries and mutations are refused: they are priced and charged over HTTP only.
 * Without accounts (the bare gateway of unit tests) anything runs, unauthenticated.
 */
import type { IncomingMessage } from "node:http";
import { HeaderMap } from "@apollo/server";
import {
  getOperationAST, GraphQLError, parse, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema,
  type OperationDefinitionNode, type ParseOptions,
} from "graphql";
import type { ServerOptions } from "graphql-ws";
import type { Extra } from "graphql-ws/use/ws";
import type { CostGate, GateContext } from "../costing/cost-plugin.js";
import type { EventBus } from "../events/event-bus.js";
import type { ContextAccount, GraphQLContext } from "../resolvers/context.js";
import { EVENT_TYPE_NAMES } from "./astro-events-args.js";

/** Close codes: graphql-ws's CloseCode.Unauthorized; 4429 as HTTP's 429. */
export const WS_CLOSE_UNAUTHORIZED = 4401;
export const WS_CLOSE_TOO_MANY_REQUESTS = 4429;
/** graphql-ws's CloseCode.InternalServerError. */
export const WS_CLOSE_INTERNAL = 4500;

export interface WsServingDeps {
  readonly schema: GraphQLSchema;
  /** Builds the context of one operation for the upgrade request; `account` given: already authenticated. */
  readonly contextFor: (req: IncomingMessage, known?: { account: ContextAccount }) => Promise<GraphQLContext>;
  readonly eventBus: EventBus;
  readonly parseOptions?: ParseOptions;
  readonly baseUrl?: string;
  /** Accounts on: the X-API-Key authenticator, the cost gates, and the keyless limit for refused connections. */
  readonly accounts?: {
    readonly authenticate: (req: IncomingMessage) => Promise<ContextAccount | null>;
    readonly gate: CostGate<GraphQLContext>;
    /** Throws a 429 GraphQLError past the per-address limit of work without a (valid) key. */
    readonly keyless: (req: IncomingMessage) => void;
  };
  readonly log?: (err: unknown, message: string) => void;
}

type Ctx = Parameters<NonNullable<ServerOptions<Record<string, unknown>, Extra>["onConnect"]>>[0];

/** The key from the connection params: "X-API-Key" (any case) or "apiKey". */
export function apiKeyFromParams(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (!params) return undefined;
  for (const [name, value] of Object.entries(params)) {
    if ((name.toLowerCase() === "x-api-key" || name === "apiKey") && typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return undefined;
}

/** A WebSocket close reason is at most 123 bytes. */
function closeReason(text: string): string {
  let s = text;
  while (Buffer.byteLength(s, "utf8") > 123) s = s.slice(0, -2) + "…";
  return s;
}

/** The upgrade request as the X-API-Key authenticator reads it, with the key from the connection params. */
function withApiKey(req: IncomingMessage, key: string): IncomingMessage {
  return Object.create(req, { headers: { value: { ...req.headers, "x-api-key": key } } }) as IncomingMessage;
}

/** A refusal as the client receives it: message and extensions, without the HTTP part (there is no HTTP answer here). */
function wsError(err: GraphQLError): GraphQLError {
  const { http, ...extensions } = (err.extensions ?? {}) as Record<string, unknown> & { http?: { status?: number } };
  return new GraphQLError(err.message, {
    extensions: { ...extensions, code: extensions.code ?? "INTERNAL_SERVER_ERROR", ...(http?.status ? { status: http.status } : {}) },
  });
}

/** An unknown EventType in the document or variables: the message lists the ten names. */
function withEventTypeList(err: GraphQLError): GraphQLError {
  if (!err.message.includes('"EventType"')) return err;
  return new GraphQLError(`${err.message} The event types are: ${EVENT_TYPE_NAMES.join(", ")}.`, {
    nodes: err.nodes, extensions: { ...err.extensions, code: err.extensions?.code ?? "GRAPHQL_VALIDATION_FAILED" },
  });
}

export function graphqlWsOptions(deps: WsServingDeps): ServerOptions<Record<string, unknown>, Extra> {
  const { schema, accounts } = deps;
  const base = deps.baseUrl ?? "";
  const accountOf = new WeakMap<object, ContextAccount>();

  const refuse = (ctx: Ctx, code: number, message: string): false => {
    ctx.extra.socket.close(code, closeReason(message));
    return false;
  };

  const onConnect = async (ctx: Ctx): Promise<boolean> => {
    if (!accounts) return true;
    const req = ctx.extra.request;
    const key = apiKeyFromParams(ctx.connectionParams);
    try {
      if (!key) {
        accounts.keyless(req);
        return refuse(ctx, WS_CLOSE_UNAUTHORIZED,
          'API key required: connectionParams {"X-API-Key": "<key>"}. A subscription costs credits; get a key with POST /register');
      }
      const account = await accounts.authenticate(withApiKey(req, key));
      if (!account) {
        accounts.keyless(req);
        return refuse(ctx, WS_CLOSE_UNAUTHORIZED, `Unknown API key in connectionParams. Get a new key with POST ${base}/register`);
      }
      accountOf.set(ctx, account);
      return true;
    } catch (err) {
      if (!(err instanceof GraphQLError)) {
        // The key lookup failed (database unreachable …): a server fault, not the caller's.
        deps.log?.(err, "graphql-ws: authenticating a connection failed");
        return refuse(ctx, WS_CLOSE_INTERNAL, "Internal server error while checking the API key; try again");
      }
      const status = (err.extensions?.http as { status?: number } | undefined)?.status;
      return refuse(ctx, status === 429 ? WS_CLOSE_TOO_MANY_REQUESTS : WS_CLOSE_UNAUTHORIZED, err.message);
    }
  };

  const onSubscribe = async (
    ctx: Ctx, _id: string, payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
  ): Promise<ExecutionArgs | readonly GraphQLError[]> => {
    let document: DocumentNode;
    try {
      document = parse(payload.query, deps.parseOptions);
    } catch (err) {
      return [err instanceof GraphQLError ? err : new GraphQLError("The document does not parse")];
    }
    const operation: OperationDefinitionNode | null | undefined = getOperationAST(document, payload.operationName ?? undefined);
    if (accounts && operation?.operation !== "subscription") {
      return [new GraphQLError("Over WebSocket only subscriptions are served; send queries and mutations with POST /graphql, where they are priced.")];
    }
    const invalid = validate(schema, document);
    if (invalid.length > 0) return invalid.map(withEventTypeList);
    if (!operation) return [new GraphQLError("Unable to identify the operation: name it with operationName.")];

    const req = ctx.extra.request;
    const account = accountOf.get(ctx);
    const context = Object.assign(await deps.contextFor(req, account ? { account } : undefined), {
      eventBus: deps.eventBus, apiKeyPresented: account !== undefined,
      // The caller's own key, for the purchase links of a 402 (there are no request headers here).
      ...(account ? { apiKey: apiKeyFromParams(ctx.connectionParams) } : {}),
    });
    const variableValues = payload.variables ?? {};
    if (accounts) {
      const rc: GateContext<GraphQLContext> = {
        schema, document, operation, operationName: operation.name?.value ?? null, contextValue: context,
        // No request headers: a dry run (X-Dry-Run) is asked over HTTP, where the price is answered.
        request: { variables: variableValues, http: { headers: new HeaderMap() } },
        response: { http: { headers: new HeaderMap() } },
      };
      try {
        // A subscription is answered once it starts: its hold is captured now.
        void (await accounts.gate(rc)).bill?.capture();
      } catch (err) {
        if (err instanceof GraphQLError) return [wsError(withEventTypeList(err))];
        deps.log?.(err, "subscription gate failed");
        return [new GraphQLError("Internal server error", { extensions: { code: "INTERNAL_SERVER_ERROR" } })];
      }
    }
    return { schema, document, operationName: payload.operationName, variableValues, contextValue: context };
  };

  return { schema, onConnect, onSubscribe };
}
