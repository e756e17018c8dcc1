import type { RouteEntry } from "./route-entry.js";
import { vargasRoute } from "./routes/vargas-route.js";
import { kundaliRoute } from "./routes/kundali-route.js";
import { dashaRoute } from "./routes/dasha-route.js";
import { ephemerisRoute } from "./routes/ephemeris-route.js";
import { healthRoute } from "./routes/health-route.js";
import { choghadiyaRoute } from "./routes/choghadiya-route.js";
import { muhurtaRoute } from "./routes/muhurta-route.js";
import { panchangaRangeRoute } from "./routes/panchanga-range-route.js";
import { panchangaGetRoute, panchangaPostRoute } from "./routes/panchanga-route.js";
import { panchangaSearchRoute } from "./routes/panchanga-search-route.js";

/** Every REST endpoint of the spec served so far, in documentation order. */
export const ROUTES: readonly RouteEntry[] = [
  healthRoute, ephemerisRoute,
  panchangaPostRoute, panchangaGetRoute, panchangaRangeRoute, panchangaSearchRoute, choghadiyaRoute, muhurtaRoute,
  kundaliRoute, dashaRoute, vargasRoute,
];
