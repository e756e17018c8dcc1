import { zoneOfPlace } from "../../engine/time/zones.js";
import { clockFromTz, type Clock } from "../panchanga/time-zone.js";

/**
 * The zone a place's civil dates are in: the offline lookup of engine/time/zones.ts
 * (@photostructure/tz-lookup). A caller's `tz` overrides it.
 */
export function placeClock(latDeg: number, lonDeg: number, tz: string | null): { clock: Clock; source: "tz" | "coordinates" } {
  if (tz !== null) return { clock: clockFromTz("tz", tz), source: "tz" };
  return { clock: clockFromTz("tz", zoneOfPlace(latDeg, lonDeg)), source: "coordinates" };
}
