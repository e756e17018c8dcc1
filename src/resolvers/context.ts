import type { LanguageChoice } from "../i18n/language-choice.js";
import type { EngineTaskRunner } from "../engine-pool/engine-pool.js";
import { EngineContext } from "./engine-context.js";

/** The caller, as the authentication hook found it (accounts/costing extend what they need). */
export interface ContextAccount {
  readonly id: string;
  readonly [key: string]: unknown;
}

/** What resolvers may ask of the service's database without knowing its driver. */
export interface HealthProbe {
  ping(): Promise<boolean>;
}

/**
 * The GraphQL context of one operation, built the same way for /graphql, graphql-ws and REST
 * routes (which execute their document in-process), so auth and costing see one shape.
 */
export interface GraphQLContext {
  readonly engine: EngineContext;
  /**
   * Where the long engine calls run (src/engine-pool): the service's engine threads; absent, the
   * calling thread.
   */
  readonly engineTasks?: EngineTaskRunner;
  /** The authenticated caller, or null when the request carried no (valid) credentials. */
  readonly account: ContextAccount | null;
  readonly database: HealthProbe | null;
  /** Correlates log lines of one request. */
  readonly requestId: string;
  /**
   * The language the answer is given in (docs/languages.md), set at the request's door before
   * execution; absent: English, nothing asked.
   */
  language?: LanguageChoice;
  /**
   * Credits: the caller's balance after an operation that changed it (a top-up), set by that
   * resolver; the cost report and `X-Credits-Remaining` then say this balance, not the one the
   * gate read before the operation ran.
   */
  balanceAfter?: number;
}

export function createGraphQLContext(parts: Partial<Omit<GraphQLContext, "engine">> & { requestId: string }): GraphQLContext {
  return {
    engine: new EngineContext(), account: parts.account ?? null, database: parts.database ?? null, requestId: parts.requestId,
    ...(parts.engineTasks ? { engineTasks: parts.engineTasks } : {}),
  };
}
