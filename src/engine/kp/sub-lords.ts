import type { Graha } from "../types.js";
import { VIMSHOTTARI_TOTAL_YEARS, VIMSHOTTARI_YEARS } from "../dasha/vimshottari.js";
import { NAKSHATRAS, VIMSHOTTARI_ORDER } from "../tables/nakshatras.js";
import { RASHIS, norm360 } from "../tables/rashis.js";

/**
 * KP (Krishnamurti Paddhati) sub-lord theory (K. S. Krishnamurti, "KP Reader I", ch. on the
 * sub): each 13°20′ nakshatra is cut into nine subs proportional to the Vimshottari years,
 * starting from the nakshatra's own lord; a sub is cut into nine sub-subs the same way from the
 * sub lord. The table below is derived from the dasha years (not typed in): 243 subs, whose
 * boundaries are multiples of 1/9° (13°20′ × years / 120 = years × 1/9°). Sign boundaries cut six
 * subs in two, which gives the classical 249-row table (kpTable249) but no extra lord change.
 */
export interface KpSub {
  /** 0-based index 0..242 in zodiac order. */
  readonly index: number;
  readonly startDeg: number;
  readonly endDeg: number;
  readonly nakshatra: number;
  readonly starLord: Graha;
  readonly subLord: Graha;
}

const ORDER_FROM = (lord: Graha): Graha[] => {
  const i = VIMSHOTTARI_ORDER.indexOf(lord);
  return Array.from({ length: 9 }, (_, k) => VIMSHOTTARI_ORDER[(i + k) % 9]!);
};

/** Width of the part of `span` ruled by `lord` in a Vimshottari split. */
const share = (span: number, lord: Graha): number => (span * VIMSHOTTARI_YEARS[lord]) / VIMSHOTTARI_TOTAL_YEARS;

export const KP_SUBS: readonly KpSub[] = Object.freeze(
  NAKSHATRAS.flatMap((n, ni) => {
    // Boundaries in exact units of 1/9° (a year of the 120 is 13°20′/120 = 1/9°), so they are
    // computed as (integer)/9 and not as a running float sum.
    let units = ni * VIMSHOTTARI_TOTAL_YEARS;
    return ORDER_FROM(n.lord).map((sub, k) => {
      const startDeg = units / 9;
      units += VIMSHOTTARI_YEARS[sub];
      return Object.freeze({ index: ni * 9 + k, startDeg, endDeg: units / 9, nakshatra: n.number, starLord: n.lord, subLord: sub });
    });
  }),
);

/** Start of every sub (243 values, ascending from 0°): the only points where a sub lord changes. */
export const KP_SUB_BOUNDARIES: readonly number[] = Object.freeze(KP_SUBS.map((s) => s.startDeg));

/** The sub containing a sidereal longitude (binary search over the 243 starts). */
export function kpSubAt(lonSidDeg: number): KpSub {
  const l = norm360(lonSidDeg);
  let lo = 0;
  let hi = KP_SUBS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (KP_SUBS[mid]!.startDeg <= l) lo = mid;
    else hi = mid - 1;
  }
  return KP_SUBS[lo]!;
}

export interface KpLords {
  readonly lonSidDeg: number;
  readonly sign: number;
  readonly signLord: Graha;
  readonly nakshatra: number;
  readonly starLord: Graha;
  readonly subLord: Graha;
  readonly subSubLord: Graha;
  /** Arc to the nearer edge of the sub / sub-sub, arcseconds (how firmly the lord holds). */
  readonly subMarginArcsec: number;
  readonly subSubMarginArcsec: number;
}

/** Sign, star, sub and sub-sub lord of a sidereal longitude. */
export function kpLordsOf(lonSidDeg: number): KpLords {
  const l = norm360(lonSidDeg);
  const sub = kpSubAt(l);
  let start = sub.startDeg;
  let subSub: Graha = sub.subLord;
  let ssStart = start;
  let ssEnd = sub.endDeg;
  const width = sub.endDeg - sub.startDeg;
  const lords = ORDER_FROM(sub.subLord);
  for (let k = 0; k < 9; k++) {
    const end = k === 8 ? sub.endDeg : start + share(width, lords[k]!);
    if (l < end || k === 8) {
      subSub = lords[k]!;
      ssStart = start;
      ssEnd = end;
      break;
    }
    start = end;
  }
  const sign = Math.min(11, Math.floor(l / 30)) + 1;
  return {
    lonSidDeg: l,
    sign,
    signLord: RASHIS[sign - 1]!.lord,
    nakshatra: sub.nakshatra,
    starLord: sub.starLord,
    subLord: sub.subLord,
    subSubLord: subSub,
    subMarginArcsec: Math.min(l - sub.startDeg, sub.endDeg - l) * 3600,
    subSubMarginArcsec: Math.min(l - ssStart, ssEnd - l) * 3600,
  };
}

export interface KpTableRow {
  readonly number: number;
  readonly startDeg: number;
  readonly endDeg: number;
  readonly sign: number;
  readonly signLord: Graha;
  readonly starLord: Graha;
  readonly subLord: Graha;
}

/** The classical 249-row KP table: the 243 subs with the six that straddle a sign cut in two. */
export function kpTable249(): KpTableRow[] {
  const rows: KpTableRow[] = [];
  const eps = 1e-9;
  for (const s of KP_SUBS) {
    const cut = Math.floor(s.startDeg / 30 + eps) * 30 + 30;
    const pieces = cut < s.endDeg - eps ? [[s.startDeg, cut], [cut, s.endDeg]] : [[s.startDeg, s.endDeg]];
    for (const [a, b] of pieces) {
      const sign = Math.floor(a! / 30 + eps) + 1;
      rows.push({ number: rows.length + 1, startDeg: a!, endDeg: b!, sign, signLord: RASHIS[sign - 1]!.lord, starLord: s.starLord, subLord: s.subLord });
    }
  }
  return rows;
}
