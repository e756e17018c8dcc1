/**
 * Parity of the REST price list with the schema's (docs/architecture.md §5): each REST route's stored
 * GraphQL document, priced by the same function as any GraphQL request, must cost exactly the
 * route's documented credits (the spec's Credits column). Documents are priced with their
 * variables unknown (the dearest `@skip`/`@include` outcome), since a route's price does not
 * depend on its input.
 */
import { parse, specifiedRules, validate, type GraphQLSchema } from "graphql";
import { priceOperation } from "./price.js";

export interface PricedRouteLike {
  readonly method: string;
  readonly path: string;
  /** Documented price per call, credits. */
  readonly credits: number;
  readonly document: string;
}

export interface RoutePriceMismatch {
  route: string;
  documentedCredits: number;
  /** The document's price, or null when the document does not parse or validate. */
  pricedCredits: number | null;
  error?: string;
}

/** Every route whose document's price differs from its documented credits (empty: parity holds). */
export function routePriceMismatches(schema: GraphQLSchema, routes: readonly PricedRouteLike[]): RoutePriceMismatch[] {
  const out: RoutePriceMismatch[] = [];
  for (const r of routes) {
    const route = `${r.method.toUpperCase()} ${r.path}`;
    let pricedMilli: number;
    try {
      const doc = parse(r.document);
      const errors = validate(schema, doc, specifiedRules);
      if (errors.length) throw new Error(errors.map((e) => e.message).join(" "));
      pricedMilli = priceOperation(schema, doc, undefined, undefined, { variablesUnknown: true }).milli;
    } catch (err) {
      out.push({ route, documentedCredits: r.credits, pricedCredits: null, error: (err as Error).message });
      continue;
    }
    if (pricedMilli !== Math.round(r.credits * 1000)) {
      out.push({ route, documentedCredits: r.credits, pricedCredits: pricedMilli / 1000 });
    }
  }
  return out;
}
