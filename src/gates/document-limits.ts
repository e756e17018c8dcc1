/**
 * Limits on GraphQL documents, checked before anything is priced or run, so a hostile document
 * costs parsing and validation only:
 * - tokens: enforced by the parser itself (`parseOptions.maxTokens`), before any AST exists;
 * - depth: field nesting of any operation, through fragments (introspection excluded, since
 *   GraphiQL's introspection query nests `ofType` deeper than any real query);
 * - aliases: aliased fields in the document, the usual amplification vector (`a1: x a2: x …`);
 * - root fields: fields at the top of one operation.
 * Pass `documentLimitRules()` as Apollo's `validationRules` and `documentParseOptions()` as its
 * `parseOptions`. Apollo answers a failed rule with HTTP 400, code GRAPHQL_VALIDATION_FAILED,
 * and a message naming the limit. Where the Apollo config cannot be reached, `documentLimitsGate()`
 * runs the same rules as the cost plugin's `beforePricing` hook, with the same answer.
 */
import {
  GraphQLError,
  Kind,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type ParseOptions,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";

export interface DocumentLimits {
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  maxRootFields: number;
}

/**
 * Defaults: the deepest real query (chart → dasha → maha → antar → pratyantar → field) is 6
 * levels; a full kundali document with every part is under 1,000 tokens.
 */
export const DEFAULT_DOCUMENT_LIMITS: Readonly<DocumentLimits> = Object.freeze({
  maxDepth: 12,
  maxAliases: 30,
  maxTokens: 5_000,
  maxRootFields: 20,
});

export function documentParseOptions(limits: Partial<DocumentLimits> = {}): ParseOptions {
  return { maxTokens: limits.maxTokens ?? DEFAULT_DOCUMENT_LIMITS.maxTokens };
}

export function documentLimitRules(limits: Partial<DocumentLimits> = {}): ValidationRule[] {
  const l = { ...DEFAULT_DOCUMENT_LIMITS, ...limits };
  return [maxDepthRule(l.maxDepth), maxAliasesRule(l.maxAliases), maxRootFieldsRule(l.maxRootFields)];
}

export function maxDepthRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    // Depth of a selection set, 1 for a set of leaves; fragments on the current path are not re-entered (cycles are another rule's error).
    const depthOf = (set: SelectionSetNode, onPath: Set<string>): number => {
      let deepest = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith("__")) continue;
          deepest = Math.max(deepest, 1 + (sel.selectionSet ? depthOf(sel.selectionSet, onPath) : 0));
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(sel.selectionSet, onPath));
        } else {
          const name = sel.name.value;
          const frag = fragments.get(name);
          if (!frag || onPath.has(name)) continue;
          onPath.add(name);
          deepest = Math.max(deepest, depthOf(frag.selectionSet, onPath));
          onPath.delete(name);
        }
        if (deepest > maxDepth) return deepest; // enough to refuse; stop walking
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth > maxDepth) {
          const name = node.name ? `Operation "${node.name.value}"` : "The operation";
          context.reportError(
            new GraphQLError(`${name} nests fields more than ${maxDepth} levels deep; the limit is ${maxDepth}.`, {
              nodes: [node],
              extensions: { limit: "depth", max: maxDepth },
            }),
          );
        }
      },
    };
  };
}

export function maxAliasesRule(maxAliases: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let count = 0;
    let reported = false;
    return {
      Field(node) {
        if (!node.alias) return;
        count += 1;
        if (count > maxAliases && !reported) {
          reported = true;
          context.reportError(
            new GraphQLError(`The document uses more than ${maxAliases} aliases; the limit is ${maxAliases}.`, {
              nodes: [node],
              extensions: { limit: "aliases", max: maxAliases },
            }),
          );
        }
      },
    };
  };
}

export function maxRootFieldsRule(maxRootFields: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const countFields = (set: SelectionSetNode, seen: Set<string>): number => {
      let n = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) n += 1;
        else if (sel.kind === Kind.INLINE_FRAGMENT) n += countFields(sel.selectionSet, seen);
        else if (!seen.has(sel.name.value)) {
          seen.add(sel.name.value);
          const frag = fragments.get(sel.name.value);
          if (frag) n += countFields(frag.selectionSet, seen);
        }
      }
      return n;
    };
    return {
      OperationDefinition(node) {
        const n = countFields(node.selectionSet, new Set());
        if (n > maxRootFields) {
          context.reportError(
            new GraphQLError(`The operation selects ${n} root fields; the limit is ${maxRootFields}.`, {
              nodes: [node],
              extensions: { limit: "rootFields", max: maxRootFields },
            }),
          );
        }
      },
    };
  };
}

/**
 * The document limits as a check for the cost plugin's `beforePricing` hook: HTTP 400, code
 * GRAPHQL_VALIDATION_FAILED, one error per broken limit (as Apollo answers validation rules).
 */
export function documentLimitsGate(limits: Partial<DocumentLimits> = {}) {
  const rules = documentLimitRules(limits);
  // Apollo's document store hands back the same DocumentNode for a repeated query, so the
  // verdict is cached per document (the REST routes' documents are checked once).
  const verdicts = new WeakMap<DocumentNode, string | null>();
  return (rc: { schema: GraphQLSchema; document: DocumentNode }): void => {
    let verdict = verdicts.get(rc.document);
    if (verdict === undefined) {
      const errors = validate(rc.schema, rc.document, rules);
      verdict = errors.length ? errors.map((e) => e.message).join(" ") : null;
      verdicts.set(rc.document, verdict);
    }
    if (verdict === null) return;
    throw new GraphQLError(verdict, { extensions: { code: "GRAPHQL_VALIDATION_FAILED", http: { status: 400 } } });
  };
}
