/**
 * The one door to astronomy-engine. Importing it installs our ΔT (time/delta-t.ts) into
 * astronomy-engine once, at module load: its built-in ΔT is ~5 s too large in 2025 and ~110 s
 * by 2100 (docs/architecture.md §3). Every other engine module imports astronomy-engine from here, so no
 * code path can see the stock ΔT.
 */
import * as AstronomyEngine from "astronomy-engine";
import { deltaTSeconds } from "../time/delta-t.js";

/** astronomy-engine passes UT as days since J2000 (JD 2451545.0) and wants ΔT in seconds. */
AstronomyEngine.SetDeltaTFunction((utDays: number) => deltaTSeconds(utDays + 2451545.0));

/** True once our ΔT is installed (always, after this module has loaded). */
export const deltaTInstalled = true;

export * as Astronomy from "astronomy-engine";
