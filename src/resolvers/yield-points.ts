/**
 * Yield points: before a heavy field resolves, if the current event-loop turn has already run
 * longer than SLICE_MS, the field waits for its turn (src/gates/turns.ts), so /health and other
 * requests are served between the slices of a heavy request (docs/limits.md). The heavy fields are
 * every root field and every coordinate with a work rule (src/resolvers/work-rules.ts): between
 * aliases, and between the levels of a dasha tree. A light request never waits: the first check of
 * a turn only notes the turn's start.
 */
import { defaultFieldResolver, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from "graphql";
import { nextTurn, SLICE_MS, turnIsLong } from "../gates/turns.js";
import { WORK_RULES } from "./work-rules.js";

export { SLICE_MS };

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
