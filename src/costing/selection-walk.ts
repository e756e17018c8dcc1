/**
 * The walk over an operation's selections that the price (price.ts) and the work estimate
 * (work.ts) share: fields gathered through fragments as graphql-js would resolve them,
 * honouring @skip/@include, fragment type conditions matched against the object type.
 */
import {
  getDirectiveValues, GraphQLIncludeDirective, GraphQLSkipDirective, isAbstractType, Kind, typeFromAST,
  type FieldNode, type FragmentDefinitionNode, type FragmentSpreadNode, type GraphQLObjectType, type GraphQLSchema,
  type InlineFragmentNode, type SelectionSetNode,
} from "graphql";

export interface SelectionScope {
  readonly schema: GraphQLSchema;
  readonly fragments: Map<string, FragmentDefinitionNode>;
  readonly variables: Record<string, unknown>;
  /** Variables not known yet (a stored REST document priced once): a variable `if` counts as included, the dearer outcome. */
  readonly variablesUnknown: boolean;
  /** Set when an outcome depended on a variable while they were unknown (such a price is not cached). */
  usesVariables?: boolean;
}

/**
 * The fields of `type` selected by `set`, grouped by `keyOf` (the response key, or the field
 * name), through inline fragments and spreads (each spread once), skipping introspection.
 */
export function collectSelections(
  scope: SelectionScope, type: GraphQLObjectType, set: SelectionSetNode, keyOf: (node: FieldNode) => string,
  out: Map<string, FieldNode[]>, visitedFragments: Set<string>,
): void {
  for (const selection of set.selections) {
    if (selection.directives?.length && !isIncluded(scope, selection)) continue;
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name.startsWith("__") || !type.getFields()[name]) continue; // introspection is free; unknown is unreachable after validation
      const key = keyOf(selection);
      const nodes = out.get(key);
      if (nodes) nodes.push(selection);
      else out.set(key, [selection]);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (conditionMatches(scope.schema, selection, type)) collectSelections(scope, type, selection.selectionSet, keyOf, out, visitedFragments);
    } else {
      const name = selection.name.value;
      if (visitedFragments.has(name)) continue;
      visitedFragments.add(name);
      const fragment = scope.fragments.get(name);
      if (fragment && conditionMatches(scope.schema, fragment, type)) collectSelections(scope, type, fragment.selectionSet, keyOf, out, visitedFragments);
    }
  }
}

/** @skip/@include of a selection; with variables unknown, only literal conditions decide. */
export function isIncluded(scope: SelectionScope, node: FieldNode | InlineFragmentNode | FragmentSpreadNode): boolean {
  if (scope.variablesUnknown) {
    for (const d of node.directives ?? []) {
      const arg = d.arguments?.find((a) => a.name.value === "if");
      if (!arg) continue;
      if (arg.value.kind !== Kind.BOOLEAN) {
        scope.usesVariables = true;
        continue;
      }
      if (d.name.value === "skip" && arg.value.value) return false;
      if (d.name.value === "include" && !arg.value.value) return false;
    }
    return true;
  }
  try {
    if (getDirectiveValues(GraphQLSkipDirective, node, scope.variables)?.if === true) return false;
    return getDirectiveValues(GraphQLIncludeDirective, node, scope.variables)?.if !== false;
  } catch {
    return true; // a variable that does not coerce: validation refuses the request; count it
  }
}

function conditionMatches(schema: GraphQLSchema, fragment: InlineFragmentNode | FragmentDefinitionNode, type: GraphQLObjectType): boolean {
  const condition = fragment.typeCondition;
  if (!condition) return true;
  const conditionType = typeFromAST(schema, condition);
  if (!conditionType) return false;
  if (conditionType === type) return true;
  return isAbstractType(conditionType) && schema.isSubType(conditionType, type);
}
