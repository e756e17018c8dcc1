import type { Graha } from "../types.js";
import { RASHIS, norm360, rashiDegree, rashiOf } from "../tables/rashis.js";
import { COMBUSTION_ORBS_DEG, DIGNITIES } from "../tables/dignities.js";
import {
  COMPOUND,
  TEMPORAL_FRIEND_HOUSES,
  naturalRelationTable,
  type CompoundRelation,
  type NaturalRelation,
} from "../tables/friendships.js";
import { houseFrom, type ChartInput } from "./chart-input.js";

export type { CompoundRelation, NaturalRelation } from "../tables/friendships.js";

/** Dignity of a graha in its sign: BPHS ch. 3 status, then the five-fold relation to the sign lord. */
export type Dignity = "exalted" | "debilitated" | "moolatrikona" | "own" | CompoundRelation;

/** Sign (1..12) of exaltation. */
export function exaltationSign(g: Graha): number {
  return DIGNITIES[g].exaltationRashi;
}

/** Sign (1..12) of debilitation: the seventh from exaltation. */
export function debilitationSign(g: Graha): number {
  return ((DIGNITIES[g].exaltationRashi + 5) % 12) + 1;
}

/** Deep exaltation point as a sidereal longitude, degrees. */
export function exaltationLonDeg(g: Graha): number {
  const d = DIGNITIES[g];
  return (d.exaltationRashi - 1) * 30 + d.exaltationDeg;
}

/** Moolatrikona sign and the degree span within it. */
export function moolatrikona(g: Graha): { rashi: number; fromDeg: number; toDeg: number } {
  const m = DIGNITIES[g].moolatrikona;
  return { rashi: m.rashi, fromDeg: m.fromDeg, toDeg: m.toDeg };
}

/** Signs (1..12) the graha owns. */
export function ownSigns(g: Graha): readonly number[] {
  return DIGNITIES[g].ownRashis;
}

/** Lord of a sign (1..12). */
export function signLord(rashi: number): Graha {
  return RASHIS[rashi - 1]!.lord;
}

/** Natural relation of `a` towards `b` (BPHS ch. 3). */
export function naturalRelation(a: Graha, b: Graha): NaturalRelation {
  return naturalRelationTable(a, b);
}

/** Temporary relation of `a` towards `b` from their signs in this chart (BPHS ch. 3). */
export function temporalRelation(chart: ChartInput, a: Graha, b: Graha): "friend" | "enemy" {
  const h = houseFrom(rashiOf(chart.grahas[a].lonSidDeg), rashiOf(chart.grahas[b].lonSidDeg));
  return TEMPORAL_FRIEND_HOUSES.includes(h) ? "friend" : "enemy";
}

/** Five-fold compound relation of `a` towards `b` (BPHS ch. 3). */
export function compoundRelation(chart: ChartInput, a: Graha, b: Graha): CompoundRelation {
  return COMPOUND[naturalRelation(a, b)][temporalRelation(chart, a, b)];
}

/**
 * Dignity of graha `g` at its place in the chart. Exaltation and debilitation are by whole sign,
 * except where BPHS splits a sign by degrees: the Moon in Taurus is exalted only within 0–3°
 * (moolatrikona after), Mercury in Virgo exalted within 0–15°, moolatrikona 15–20°, own 20–30°.
 * Otherwise moolatrikona (within its span), own sign, or the compound relation to the sign lord.
 */
export function dignityOf(chart: ChartInput, g: Graha): Dignity {
  return dignityAt(chart, g, chart.grahas[g].lonSidDeg);
}

/** As {@link dignityOf}, for graha `g` placed at `lonSidDeg` (the chart gives temporal relations). */
export function dignityAt(chart: ChartInput, g: Graha, lonSidDeg: number): Dignity {
  const rashi = rashiOf(lonSidDeg);
  const deg = rashiDegree(lonSidDeg);
  const d = DIGNITIES[g];
  const mt = d.moolatrikona;
  const inMt = rashi === mt.rashi && deg >= mt.fromDeg && deg < mt.toDeg;
  if (rashi === d.exaltationRashi) {
    // Where exaltation and moolatrikona share a sign, exaltation holds up to the deep point only.
    if (mt.rashi !== rashi || deg < mt.fromDeg) return "exalted";
  }
  if (rashi === debilitationSign(g)) return "debilitated";
  if (inMt) return "moolatrikona";
  if (d.ownRashis.includes(rashi)) return "own";
  const lord = signLord(rashi);
  if (lord === g) return "own";
  return compoundRelation(chart, g, lord);
}

/** Angular distance in longitude between two points, 0..180°. */
export function separationDeg(aDeg: number, bDeg: number): number {
  const d = norm360(aDeg - bDeg);
  return d > 180 ? 360 - d : d;
}

/**
 * Whether `g` is combust (asta): within its orb of the Sun in longitude (orbs from
 * Surya Siddhanta ch. 9, see tables/dignities.ts). `orbDeg` is the orb used (null for the Sun
 * and the nodes, which never combust); `distanceDeg` the separation from the Sun.
 */
export function isCombust(chart: ChartInput, g: Graha): { combust: boolean; orbDeg: number | null; distanceDeg: number } {
  const p = chart.grahas[g];
  const distanceDeg = separationDeg(p.lonSidDeg, chart.grahas.sun.lonSidDeg);
  const orbs = COMBUSTION_ORBS_DEG[g];
  if (!orbs) return { combust: false, orbDeg: null, distanceDeg };
  const orbDeg = p.speedDegPerDay < 0 ? orbs.retrograde : orbs.direct;
  return { combust: distanceDeg <= orbDeg, orbDeg, distanceDeg };
}
