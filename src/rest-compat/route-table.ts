import type { RouteEntry } from "./route-entry.js";
import { ephemerisRoute } from "./routes/ephemeris-route.js";
import { healthRoute } from "./routes/health-route.js";

/** Every REST endpoint of the spec served so far, in documentation order. */
export const ROUTES: readonly RouteEntry[] = [healthRoute, ephemerisRoute];
