import { loadedPlaceIndex, placeIndex } from "../../places/places.js";

/** Whether a document's text names `place:`, by parsed document (the same object comes back request after request). */
const namesPlace = new WeakMap<object, boolean>();
const PLACE_ARGUMENT = /\bplace\s*:/;

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
    let inText = rc.document ? namesPlace.get(rc.document) : undefined;
    if (inText === undefined) {
      // graphql-ws (subscriptions) passes no query text: the parsed document still carries it.
      inText = PLACE_ARGUMENT.test(rc.source ?? rc.request.query ?? rc.document?.loc?.source.body ?? "");
      if (rc.document) namesPlace.set(rc.document, inText);
    }
    const variables = rc.request.variables;
    if (inText || (variables && JSON.stringify(variables).includes('"place"'))) await placeIndex();
  };
}
