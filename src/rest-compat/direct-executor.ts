/**
 * The REST routes' direct path (docs/architecture.md §6, §11): a route's stored document is
 * parsed and validated once; per request its variables are coerced, then the SAME gates as
 * /graphql run (the cost plugin's `createCostGates`: document limits, prevalidation, key, rate
 * limit, price ceiling, price, debit, cost headers) and the document, compiled once by graphql-jit,
 * executes it — without Apollo's per-request pipeline, which /graphql keeps. graphql-jit answers
 * the same data, errors and nulls as graphql-js for the same resolvers; it is used because it is
 * measured cheaper here (bench/http/jit-cost.ts: ≈ 0.03–0.08 ms less CPU per POST /panchanga, and
 * no per-field argument maps: graphql-js allocates ≈ 170 KB per request of that document). REST stays a stored GraphQL document: the answer is
 * the one /graphql would give for that document, with the same errors and extensions.cost.
 */
import type { HeaderMap } from "@apollo/server";
import { HeaderMap as Headers } from "@apollo/server";
import {
  execute, getOperationAST, getVariableValues, GraphQLError, parse, specifiedRules, validate,
  type DocumentNode, type ExecutionResult, type GraphQLFormattedError, type GraphQLSchema,
  type OperationDefinitionNode, type ParseOptions,
} from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";
import { answerFailed, settleAnswer, withBalanceAfter, type CostGate, type CostReport, type GateContext } from "../costing/cost-plugin.js";
import type { BillCarrier } from "../costing/request-bill.js";
import { oversizedAnswer } from "../costing/work-gate.js";
import type { GraphQLContext } from "../resolvers/context.js";

/** What a route's operation answered, the same shape whichever path ran it. */
export interface OperationAnswer {
  /** HTTP status an error asked for (extensions.http.status), if any. */
  readonly status?: number;
  readonly headers: HeaderMap;
  readonly data?: Record<string, unknown> | null;
  readonly errors?: readonly GraphQLFormattedError[];
  readonly extensions?: Record<string, unknown>;
}

export interface DirectExecutorDeps {
  readonly schema: GraphQLSchema;
  readonly gate: CostGate<GraphQLContext>;
  /** /graphql's formatError (engine input errors → BAD_USER_INPUT, internal errors logged and hidden). */
  readonly formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  readonly parseOptions?: ParseOptions;
  /** Called once per operation (metrics), as Apollo's plugins are for /graphql. */
  readonly onAnswer?: (answer: OperationAnswer, operation: OperationDefinitionNode, durationSeconds: number) => void;
  /** The answer-size limit checked after execution (docs/limits.md); default none. */
  readonly maxResponseBytes?: number;
}

/** A document ready to run: REST's stored ones are prepared here, /graphql's by its lane's document cache. */
export interface Prepared {
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  readonly operationName: string | null;
  /** The document compiled by graphql-jit, once; absent if it would not compile (graphql-js runs it then). */
  readonly compiled?: CompiledQuery;
}

/**
 * `source`: a route's stored document text, or a document the caller prepared (the GraphQL lane).
 * `coerced`: the variables as the caller already coerced them for this operation (the lane, which
 * coerces to choose its path), so that nothing coerces them again.
 */
export type DirectExecutor = (
  source: string | Prepared, variables: Record<string, unknown>, requestHeaders: HeaderMap, contextValue: GraphQLContext,
  coerced?: Record<string, unknown>,
) => Promise<OperationAnswer>;

export function createDirectExecutor(deps: DirectExecutorDeps): DirectExecutor {
  const prepared = new Map<string, Prepared>();
  const prepare = (source: string): Prepared => {
    let p = prepared.get(source);
    if (p) return p;
    const document = parse(source, deps.parseOptions);
    const invalid = validate(deps.schema, document, specifiedRules);
    if (invalid.length > 0) throw new Error(`a route's document does not validate: ${invalid.map((e) => e.message).join("; ")}`);
    const operation = getOperationAST(document);
    if (!operation) throw new Error("a route's document must hold exactly one operation");
    // Stack traces of resolver errors are not captured: formatError logs the original error's own stack.
    const c = compileQuery(deps.schema, document, operation.name?.value ?? undefined, { disablingCapturingStackErrors: true });
    p = { document, operation, operationName: operation.name?.value ?? null, compiled: isCompiledQuery(c) ? c : undefined };
    prepared.set(source, p);
    return p;
  };

  /** An error as /graphql would answer it: Apollo's default code, then formatError; `http` lifted out. */
  const format = (err: GraphQLError, headers: HeaderMap): { formatted: GraphQLFormattedError; status?: number } => {
    const { http, ...extensions } = (err.extensions ?? {}) as Record<string, unknown> & {
      http?: { status?: number; headers?: Map<string, string> };
    };
    if (http?.headers) for (const [k, v] of http.headers) headers.set(k, v);
    const base: GraphQLFormattedError = {
      message: err.message,
      ...(err.locations ? { locations: err.locations } : {}),
      ...(err.path ? { path: err.path } : {}),
      extensions: { ...extensions, code: extensions.code ?? "INTERNAL_SERVER_ERROR" },
    };
    return { formatted: deps.formatError(base, err), status: http?.status };
  };

  const answerErrors = (errors: readonly GraphQLError[], headers: HeaderMap, fallbackStatus?: number,
    rest: Omit<OperationAnswer, "headers" | "errors" | "status"> = {}): OperationAnswer => {
    let status: number | undefined;
    const formatted = errors.map((e) => {
      const f = format(e, headers);
      status ??= f.status;
      return f.formatted;
    });
    return { ...rest, status: status ?? fallbackStatus, headers, errors: formatted };
  };

  return async (source, variables, requestHeaders, contextValue, alreadyCoerced) => {
    const started = process.hrtime.bigint();
    const p = typeof source === "string" ? prepare(source) : source;
    const headers = new Headers();
    const finish = (a: OperationAnswer): OperationAnswer => {
      deps.onAnswer?.(a, p.operation, Number(process.hrtime.bigint() - started) / 1e9);
      return a;
    };

    // Variables first: input the schema refuses is refused before it is priced or charged. Coerced
    // once here; the gates read the result (GateContext.coercedVariables).
    const coerced = alreadyCoerced
      ? { coerced: alreadyCoerced, errors: undefined }
      : getVariableValues(deps.schema, p.operation.variableDefinitions ?? [], variables, { maxErrors: 50 });
    if (coerced.errors) {
      const bad = coerced.errors.map((e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: "BAD_USER_INPUT" } }));
      return finish(answerErrors(bad, headers, 400));
    }

    const rc: GateContext<GraphQLContext> = {
      schema: deps.schema, document: p.document, operation: p.operation, operationName: p.operationName, contextValue,
      request: { variables, http: { headers: requestHeaders } },
      response: { http: { headers } },
      coercedVariables: coerced.coerced,
    };
    let gated;
    try {
      gated = await deps.gate(rc);
    } catch (err) {
      if (!(err instanceof GraphQLError)) throw err;
      return finish(answerErrors([err], headers));
    }
    const cost = { cost: gated.report };
    if (gated.dryRun) return finish({ headers, extensions: cost });

    const result: ExecutionResult = p.compiled
      ? await p.compiled.query(undefined, contextValue, variables)
      : await execute({ schema: deps.schema, document: p.document, operationName: p.operationName, variableValues: variables, contextValue });
    const report = withBalanceAfter(contextValue, gated.report, headers);
    const ranCost = { cost: report };
    const tooLarge = deps.maxResponseBytes !== undefined ? oversizedAnswer(result.data, gated.estimate, deps.maxResponseBytes) : null;
    const answer = tooLarge
      ? answerErrors([tooLarge], headers, undefined, { data: null, extensions: ranCost })
      : result.errors?.length
        ? answerErrors(result.errors, headers, undefined, { data: result.data ?? null, extensions: ranCost })
        : { headers, data: result.data ?? null, extensions: ranCost };
    return finish(await settle(answer, report, contextValue, headers));
  };
}

/**
 * The hold of an answer the caller of the executor does not settle itself (the GraphQL lane; the
 * REST handler settles its own, `billSettledByCaller`), exactly as the cost plugin settles /graphql
 * answers on Apollo's path: released for an error, `data: null` or a client gone, else captured
 * once the body has been written (docs/billing.md).
 */
async function settle(answer: OperationAnswer, report: CostReport, contextValue: GraphQLContext, headers: HeaderMap): Promise<OperationAnswer> {
  const settled = await settleAnswer(contextValue as unknown as BillCarrier, report, headers, answerFailed(answer.data, answer.errors, answer.status));
  return settled === report ? answer : { ...answer, extensions: { ...answer.extensions, cost: settled } };
}
