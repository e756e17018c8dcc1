/**
 * Prices a GraphQL operation from the schema's price list (docs/architecture.md §5). Pure: no I/O.
 *
 * Rules:
 * - A field's own price is its `@Cost` (0 when absent). A field returning an object adds the
 *   price of its sub-selection. Lists are priced once, like the spec's per-call prices (a
 *   31-day panchanga range costs what its root field costs, not 31×).
 * - The price of a selection of an object type is min(cap, Σ prices of the selected fields)
 *   when the type carries `@CostCap`, else Σ — recursively.
 * - A field selected twice with the same arguments (after resolving variables and defaults),
 *   under any alias or through fragments, is charged once; its sub-selections are merged.
 *   An alias that repeats a field with other arguments is charged again.
 * - `@skip`/`@include` are honoured; fragments and inline fragments are expanded; a selection
 *   on an interface or union costs the most expensive of its possible object types.
 * - Introspection fields (`__typename`, `__schema`, `__type`) are free.
 *
 * Amounts are integer milli-credits (1 credit = 1000), the ledger's unit (docs/architecture.md §7).
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
  GraphQLError,
  Kind,
  getArgumentValues,
  getNamedType,
  getOperationAST,
  getVariableValues,
  isAbstractType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  print,
} from "graphql";
import { collectSelections, type SelectionScope } from "./selection-walk.js";
import { COST_CAP_EXTENSION, COST_EXTENSION, COST_PER_ITEM_EXTENSION } from "./cost-decorator.js";

/** One line of a price: a billable field, or the discount a bundle cap gave (negative). */
export interface PriceItem {
  kind: "field" | "cap" | "work";
  /** Response path of the field (aliases as the client wrote them), e.g. `chart.planets`. */
  path: string;
  /** Schema coordinate: `Type.field` for a field, the type name for a cap. */
  coordinate: string;
  milli: number;
}

export interface OperationPrice {
  /** Total in milli-credits; equals the sum of the breakdown's items. */
  readonly milli: number;
  /** May be a shared frozen array (cached prices): do not mutate. */
  readonly breakdown: readonly PriceItem[];
}

type Variables = Record<string, unknown>;

const fieldName = (node: FieldNode): string => node.name.value;

interface Ctx extends SelectionScope {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Variables;
  /** Price without variable values: see PriceOptions.variablesUnknown. */
  variablesUnknown: boolean;
  /** Set while walking when the price could depend on variable values (then it is not cached). */
  usesVariables: boolean;
}

export interface PriceOptions {
  /**
   * Price the document as if its variables were not yet known (the REST route table's stored
   * documents): arguments compare by their written form (`$name` stands for itself) and a
   * `@skip`/`@include` on a variable counts as included — the dearest outcome.
   */
  variablesUnknown?: boolean;
  /** The variables already coerced (GateContext.coercedVariables): not coerced again. */
  coerced?: Variables;
}

interface Priced {
  milli: number;
  items: PriceItem[];
}

/** Credits (as written in a decorator) to whole milli-credits. */
export function toMilli(credits: number): number {
  return Math.round(credits * 1000);
}

/** A field's own price; a `@CostPerItem` field's is that of one item (see extraItemsMilli). */
export function fieldCostMilli(field: { extensions?: Record<string, unknown> | null }): number {
  const credits = field.extensions?.[COST_EXTENSION];
  const perItem = field.extensions?.[COST_PER_ITEM_EXTENSION] as { credits: number } | undefined;
  return (typeof credits === "number" ? toMilli(credits) : 0) + (perItem ? toMilli(perItem.credits) : 0);
}

export function typeCapMilli(type: { extensions?: Record<string, unknown> | null }): number | undefined {
  const credits = type.extensions?.[COST_CAP_EXTENSION];
  return typeof credits === "number" ? toMilli(credits) : undefined;
}

/**
 * The price of one operation of `document`. Throws a GraphQLError (code BAD_USER_INPUT) when the
 * operation cannot be chosen or the variables do not coerce; the document must already be valid.
 */
export function priceOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables?: Variables | null,
  operationName?: string | null,
  options: PriceOptions = {},
): OperationPrice {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) {
    throw new GraphQLError(
      operationName ? `Unknown operation named "${operationName}".` : "Must provide operation name if query contains multiple operations.",
      { extensions: { code: "BAD_USER_INPUT" } },
    );
  }
  const variablesUnknown = options.variablesUnknown === true;
  const coerced = variablesUnknown
    ? { coerced: {} }
    : options.coerced ? { coerced: options.coerced } : getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if ("errors" in coerced && coerced.errors) {
    throw new GraphQLError(coerced.errors.map((e) => e.message).join(" "), {
      extensions: { code: "BAD_USER_INPUT" },
    });
  }
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) {
    throw new GraphQLError(`Schema is not configured for ${operation.operation} operations.`, {
      extensions: { code: "BAD_USER_INPUT" },
    });
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  if (variablesUnknown) {
    const ctx: Ctx = { schema, fragments, variables: {}, variablesUnknown: true, usesVariables: false };
    const priced = priceObjectSelection(ctx, rootType, [operation.selectionSet], "");
    return { milli: priced.milli, breakdown: priced.items };
  }

  // Most documents (every REST route's) price the same whatever their variables: no @skip/@include
  // on a variable, no field repeated with arguments. Their price is computed once per document
  // (Apollo's document store hands back the same DocumentNode for the same query text).
  let byDocument = staticPrices.get(schema);
  if (!byDocument) staticPrices.set(schema, (byDocument = new WeakMap()));
  let byOperation = byDocument.get(document);
  if (!byOperation) byDocument.set(document, (byOperation = new Map()));
  const opKey = operationName ?? "";
  let fixed = byOperation.get(opKey);
  if (fixed === undefined) {
    const ctx: Ctx = { schema, fragments, variables: {}, variablesUnknown: true, usesVariables: false };
    const priced = priceObjectSelection(ctx, rootType, [operation.selectionSet], "");
    fixed = ctx.usesVariables ? null : freezePrice({ milli: priced.milli, breakdown: priced.items });
    byOperation.set(opKey, fixed);
  }
  if (fixed) return fixed;

  const ctx: Ctx = { schema, fragments, variables: coerced.coerced ?? {}, variablesUnknown: false, usesVariables: false };
  const priced = priceObjectSelection(ctx, rootType, [operation.selectionSet], "");
  return { milli: priced.milli, breakdown: priced.items };
}

/** Prices of documents that do not depend on their variables; null = depends, price each time. */
const staticPrices = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, OperationPrice | null>>>();

function freezePrice(p: OperationPrice): OperationPrice {
  for (const item of p.breakdown) Object.freeze(item);
  Object.freeze(p.breakdown);
  return Object.freeze(p);
}

function priceComposite(ctx: Ctx, type: GraphQLCompositeType, sets: SelectionSetNode[], path: string): Priced {
  if (!mayCost(ctx.schema, type)) return FREE; // nothing billable below: skip the walk
  if (isObjectType(type)) return priceObjectSelection(ctx, type, sets, path);
  // Interface or union: the runtime type is unknown before execution; charge the dearest.
  let best: Priced = FREE;
  for (const possible of ctx.schema.getPossibleTypes(type)) {
    const priced = priceObjectSelection(ctx, possible, sets, path);
    if (priced.milli > best.milli) best = priced;
  }
  return best;
}

const FREE: Priced = Object.freeze({ milli: 0, items: [] }) as Priced;

function priceObjectSelection(ctx: Ctx, type: GraphQLObjectType, sets: SelectionSetNode[], path: string): Priced {
  const byName = new Map<string, FieldNode[]>();
  const visited = new Set<string>();
  for (const set of sets) collectSelections(ctx, type, set, fieldName, byName, visited);

  let milli = 0;
  const items: PriceItem[] = [];
  for (const [name, nodes] of byName) {
    const field = type.getFields()[name]!;
    for (const group of groupByArguments(ctx, field, nodes)) {
      const responseName = group[0]!.alias?.value ?? name;
      const fieldPath = path ? `${path}.${responseName}` : responseName;
      const own = fieldCostMilli(field) + extraItemsMilli(ctx, field, group[0]!);
      if (own > 0) {
        items.push({ kind: "field", path: fieldPath, coordinate: `${type.name}.${name}`, milli: own });
        milli += own;
      }
      const named = getNamedType(field.type);
      if (isCompositeType(named)) {
        const subSets = group.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
        const sub = priceComposite(ctx, named, subSets, fieldPath);
        milli += sub.milli;
        if (sub.items.length) items.push(...sub.items);
      }
    }
  }
  const cap = typeCapMilli(type);
  if (cap !== undefined && milli > cap) {
    items.push({ kind: "cap", path: path || type.name, coordinate: type.name, milli: cap - milli });
    milli = cap;
  }
  return { milli, items };
}

/**
 * `@CostPerItem` / `@CostPerUnit`: the items (units) beyond the first (fieldCostMilli holds one),
 * credits × (count − 1).
 */
function extraItemsMilli(ctx: Ctx, field: GraphQLField<unknown, unknown>, node: FieldNode): number {
  const per = field.extensions?.[COST_PER_ITEM_EXTENSION] as
    | { arg?: string; units?: (args: Record<string, unknown>) => number; credits: number } | undefined;
  if (!per) return 0;
  ctx.usesVariables = true; // the count comes from the arguments: never a per-document price
  if (ctx.variablesUnknown) return 0;
  const args = getArgumentValues(field, node, ctx.variables);
  const list = per.arg === undefined ? undefined : args[per.arg];
  const count = per.units ? per.units(args) : Array.isArray(list) ? list.length : 1;
  return toMilli(per.credits) * Math.max(0, (Number.isFinite(count) ? Math.ceil(count) : 1) - 1);
}

/**
 * Splits the selections of one field into groups of equal arguments (resolved values, defaults
 * applied). Each group is charged once. A field selected once needs no argument work at all.
 */
function groupByArguments(ctx: Ctx, field: GraphQLField<unknown, unknown>, nodes: FieldNode[]): FieldNode[][] {
  if (nodes.length === 1 || field.args.length === 0) return [nodes];
  ctx.usesVariables = true; // argument equality may depend on variable values
  const groups = new Map<string, FieldNode[]>();
  for (const node of nodes) {
    const key = ctx.variablesUnknown
      ? writtenArguments(node)
      : stableStringify(getArgumentValues(field, node, ctx.variables));
    const g = groups.get(key);
    if (g) g.push(node);
    else groups.set(key, [node]);
  }
  return [...groups.values()];
}

/** Per composite type: whether any field reachable from it carries a price (computed once per type). */
const mayCostMemo = new WeakMap<GraphQLCompositeType, boolean>();

function mayCost(schema: GraphQLSchema, start: GraphQLCompositeType): boolean {
  const known = mayCostMemo.get(start);
  if (known !== undefined) return known;
  const seen = new Set<GraphQLCompositeType>([start]);
  const queue: GraphQLCompositeType[] = [start];
  let found = false;
  while (queue.length && !found) {
    const t = queue.pop()!;
    const next: GraphQLCompositeType[] = [];
    if (isObjectType(t) || isInterfaceType(t)) {
      for (const f of Object.values(t.getFields())) {
        if (fieldCostMilli(f) > 0) {
          found = true;
          break;
        }
        const named = getNamedType(f.type);
        if (isCompositeType(named)) next.push(named);
      }
    }
    if (isAbstractType(t)) next.push(...schema.getPossibleTypes(t));
    for (const n of next) {
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  mayCostMemo.set(start, found);
  return found;
}

/** Arguments as written, sorted by name (variables unknown): `a:1,b:$x`. */
function writtenArguments(node: FieldNode): string {
  return [...(node.arguments ?? [])]
    .sort((x, y) => x.name.value.localeCompare(y.name.value))
    .map((a) => `${a.name.value}:${print(a.value)}`)
    .join(",");
}

/** JSON with sorted object keys, so equal argument values give equal keys. */
function stableStringify(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`).join(",")}}`;
}
