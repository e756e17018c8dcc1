/**
 * Yield points: before a heavy field resolves, if the current event-loop turn has already run
 * longer than SLICE_MS, the field waits for the next turn (setImmediate), so /health and other
 * requests are served between the slices of a heavy request (docs/limits.md). The heavy fields are
 * every root field and every coordinate with a work rule (src/resolvers/work-rules.ts): between
 * aliases, and between the levels of a dasha tree. A light request never waits: the first check of
 * a turn only notes the turn's start.
 */
import { defaultFieldResolver, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from "graphql";
import { WORK_RULES } from "./work-rules.js";

/** Longest run of one turn before a heavy field yields, ms (well under the 50 ms /health budget). */
export const SLICE_MS = 5;

let turnStart: number | undefined;
let resetQueued = false;

/** Starts the clock of this turn; the next check phase clears it (a new turn starts a new clock). */
function startTurn(now: number): void {
  turnStart = now;
  if (resetQueued) return;
  resetQueued = true;
  setImmediate(() => {
    resetQueued = false;
    turnStart = undefined;
  });
}

/** True when this turn has run longer than SLICE_MS; the first call of a turn starts its clock. */
function turnIsLong(): boolean {
  const now = performance.now();
  if (turnStart === undefined) {
    startTurn(now);
    return false;
  }
  return now - turnStart > SLICE_MS;
}

/**
 * Fields waiting for a turn of their own, per request (its GraphQL context), oldest first. One field
 * is resumed per check phase: resumed together, hundreds of waiting fields (a dasha tree's level)
 * would run in one phase again (measured: turns of 85 ms with one setImmediate per field). The
 * requests take turns round robin, so a light request (/health) that had to wait is resumed after at
 * most one field of each other waiting request, not after all of theirs (one queue kept /health
 * waiting ≈ 400 ms behind three dasha trees' fields).
 */
const waiting = new Map<object, Array<() => void>>();
let waitingFields = 0;
const NO_CONTEXT = {};

function resumeNext(): void {
  const first = waiting.entries().next();
  if (first.done) return;
  const [request, fields] = first.value;
  const next = fields.shift()!;
  waiting.delete(request);
  if (fields.length > 0) waiting.set(request, fields); // to the back of the rotation
  waitingFields--;
  if (waitingFields > 0) setImmediate(resumeNext);
  // The resumed field's own work (in the microtasks after this callback) gets a fresh slice.
  startTurn(performance.now());
  next();
}

const nextTurn = (request: unknown): Promise<void> => new Promise((resolve) => {
  const key = request !== null && typeof request === "object" ? request : NO_CONTEXT;
  const fields = waiting.get(key);
  if (fields) fields.push(resolve);
  else waiting.set(key, [resolve]);
  if (++waitingFields === 1) setImmediate(resumeNext);
});

/**
 * Requests whose estimated work (costing/work.ts, ≈ µs) fits in one slice never wait: a light
 * request — /health, a panchanga day — runs straight through instead of queueing behind heavy
 * ones. Without an estimate (no work gate) a request is treated as heavy.
 */
const LIGHT_WORK = SLICE_MS * 1_000;
const lightRequests = new WeakSet<object>();

/** Called by the work gate with the request's estimate, before execution. */
export function noteRequestWork(context: unknown, work: number): void {
  if (work <= LIGHT_WORK && context !== null && typeof context === "object") lightRequests.add(context);
}

function yielding(resolve: GraphQLFieldResolver<unknown, unknown>): GraphQLFieldResolver<unknown, unknown> {
  return (source, args, context, info) =>
    !lightRequests.has(context as object) && turnIsLong()
      ? nextTurn(context).then(() => resolve(source, args, context, info))
      : resolve(source, args, context, info);
}

/** Wraps the resolvers of the heavy fields of `schema` (once; the schema is built once). */
export function addYieldPoints(schema: GraphQLSchema): GraphQLSchema {
  const heavy = new Set(Object.keys(WORK_RULES));
  const query = schema.getQueryType();
  if (query) for (const name of Object.keys(query.getFields())) heavy.add(`${query.name}.${name}`);
  for (const coordinate of heavy) {
    const [typeName, fieldName] = coordinate.split(".") as [string, string];
    const type = schema.getType(typeName);
    if (!isObjectType(type)) continue;
    const field = type.getFields()[fieldName];
    if (!field) continue;
    field.resolve = yielding((field.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<unknown, unknown>);
  }
  return schema;
}
