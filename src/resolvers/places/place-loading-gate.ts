import { loadedPlaceIndex, placeIndex } from "../../places/places.js";

/**
 * Before a GraphQL operation's inputs are checked: when it may name a place id (`place:` in the
 * document or a "place" key in its variables) and the gazetteer is not in memory yet, wait for
 * it, so the synchronous input checks (birthFrom, prevalidate.ts) can look the id up. Costs
 * nothing once loaded, and nothing to operations that name no place.
 */
export function placeLoadingGate() {
  return async (rc: {
    source?: string; document?: { loc?: { source: { body: string } } };
    request: { query?: string; variables?: Readonly<Record<string, unknown>> | null };
  }): Promise<void> => {
    if (loadedPlaceIndex()) return;
    // graphql-ws (subscriptions) passes no query text: the parsed document still carries it.
    const text = rc.source ?? rc.request.query ?? rc.document?.loc?.source.body ?? "";
    const variables = rc.request.variables;
    if (/\bplace\s*:/.test(text) || (variables && JSON.stringify(variables).includes('"place"'))) await placeIndex();
  };
}
