import { norm360 } from "../tables/rashis.js";
import { NAKSHATRA_SPAN_DEG, PADA_SPAN_DEG, nakshatraOf } from "../tables/nakshatras.js";
import {
  KALACHAKRA_ROWS, KALACHAKRA_SIGN_YEARS, kalachakraChakraOf, kalachakraRow, paramayushOf, type KalachakraChakra,
} from "../tables/kalachakra.js";
import type { DashaSpan, SystemDasha } from "./dasha-span.js";

/** Years of life the maha periods are listed for, from birth (the rows continue past the birth pada). */
export const KALACHAKRA_LISTED_YEARS = 120;

export const KALACHAKRA_RULES =
  "Kalachakra dasha (BPHS ch. 46; P.V.R. Narasimha Rao, Vedic Astrology: An Integrated Approach): the Moon's nakshatra pada " +
  "(navamsha) picks a row of nine signs — savya groups Ashwini/Bharani/Krittika, Punarvasu…, Hasta…, Mula…, Purva Bhadrapada… " +
  "counted zodiacally, apasavya groups Rohini…, Magha…, Vishakha…, Shravana… backwards; the rows of four chakras by the star's foot " +
  "(Sanjay Rath, Kalachakra Dasa, 2005): Ashwini (Ashwini, Krittika, Punarvasu, Ashlesha, Hasta, Swati, Mula, Uttarashadha, Purva " +
  "Bhadrapada, Revati), Bharani (Bharani, Pushya, Chitra, Purvashadha, Uttara Bhadrapada), Rohini (Rohini, Magha, Vishakha, Shravana), " +
  "Mrigashira (the other apasavya stars); years per sign Aries 7, Taurus 16, Gemini 9, " +
  "Cancer 21, Leo 5, Virgo 9, Libra 16, Scorpio 7, Sagittarius 10, Capricorn 4, Aquarius 4, Pisces 10; the row's paramayush (83, 85, 86 or " +
  "100) × the Moon's elapsed fraction of the pada is the part of the row run before birth, which fixes the first sign and its balance; " +
  "then the rows of the following padas of the zodiac (the next navamsha, into the next star after a 4th pada). Deha: the row's first sign (savya) or last " +
  "(apasavya); jeeva the other end. Antardashas: the nine signs of the maha's row from the maha sign on, cyclically, each lasting " +
  "maha × sign years / paramayush; pratyantardashas the same inside them.";

/** A Kalachakra period: where it sits in its row, so that sub-periods follow that row. */
interface KalachakraSpan extends DashaSpan {
  readonly row: readonly number[];
  readonly pos: number;
}

export interface KalachakraInfo {
  readonly nakshatra: number;
  readonly pada: number;
  readonly group: "savya" | "apasavya";
  readonly chakra: KalachakraChakra;
  /** The birth pada's nine signs. */
  readonly signs: readonly number[];
  readonly paramayush: number;
  readonly deha: number;
  readonly jeeva: number;
  /** Fraction of the pada the Moon had crossed at birth. */
  readonly padaElapsedFraction: number;
}

/** Where the Moon's sidereal longitude puts the Kalachakra: nakshatra, pada, chakra, row and the elapsed fraction of the pada. */
export function kalachakraPlace(moonLonSidDeg: number): KalachakraInfo {
  const lon = norm360(moonLonSidDeg);
  const nakshatra = nakshatraOf(lon);
  const inStar = lon - (nakshatra - 1) * NAKSHATRA_SPAN_DEG;
  const pada = Math.min(4, Math.floor(inStar / PADA_SPAN_DEG) + 1);
  const padaElapsedFraction = Math.min(1, Math.max(0, (inStar - (pada - 1) * PADA_SPAN_DEG) / PADA_SPAN_DEG));
  const { group, chakra } = kalachakraChakraOf(nakshatra);
  const signs = KALACHAKRA_ROWS[chakra][pada - 1]!;
  return {
    nakshatra, pada, group, chakra, signs, paramayush: paramayushOf(signs), padaElapsedFraction,
    deha: group === "savya" ? signs[0]! : signs[8]!, jeeva: group === "savya" ? signs[8]! : signs[0]!,
  };
}

export function kalachakraDasha(moonLonSidDeg: number, birthJdUt: number, yearDays: number): SystemDasha & {
  readonly kalachakra: KalachakraInfo;
  readonly balance: { readonly rashi: number; readonly years: number; readonly elapsedFraction: number };
} {
  const info = kalachakraPlace(moonLonSidDeg);
  // The part of the row run before birth, then the sign it falls in.
  let elapsed = info.padaElapsedFraction * info.paramayush;
  let pos = 0;
  while (pos < 8 && elapsed >= KALACHAKRA_SIGN_YEARS[info.signs[pos]!]!) {
    elapsed -= KALACHAKRA_SIGN_YEARS[info.signs[pos]!]!;
    pos++;
  }
  const firstYears = KALACHAKRA_SIGN_YEARS[info.signs[pos]!]!;
  const elapsedFraction = Math.min(1, elapsed / firstYears);
  const mahaDashas: KalachakraSpan[] = [];
  let t = birthJdUt - elapsedFraction * firstYears * yearDays;
  let nakshatra = info.nakshatra;
  let pada = info.pada;
  let row = info.signs;
  const until = birthJdUt + KALACHAKRA_LISTED_YEARS * yearDays;
  while (t < until) {
    for (; pos < 9; pos++) {
      const rashi = row[pos]!;
      const years = KALACHAKRA_SIGN_YEARS[rashi]!;
      const end = t + years * yearDays;
      mahaDashas.push({ rashi, level: 1, startJdUt: t, endJdUt: end, durationYears: years, row, pos });
      t = end;
    }
    pos = 0;
    if (pada === 4) nakshatra = (nakshatra % 27) + 1;
    pada = (pada % 4) + 1;
    row = kalachakraRow(nakshatra, pada);
  }
  // Sub-periods follow the row of their period (split by hand: each keeps its place in the row).
  const subdivide = (span: DashaSpan): DashaSpan[] => {
    const p = span as KalachakraSpan;
    if (p.level >= 3) return [];
    let total = 0;
    for (const s of p.row) total += KALACHAKRA_SIGN_YEARS[s]!;
    const out: KalachakraSpan[] = [];
    let t0 = p.startJdUt;
    for (let k = 0; k < 9; k++) {
      const at = (p.pos + k) % 9;
      const rashi = p.row[at]!;
      const years = (p.durationYears * KALACHAKRA_SIGN_YEARS[rashi]!) / total;
      const end = k === 8 ? p.endJdUt : t0 + years * yearDays;
      out.push({ rashi, level: p.level + 1, startJdUt: t0, endJdUt: end, durationYears: years, row: p.row, pos: at });
      t0 = end;
    }
    return out;
  };
  return {
    system: "kalachakra", name: "Kalachakra (BPHS)", kind: "rashi", yearDays, birthJdUt, maxLevel: 3, mahaDashas,
    cycleDays: null, cycleLength: mahaDashas.length, subdivide, kalachakra: info,
    balance: { rashi: mahaDashas[0]!.rashi!, years: (1 - elapsedFraction) * firstYears, elapsedFraction },
  };
}
