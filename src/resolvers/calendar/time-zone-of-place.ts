import tzlookup from "@photostructure/tz-lookup";
import { clockFromTz, type Clock } from "../panchanga/time-zone.js";

/**
 * The zone a place's civil dates are in. The IANA zone comes from @photostructure/tz-lookup:
 * an offline, dependency-free lookup over the timezone-boundary-builder polygons, kept current
 * with tzdata releases (the original tz-lookup is no longer maintained; geo-tz is larger and
 * reads data files at run time). A caller's `tz` overrides it.
 */
export function placeClock(latDeg: number, lonDeg: number, tz: string | null): { clock: Clock; source: "tz" | "coordinates" } {
  if (tz !== null) return { clock: clockFromTz("tz", tz), source: "tz" };
  return { clock: clockFromTz("tz", tzlookup(latDeg, lonDeg)), source: "coordinates" };
}
