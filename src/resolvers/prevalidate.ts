import {
  Kind, getArgumentValues, getNamedType, getVariableValues, isObjectType,
  type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode,
  type FieldNode,
} from "graphql";
import { birthFrom, type BirthInput } from "./chart/birth-input.js";
import { ephemerisSourceFrom } from "./ephemeris/ephemeris-resolver.js";

/** Checks one root field's (coerced) arguments; throws badUserInput naming the argument. */
type RootArgumentCheck = (args: Record<string, unknown>) => void;

/**
 * The root fields whose arguments carry rules beyond the GraphQL types (datetimes with offsets,
 * latitude ranges). The resolvers apply the same functions; running them here first lets a
 * caller be refused before anything is priced or charged.
 */
const ROOT_ARGUMENT_CHECKS: Readonly<Record<string, RootArgumentCheck>> = {
  ephemeris: (args) => void ephemerisSourceFrom(args as Parameters<typeof ephemerisSourceFrom>[0]),
  chart: (args) => void birthFrom("birth", args.birth as BirthInput),
};

function rootFields(set: SelectionSetNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, seen = new Set<string>()): FieldNode[] {
  const out: FieldNode[] = [];
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push(sel);
    else if (sel.kind === Kind.INLINE_FRAGMENT) out.push(...rootFields(sel.selectionSet, fragments, seen));
    else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const frag = fragments.get(sel.name.value);
      if (frag) out.push(...rootFields(frag.selectionSet, fragments, seen));
    }
  }
  return out;
}

/**
 * Validate the arguments of an operation's root fields with the resolvers' own rules, before
 * execution. Throws the first BAD_USER_INPUT GraphQLError (with `field`). Meant for a
 * pre-pricing hook, e.g. the cost plugin's `beforePricing`:
 *   beforePricing: (rc) => prevalidateOperation(rc.schema, rc.document, rc.operation, rc.request.variables)
 * Variable-coercion problems are left to GraphQL's own execution errors.
 */
export function prevalidateOperation(
  schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Readonly<Record<string, unknown>> | undefined,
): void {
  if (operation.operation !== "query") return;
  const queryType = schema.getQueryType();
  if (!queryType) return;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], { ...(variables ?? {}) });
  if (coerced.errors) return;
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const fields = queryType.getFields();
  for (const node of rootFields(operation.selectionSet, fragments)) {
    const check = ROOT_ARGUMENT_CHECKS[node.name.value];
    const def = fields[node.name.value];
    if (!check || !def || !isObjectType(getNamedType(def.type))) continue;
    check(getArgumentValues(def, node, coerced.coerced));
  }
}
