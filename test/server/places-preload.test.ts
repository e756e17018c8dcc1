import "reflect-metadata";
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { loadedPlaceIndex, placeIndex, placeIndexState } from "../../src/places/places.js";
import { runService } from "../../src/server/service.js";
import { openTestDatabase } from "../helpers/test-database.js";

/**
 * PLACES_PRELOAD (default false, within the per-worker memory budget): with true the live service
 * starts reading the place gazetteer as soon as it listens, without holding /health back (docs/places-and-time.md, "Memory and speed").
 */
describe("the gazetteer is preloaded at start", () => {
  it("by default (PLACES_PRELOAD=false) it is left to the first use", async () => {
    const database = await openTestDatabase();
    const service = await runService({
      env: { HOST: "127.0.0.1", LOG_LEVEL: "silent", SHUTDOWN_GRACE_MS: "2000" },
      port: 0, database, signals: new EventEmitter(), exit: () => undefined,
    });
    try {
      expect(service.config.placesPreload).toBe(false);
      expect((await fetch(`http://127.0.0.1:${service.port}/health`)).status).toBe(200);
      expect(placeIndexState()).toBe("idle");
    } finally {
      await service.shutdown("test end");
      await database.dispose();
    }
  });

  it("PLACES_PRELOAD=true: /health answers while the gazetteer is still loading; the load then completes without a place request", async () => {
    const database = await openTestDatabase();
    const service = await runService({
      env: { HOST: "127.0.0.1", LOG_LEVEL: "silent", SHUTDOWN_GRACE_MS: "2000", PLACES_PRELOAD: "true" },
      port: 0, database, signals: new EventEmitter(), exit: () => undefined,
    });
    try {
      const res = await fetch(`http://127.0.0.1:${service.port}/health`);
      expect(res.status).toBe(200);
      // Answered while the load the service started runs (seconds of CPU, yielding between slices).
      expect(placeIndexState()).toBe("loading");
      const ix = await placeIndex();
      expect(ix.size).toBeGreaterThan(100_000);
      expect(loadedPlaceIndex()).toBe(ix);
    } finally {
      await service.shutdown("test end");
      await database.dispose();
    }
  }, 180_000);
});
