/**
 * The work and the answer size of a GraphQL operation, estimated before it runs (docs/limits.md).
 * Pure: no I/O, no clock. Walks the operation as graphql-js will execute it:
 * - every response key is resolved (two aliases of one field with the same arguments are two
 *   resolutions, though they are priced once);
 * - a list field multiplies what is below it by its items (src/resolvers/work-rules.ts, else
 *   DEFAULT_LIST_ITEMS);
 * - each value of the answer costs VALUE_WORK, a field's own computation its rule's `work`
 *   (a priced field without a rule DEFAULT_PRICED_WORK);
 * - fragments are expanded, `@skip`/`@include` honoured, an abstract type takes its dearest
 *   possible type; introspection is free.
 * The answer's size is estimated from its values (BYTES_PER_VALUE each: key, quotes, punctuation
 * and a typical scalar).
 */
import {
  GraphQLError,
  Kind,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getOperationAST,
  getVariableValues,
  isCompositeType,
  isListType,
  isObjectType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";
import {
  DEFAULT_LIST_ITEMS, DEFAULT_PRICED_WORK, VALUE_WORK, WORK_RULES, type FieldArgs, type WorkRule,
} from "../resolvers/work-rules.js";
import { fieldCostMilli } from "./price.js";
import { collectSelections, type SelectionScope } from "./selection-walk.js";

/** Bytes of one value in a JSON answer, on average over the schema's answers (measured on a dasha tree: ≈ 31). */
export const BYTES_PER_VALUE = 32;

export interface WorkEstimate {
  /** Estimated CPU work, units (≈ µs on the reference machine). */
  readonly work: number;
  /** Estimated values in the answer (fields × items). */
  readonly values: number;
  /** Estimated size of the JSON answer, bytes. */
  readonly bytes: number;
}

export interface WorkOptions {
  /** Estimate a stored document whose variables are not known yet: rules see no arguments (their caps). */
  readonly variablesUnknown?: boolean;
  /** Rules by coordinate; default WORK_RULES. */
  readonly rules?: Readonly<Record<string, WorkRule>>;
  /** The variables already coerced (GateContext.coercedVariables): not coerced again. */
  readonly coerced?: Record<string, unknown>;
}

const responseKey = (node: FieldNode): string => node.alias?.value ?? node.name.value;

interface Walk extends SelectionScope {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  /** The coerced variables, coerced on first use (a walk whose rules read no argument never needs them). */
  variableValues: () => Record<string, unknown>;
  variablesUnknown: boolean;
  rules: Readonly<Record<string, WorkRule>>;
  work: number;
  values: number;
  /** Whether a rule read an argument: such an estimate depends on the variables and is not kept. */
  readArguments: boolean;
}

/** Beyond this the estimate stops growing precisely (it is refused anyway); keeps the walk bounded. */
const SATURATE = 1e15;

export function estimateWork(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables?: Record<string, unknown> | null,
  operationName?: string | null,
  options: WorkOptions = {},
): WorkEstimate {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) throw new GraphQLError("Must provide a known operation name.", { extensions: { code: "BAD_USER_INPUT" } });
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return { work: 0, values: 0, bytes: 0 };
  const variablesUnknown = options.variablesUnknown === true;
  const rules = options.rules ?? WORK_RULES;
  // An estimate that read no argument is the document's alone: kept per document (REST's stored
  // documents and the lane's cached ones are the same objects request after request).
  const cacheable = rules === WORK_RULES && !variablesUnknown;
  const byOperation = cacheable ? documentEstimates.get(schema)?.get(document) : undefined;
  const known = byOperation?.get(operationName ?? "");
  if (known) return known;
  let coerced: Record<string, unknown> | undefined = variablesUnknown ? undefined : options.coerced;
  const variableValues = (): Record<string, unknown> => {
    if (coerced) return coerced;
    if (variablesUnknown) return (coerced = {});
    const c = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
    if (c.errors) throw new GraphQLError(c.errors.map((e) => e.message).join(" "), { extensions: { code: "BAD_USER_INPUT" } });
    return (coerced = c.coerced);
  };
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const walk: Walk = {
    schema, fragments, variableValues, variablesUnknown, rules, work: 0, values: 0, readArguments: false,
    // Read by @skip/@include with a variable: the estimate then depends on the variables.
    get variables() {
      walk.readArguments = true;
      return variableValues();
    },
  };
  walkObject(walk, rootType, [operation.selectionSet], 1, NO_ARGS);
  const work = Math.ceil(Math.min(walk.work, SATURATE));
  const values = Math.ceil(Math.min(walk.values, SATURATE));
  const estimate = { work, values, bytes: values * BYTES_PER_VALUE };
  if (cacheable && !walk.readArguments && !walk.usesVariables) {
    let bySchema = documentEstimates.get(schema);
    if (!bySchema) documentEstimates.set(schema, (bySchema = new WeakMap()));
    let m = bySchema.get(document);
    if (!m) bySchema.set(document, (m = new Map()));
    m.set(operationName ?? "", estimate);
  }
  return estimate;
}

/** Estimates that read no argument, by schema, document and operation name (see estimateWork). */
const documentEstimates = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, WorkEstimate>>>();

/** A field's arguments, computed only when a rule reads them (most fields have none that do). */
type LazyArgs = () => FieldArgs;
const NO_ARGS: LazyArgs = () => ({});

function walkComposite(w: Walk, type: GraphQLCompositeType, sets: SelectionSetNode[], times: number, parentArgs: LazyArgs): void {
  if (isObjectType(type)) return walkObject(w, type, sets, times, parentArgs);
  // Interface or union: the runtime type is unknown before execution; take the dearest. Each
  // possible type is walked on the same walk from zero (its flags stay shared), then the dearest added.
  const before = { work: w.work, values: w.values };
  let best = { work: 0, values: 0 };
  for (const possible of w.schema.getPossibleTypes(type)) {
    w.work = 0;
    w.values = 0;
    walkObject(w, possible, sets, times, parentArgs);
    if (w.work > best.work) best = { work: w.work, values: w.values };
  }
  w.work = before.work + best.work;
  w.values = before.values + best.values;
}

/** `parentArgs`: the arguments of the field whose object this is (a list's length may depend on them). */
function walkObject(w: Walk, type: GraphQLObjectType, sets: SelectionSetNode[], times: number, parentArgs: LazyArgs): void {
  if (w.work >= SATURATE) return;
  const byKey = new Map<string, FieldNode[]>();
  const visited = new Set<string>();
  for (const set of sets) collectSelections(w, type, set, responseKey, byKey, visited);
  for (const nodes of byKey.values()) {
    const node = nodes[0]!;
    const field = type.getFields()[node.name.value];
    if (!field) continue;
    const coordinate = `${type.name}.${field.name}`;
    const rule = w.rules[coordinate];
    let memo: FieldArgs | undefined;
    const args: LazyArgs = field.args.length > 0 ? () => (memo ??= argsOf(w, field, node)) : NO_ARGS;
    w.values += times;
    w.work += times * (VALUE_WORK + ownWork(w, rule, field, args));
    const named = getNamedType(field.type);
    if (!isCompositeType(named)) continue;
    const items = isListType(getNullableType(field.type)) ? itemsOf(w, rule, args, parentArgs) : 1;
    const subSets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
    walkComposite(w, named, subSets, Math.min(SATURATE, times * items), args);
  }
}

function ownWork(w: Walk, rule: WorkRule | undefined, field: GraphQLField<unknown, unknown>, args: LazyArgs): number {
  if (rule?.work !== undefined) {
    if (typeof rule.work !== "function") return rule.work;
    w.readArguments = true;
    return rule.work(args());
  }
  return fieldCostMilli(field) > 0 ? DEFAULT_PRICED_WORK : 0;
}

function itemsOf(w: Walk, rule: WorkRule | undefined, args: LazyArgs, parentArgs: LazyArgs): number {
  if (rule?.items === undefined) return DEFAULT_LIST_ITEMS;
  if (typeof rule.items !== "function") return rule.items;
  w.readArguments = true;
  return rule.items(args(), parentArgs());
}

function argsOf(w: Walk, field: GraphQLField<unknown, unknown>, node: FieldNode): FieldArgs {
  if (w.variablesUnknown) return {};
  try {
    return getArgumentValues(field, node, w.variableValues());
  } catch {
    return {}; // validation refuses it elsewhere; estimate at the rules' caps
  }
}
