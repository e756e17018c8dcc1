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
export const SLICE_MS = 10;

let turnStart: number | undefined;

/** True when this turn has run longer than SLICE_MS; the first call of a turn starts its clock. */
function turnIsLong(): boolean {
  const now = performance.now();
  if (turnStart === undefined) {
    turnStart = now;
    setImmediate(() => { turnStart = undefined; });
    return false;
  }
  return now - turnStart > SLICE_MS;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function yielding(resolve: GraphQLFieldResolver<unknown, unknown>): GraphQLFieldResolver<unknown, unknown> {
  return (source, args, context, info) =>
    turnIsLong() ? nextTurn().then(() => resolve(source, args, context, info)) : resolve(source, args, context, info);
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
