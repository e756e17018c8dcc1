import { setImmediate as yieldToLoop } from "node:timers/promises";
import { readGazetteerRows } from "./gazetteer-file.js";
import { PlaceIndex } from "./place-index.js";

/**
 * The process's one gazetteer, loaded at start by the live service (PLACES_PRELOAD,
 * src/server/service.ts) or on first need, in slices that yield to the event loop, so a loading
 * process keeps answering other requests. Memory and load time: docs/places-and-time.md.
 */
let loading: Promise<PlaceIndex> | undefined;
let loaded: PlaceIndex | undefined;

export function placeIndex(): Promise<PlaceIndex> {
  loading ??= (async () => {
    const pause = () => yieldToLoop().then(() => undefined);
    const ix = await PlaceIndex.build(await readGazetteerRows(pause), pause);
    loaded = ix;
    return ix;
  })().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** The gazetteer when it is already in memory (synchronous callers), else undefined. */
export function loadedPlaceIndex(): PlaceIndex | undefined {
  return loaded;
}

/** Where the gazetteer is: not asked for yet, being read, or in memory. */
export function placeIndexState(): "idle" | "loading" | "loaded" {
  return loaded ? "loaded" : loading ? "loading" : "idle";
}
