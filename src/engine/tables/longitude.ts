import { RASHIS, norm360, rashiDegree, rashiOf } from "./rashis.js";
import { NAKSHATRAS, nakshatraOf, padaOf } from "./nakshatras.js";
import type { Graha } from "../types.js";

/** Everything a reader wants to know about a sidereal longitude. */
export interface LongitudeInfo {
  readonly lonSidDeg: number;
  readonly rashi: number;
  readonly rashiName: string;
  readonly rashiLord: Graha;
  readonly rashiDegree: number;
  readonly nakshatra: number;
  readonly nakshatraName: string;
  readonly nakshatraLord: Graha;
  readonly pada: number;
  readonly dms: string;
}

/** "15°04′09″" style degrees-minutes-seconds of an angle within its sign (or any angle). */
export function toDms(deg: number): string {
  const sign = deg < 0 ? "-" : "";
  let totalSec = Math.round(Math.abs(deg) * 3600);
  const d = Math.floor(totalSec / 3600);
  totalSec -= d * 3600;
  const m = Math.floor(totalSec / 60);
  const s = totalSec - m * 60;
  return `${sign}${d}°${String(m).padStart(2, "0")}′${String(s).padStart(2, "0")}″`;
}

export function describeLongitude(lonSidDeg: number): LongitudeInfo {
  const lon = norm360(lonSidDeg);
  const r = rashiOf(lon);
  const n = nakshatraOf(lon);
  const rashi = RASHIS[r - 1]!;
  const nak = NAKSHATRAS[n - 1]!;
  const deg = rashiDegree(lon);
  return {
    lonSidDeg: lon,
    rashi: r,
    rashiName: rashi.name,
    rashiLord: rashi.lord,
    rashiDegree: deg,
    nakshatra: n,
    nakshatraName: nak.name,
    nakshatraLord: nak.lord,
    pada: padaOf(lon),
    dms: `${toDms(deg)} ${rashi.name}`,
  };
}
