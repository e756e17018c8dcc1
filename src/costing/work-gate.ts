/**
 * The per-request work budget and answer-size limit (docs/limits.md), one gate for every face:
 * /graphql (the cost plugin), the REST routes (their direct path passes the same cost gates) and
 * MCP (its tools call the REST routes). Before any key, price or charge:
 * - a request whose estimated work exceeds the budget is refused with 422 WORK_ABOVE_BUDGET;
 * - a request whose estimated answer exceeds the size limit is refused with 422 RESPONSE_TOO_LARGE;
 * nothing runs and nothing is charged. What passes is priced by its work: the listed prices include
 * WORK_INCLUDED units (every REST route's heaviest input fits), each WORK_PER_CREDIT units beyond
 * cost one credit more, and the free tier covers no request beyond the included work.
 * After execution, an answer that still turned out larger than the limit is replaced by the same
 * 422 (`oversizedAnswer`), since the estimate of a value's size is an average.
 */
import { GraphQLError, type DocumentNode, type GraphQLSchema } from "graphql";
import { stringifySliced, type SlicedJson } from "./sliced-json.js";
import { noteRequestWork } from "../resolvers/yield-points.js";
import { estimateWork, type WorkEstimate } from "./work.js";

/** Defaults (docs/limits.md): ≈ 0.25 s of CPU, 8 MiB. */
export const DEFAULT_WORK_BUDGET = 250_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/**
 * Work included in the listed prices: the heaviest REST input (a 365-day panchanga search, a
 * 366-day sub-lord scan: ≈ 110,000 units) fits, so every REST route keeps the spec's price.
 */
export const WORK_INCLUDED = 120_000;
/** Units per credit beyond the included work. */
export const WORK_PER_CREDIT = 25_000;

export interface WorkLimits {
  /** Most work units one request may need. */
  readonly budget: number;
  /** Largest answer, bytes (JSON). */
  readonly maxResponseBytes: number;
}

export interface WorkVerdict {
  readonly estimate: WorkEstimate;
  /** Milli-credits added to the listed price for work beyond WORK_INCLUDED. */
  readonly surchargeMilli: number;
  /** False when the work is beyond what a free request covers. */
  readonly freeCovers: boolean;
}

type Rc = {
  readonly schema: GraphQLSchema;
  readonly document: DocumentNode;
  readonly operationName?: string | null;
  readonly request: { readonly variables?: Record<string, unknown> };
  readonly coercedVariables?: Record<string, unknown>;
  /** The request's GraphQL context: its estimated work tells the yield points whether it is light. */
  readonly contextValue?: unknown;
};

const refusal = (message: string, code: string, extra: Record<string, unknown>): GraphQLError =>
  new GraphQLError(message, { extensions: { code, ...extra, http: { status: 422 } } });

export function workSurchargeMilli(work: number): number {
  return work > WORK_INCLUDED ? Math.ceil((work - WORK_INCLUDED) / WORK_PER_CREDIT) * 1000 : 0;
}

/** The estimate of a request, refused when over the limits (throws a 422 GraphQLError). */
export function createWorkGate(limits: WorkLimits) {
  return (rc: Rc, options: { dryRun?: boolean } = {}): WorkVerdict => {
    const estimate = estimateWork(rc.schema, rc.document, rc.request.variables, rc.operationName, { coerced: rc.coercedVariables });
    if (!options.dryRun) {
      if (estimate.work > limits.budget) {
        throw refusal(
          `This operation needs about ${estimate.work} work units, above the budget of ${limits.budget} per request ` +
            `(REQUEST_WORK_BUDGET); nothing was run or charged. Select fewer levels, days or aliases, or split it into smaller requests.`,
          "WORK_ABOVE_BUDGET", { limit: "REQUEST_WORK_BUDGET", work: estimate.work, budget: limits.budget },
        );
      }
      if (estimate.bytes > limits.maxResponseBytes) throw tooLarge(estimate.bytes, limits.maxResponseBytes, true);
    }
    noteRequestWork(rc.contextValue, estimate.work);
    return { estimate, surchargeMilli: workSurchargeMilli(estimate.work), freeCovers: estimate.work <= WORK_INCLUDED };
  };
}

export type WorkGate = ReturnType<typeof createWorkGate>;

function tooLarge(bytes: number, max: number, estimated: boolean): GraphQLError {
  return refusal(
    `The answer would be ${estimated ? "about " : ""}${bytes} bytes, above the limit of ${max} bytes (MAX_RESPONSE_BYTES); ` +
      `${estimated ? "nothing was run or charged" : "it was not sent"}. Select fewer fields, levels, days or aliases.`,
    "RESPONSE_TOO_LARGE", { limit: "MAX_RESPONSE_BYTES", bytes, max },
  );
}

/**
 * After execution: the refusal when the answer's data is larger than the limit, else null.
 * Measured (JSON) only when the estimate came within a quarter of the limit: small answers cost nothing.
 */
export function oversizedAnswer(data: unknown, estimate: WorkEstimate | undefined, maxResponseBytes: number): GraphQLError | null {
  if (!needsMeasure(data, estimate, maxResponseBytes)) return null;
  const text = JSON.stringify(data);
  return judged(data, { text, bytes: Buffer.byteLength(text) }, maxResponseBytes);
}

/** The same, the JSON made in slices with the event loop served between them (server/sliced-json.ts). */
export async function oversizedAnswerSliced(data: unknown, estimate: WorkEstimate | undefined, maxResponseBytes: number): Promise<GraphQLError | null> {
  if (!needsMeasure(data, estimate, maxResponseBytes)) return null;
  return judged(data, await stringifySliced(data), maxResponseBytes);
}

const needsMeasure = (data: unknown, estimate: WorkEstimate | undefined, max: number): boolean =>
  data !== null && data !== undefined && !(estimate && estimate.bytes < max / 4);

function judged(data: unknown, json: SlicedJson, max: number): GraphQLError | null {
  if (typeof data === "object") measured.set(data as object, json);
  return json.bytes > max ? tooLarge(json.bytes, max, false) : null;
}

/**
 * The JSON text (and its UTF-8 length) the size check made of a (large) answer's data, so the
 * GraphQL lane writes it instead of serialising the same megabytes again. Whoever changes `data`
 * after the measure (the localisation of names) calls forgetMeasuredJson first.
 */
const measured = new WeakMap<object, SlicedJson>();

export function measuredJson(data: unknown): SlicedJson | undefined {
  return data !== null && typeof data === "object" ? measured.get(data) : undefined;
}

export function forgetMeasuredJson(data: unknown): void {
  if (data !== null && typeof data === "object") measured.delete(data);
}
