import { grahaPositions } from "../../engine/astro/positions.js";
import { instantFromUnixMs } from "../../engine/time/instant.js";
import { DEFAULT_CONVENTIONS } from "../../engine/types.js";
import type { EngineSelfCheckType } from "./health-type.js";

/**
 * Reference: test/fixtures/swisseph-positions.json case "f00" (New Delhi, 2015-02-16T05:35:47Z),
 * Sun, sidereal Lahiri apparent longitude from Swiss Ephemeris 2.10.03 (DE431 files).
 */
const CHECK_ISO = "2015-02-16T05:35:47Z";
const CHECK_UNIX_MS = Date.UTC(2015, 1, 16, 5, 35, 47);
const EXPECTED_SUN_LON_DEG = 303.1435940595003;
/** Issue #2's accuracy target for the Sun is 0.6″; the check allows a little headroom. */
const TOLERANCE_ARCSEC = 1;

let cached: EngineSelfCheckType | undefined;

/**
 * Runs the full position pipeline (ΔT, VSOP87, nutation, aberration, ayanamsha) for the Sun.
 * The engine is deterministic, so one run per process answers for every later /health.
 */
export function engineSelfCheck(): EngineSelfCheckType {
  cached ??= runSelfCheck();
  return cached;
}

function runSelfCheck(): EngineSelfCheckType {
  const base = { instant: CHECK_ISO, expectedLongitude: EXPECTED_SUN_LON_DEG, toleranceArcsec: TOLERANCE_ARCSEC };
  try {
    const sun = grahaPositions(instantFromUnixMs(CHECK_UNIX_MS), DEFAULT_CONVENTIONS, ["sun"]).sun;
    if (!sun || !Number.isFinite(sun.lonSidDeg)) return { ...base, ok: false, computedLongitude: null, errorArcsec: null };
    let diff = Math.abs(sun.lonSidDeg - EXPECTED_SUN_LON_DEG) % 360;
    if (diff > 180) diff = 360 - diff;
    const errorArcsec = diff * 3600;
    return { ...base, ok: errorArcsec <= TOLERANCE_ARCSEC, computedLongitude: sun.lonSidDeg, errorArcsec };
  } catch {
    return { ...base, ok: false, computedLongitude: null, errorArcsec: null };
  }
}
