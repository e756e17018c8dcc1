/**
 * The price list lives on the schema (docs/architecture.md §5): a billable field carries `@Cost(credits)`,
 * a billable object type may carry `@CostCap(credits)`, the price of its whole bundle.
 *
 * Both decorators write the number twice, from one argument:
 * - into the type-graphql extensions (`extensions.cost` / `extensions.costCap`), which the
 *   pricing function reads at request time (no AST parsing on the hot path);
 * - as an applied directive (`@cost(credits: N)` / `@costCap(credits: N)`) on the generated
 *   AST node, so SDL printers that print applied directives show the price list.
 * graphql-js's own `printSchema` never prints applied directives, so `printSchemaWithCosts`
 * (print-schema.ts) prints the SDL with them; pass `COST_DIRECTIVES` to `buildSchema({ directives })`
 * so the directives are declared in the schema.
 */
import { DirectiveLocation, GraphQLDirective, GraphQLFloat, GraphQLNonNull, specifiedDirectives } from "graphql";
import { Directive, Extensions } from "type-graphql";

/** Extension keys under which the prices are stored (credits, as written in the decorator). */
export const COST_EXTENSION = "cost";
export const COST_CAP_EXTENSION = "costCap";
/** Extension key of a per-item price: `{ arg, credits }`, credits for each element of list argument `arg`. */
export const COST_PER_ITEM_EXTENSION = "costPerItem";

export const costDirective = new GraphQLDirective({
  name: "cost",
  description: "Credits charged when this field is selected (1 credit = 1000 milli-credits).",
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: { credits: { type: new GraphQLNonNull(GraphQLFloat) } },
});

export const costCapDirective = new GraphQLDirective({
  name: "costCap",
  description:
    "Most credits charged for any selection of this type: min(cap, sum of the selected fields' costs).",
  locations: [DirectiveLocation.OBJECT],
  args: { credits: { type: new GraphQLNonNull(GraphQLFloat) } },
});

/**
 * For `buildSchema({ directives: COST_DIRECTIVES })`. type-graphql hands this list to
 * GraphQLSchema as is, which then REPLACES the built-in directives, so the specified ones
 * (@skip, @include, @deprecated, @specifiedBy, @oneOf) are included here.
 */
export const COST_DIRECTIVES: GraphQLDirective[] = [...specifiedDirectives, costDirective, costCapDirective];

function checkCredits(credits: number, what: string): void {
  // Whole milli-credits only: the ledger is integer milli-credits (docs/architecture.md §7).
  if (!Number.isFinite(credits) || credits < 0 || Math.round(credits * 1000) !== credits * 1000) {
    throw new TypeError(`${what}: credits must be a non-negative multiple of 0.001, got ${credits}`);
  }
}

/** Marks a field as billable: selecting it costs `credits` (charged once per distinct arguments). */
export function Cost(credits: number): MethodDecorator & PropertyDecorator {
  checkCredits(credits, "@Cost");
  const ext = Extensions({ [COST_EXTENSION]: credits });
  const dir = Directive(`@cost(credits: ${credits})`);
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    // type-graphql's decorators accept (prototype, key, descriptor?) for fields and methods.
    (ext as (t: object, k: string | symbol, d?: PropertyDescriptor) => void)(target, key, descriptor);
    (dir as (t: object, k: string | symbol, d?: PropertyDescriptor) => void)(target, key, descriptor);
  };
}

/**
 * Marks a field as billable per element of one of its list arguments (one-to-many matching:
 * `credits` per candidate). Priced with its variables unknown (the route table's parity, a
 * keyless price query), the list counts as one element.
 */
export function CostPerItem(arg: string, credits: number): MethodDecorator & PropertyDecorator {
  checkCredits(credits, "@CostPerItem");
  const ext = Extensions({ [COST_PER_ITEM_EXTENSION]: { arg, credits } });
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    (ext as (t: object, k: string | symbol, d?: PropertyDescriptor) => void)(target, key, descriptor);
  };
}

/**
 * Marks a field as billable per unit its arguments name (a time window: `credits` per started
 * month of it). `units` gets the field's coerced arguments and returns ≥ 1; input it cannot
 * read counts as 1 unit (the resolver refuses it, and refused input is free). Priced with its
 * variables unknown, the field costs one unit.
 */
export function CostPerUnit(units: (args: Record<string, unknown>) => number, credits: number): MethodDecorator & PropertyDecorator {
  checkCredits(credits, "@CostPerUnit");
  const ext = Extensions({ [COST_PER_ITEM_EXTENSION]: { units, credits } });
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    (ext as (t: object, k: string | symbol, d?: PropertyDescriptor) => void)(target, key, descriptor);
  };
}

/** Caps the price of any selection of this object type at `credits` (the bundle price). */
export function CostCap(credits: number): ClassDecorator {
  checkCredits(credits, "@CostCap");
  const ext = Extensions({ [COST_CAP_EXTENSION]: credits });
  const dir = Directive(`@costCap(credits: ${credits})`);
  return (target) => {
    (ext as ClassDecorator)(target);
    (dir as ClassDecorator)(target);
  };
}
