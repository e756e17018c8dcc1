/**
 * The size of a GraphQL document, in selections (fields, fragment spreads, inline fragments as
 * written), bounded before the document is validated or priced (issue 8: keyless work). Apollo's
 * token limit alone lets through ~1,200 repeats of one field in 5,000 tokens, and graphql-js's
 * "fields can merge" rule compares repeats pairwise: one such document took a second to validate,
 * and the free `price(query)` field validated twenty of them per request. Counting is one linear
 * walk, so a refused document costs its parse only. The limit holds for every document: the
 * request's own (so X-Dry-Run too) and each `price(query)` document.
 */
import type { RequestHandler } from "express";
import { GraphQLError, Kind, parse, type DocumentNode, type ParseOptions, type SelectionSetNode } from "graphql";

/** The biggest REST document (/kundali) has 186 selections; a client combining a few of them stays well under this. */
export const DEFAULT_MAX_FIELDS = 500;

/** Selections in the document as written (each fragment definition counted once). Stops counting past `stopAt`. */
export function countSelections(document: DocumentNode, stopAt = Number.POSITIVE_INFINITY): number {
  let n = 0;
  const stack: SelectionSetNode[] = [];
  for (const def of document.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION || def.kind === Kind.FRAGMENT_DEFINITION) stack.push(def.selectionSet);
  }
  while (stack.length > 0 && n <= stopAt) {
    const set = stack.pop()!;
    for (const sel of set.selections) {
      n += 1;
      if (sel.kind !== Kind.FRAGMENT_SPREAD && sel.selectionSet) stack.push(sel.selectionSet);
    }
  }
  return n;
}

/** What a too-big document is answered with: HTTP 400, as Apollo answers the other document limits. */
export function documentSizeError(maxFields: number, what = "The document"): GraphQLError {
  return new GraphQLError(`${what} has more than ${maxFields} field selections; the limit is ${maxFields}.`, {
    extensions: { code: "GRAPHQL_VALIDATION_FAILED", limit: "fields", max: maxFields, http: { status: 400 } },
  });
}

/**
 * Refuses a /graphql request whose document has more than `maxFields` selections, before Apollo
 * parses and validates it (Apollo turns an error thrown from its own hooks into a 500, so the
 * check sits in front of it); see documentSizeCheck.
 */
export function documentSizeMiddleware(maxFields: number, parseOptions: ParseOptions = {}): RequestHandler {
  const tooBig = documentSizeCheck(maxFields, parseOptions);
  return (req, res, next) => {
    const body = req.body as unknown;
    const requests = Array.isArray(body) ? body : [body];
    const query = (r: unknown) => (r !== null && typeof r === "object" ? (r as { query?: unknown }).query : undefined);
    if (!requests.some((r) => tooBig(query(r)))) return next();
    res.status(400).json(documentSizeBody(maxFields));
  };
}

/**
 * Whether a request's query text holds more than `maxFields` selections: the check of
 * documentSizeMiddleware, shared with /graphql's fast lane (src/graphql-lane). A text shorter
 * than 2 × maxFields characters cannot (each selection needs a name and a separator); verdicts
 * on longer texts are remembered (bounded). A text that does not parse is left to the parser's error.
 */
export function documentSizeCheck(maxFields: number, parseOptions: ParseOptions = {}): (query: unknown) => boolean {
  const verdicts = new Map<string, boolean>();
  return (query) => {
    if (typeof query !== "string" || query.length <= 2 * maxFields) return false;
    let verdict = verdicts.get(query);
    if (verdict === undefined) {
      try {
        verdict = countSelections(parse(query, { ...parseOptions, noLocation: true }), maxFields) > maxFields;
      } catch {
        return false;
      }
      if (verdicts.size >= 1000) verdicts.clear();
      verdicts.set(query, verdict);
    }
    return verdict;
  };
}

/** The 400 body of a too-big /graphql document. */
export function documentSizeBody(maxFields: number): { errors: Array<{ message: string; extensions: Record<string, unknown> }> } {
  const error = documentSizeError(maxFields);
  return { errors: [{ message: error.message, extensions: { code: "GRAPHQL_VALIDATION_FAILED", limit: "fields", max: maxFields } }] };
}
