import type { Instant } from "../types.js";
import { deltaTSeconds } from "./delta-t.js";
import { jdFromUnixMs, unixMsFromJd } from "./julian.js";

/** The one way to build an Instant: UT from the caller, TT = UT + ΔT (delta-t.ts). */
export function instantFromUnixMs(unixMs: number): Instant {
  const jdUt = jdFromUnixMs(unixMs);
  return { jdUt, jdTt: jdUt + deltaTSeconds(jdUt) / 86_400, unixMs };
}

export function instantFromJdUt(jdUt: number): Instant {
  return { jdUt, jdTt: jdUt + deltaTSeconds(jdUt) / 86_400, unixMs: unixMsFromJd(jdUt) };
}
