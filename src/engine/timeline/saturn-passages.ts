import { EngineInputError } from "../errors.js";
import type { Conventions } from "../types.js";
import { DEFAULT_CONVENTIONS } from "../types.js";
import { saturnIngressesFast, saturnSiderealFromTableDeg, saturnTableRangeJdUt } from "./saturn-ingresses.js";

/**
 * Saturn's passages that astrologers time a life by, counted in whole signs from the natal Moon's
 * sign (the sign itself is the 1st):
 *
 * - **Sade Sati** ("seven and a half"): Saturn in the 12th (`rising`), the 1st (`peak`, over the
 *   Moon) and the 2nd (`setting`) — three signs of ~2½ years each, all three unfavourable in the
 *   gochara table (Phaladeepika ch. 26; the table in transits/gochar-table.ts). The name and the
 *   three phases are the later tradition's, not a classical verse's.
 * - **Kantaka Shani** ("thorn"): Saturn in the 4th, 7th or 10th — the kendras from the Moon other
 *   than the 1st, which is Sade Sati's peak (Phaladeepika ch. 26: Saturn favourable only in the 3rd,
 *   6th and 11th from the Moon; the kendras are the "kantakas").
 * - **Ashtama Shani**: Saturn in the 8th. (The North Indian *dhaiya*, "two and a half", is Saturn in
 *   the 4th or the 8th: the 4th is listed under kantaka here, the 8th under ashtama.)
 *
 * Every stay in such a sign is one entry, from Saturn's entering it to its leaving it, so a
 * retrograde re-entry gives a second entry for the same sign; instants are exact sign changes
 * of the sidereal longitude (saturn-ingresses.ts), JD UT.
 */
export const SATURN_PASSAGES_SOURCE =
  "Saturn's transit counted in whole signs from the natal Moon (Phaladeepika ch. 26, gochara: Saturn good only in the 3rd, 6th and 11th): " +
  "Sade Sati = 12th (rising), 1st (peak), 2nd (setting); Kantaka Shani = 4th, 7th, 10th; Ashtama Shani = 8th; exact sidereal ingresses.";

export type SaturnPassageKind = "sade_sati" | "kantaka" | "ashtama";
export type SadeSatiPhase = "rising" | "peak" | "setting";

export interface SaturnPassage {
  readonly kind: SaturnPassageKind;
  /** Sade Sati only: rising (12th from the Moon), peak (1st), setting (2nd). */
  readonly phase?: SadeSatiPhase;
  /** The sign Saturn stays in, 1..12 (Aries = 1). */
  readonly sign: number;
  /** That sign counted from the natal Moon's sign (1 = the Moon's sign). */
  readonly house: number;
  /** Saturn enters the sign, JD UT; null when that lies before the table (1899-07). */
  readonly start: number | null;
  /** Saturn leaves the sign, JD UT; null when that lies after the table (2101-06). */
  readonly end: number | null;
}

/** Houses from the Moon and what each means. */
const HOUSE_KIND: Readonly<Record<number, { kind: SaturnPassageKind; phase?: SadeSatiPhase }>> = {
  12: { kind: "sade_sati", phase: "rising" },
  1: { kind: "sade_sati", phase: "peak" },
  2: { kind: "sade_sati", phase: "setting" },
  4: { kind: "kantaka" },
  7: { kind: "kantaka" },
  10: { kind: "kantaka" },
  8: { kind: "ashtama" },
};

/**
 * Saturn stays at most ~3 years in a sign (2½ years, plus a retrograde return): searching this
 * far either side of the range finds the entry and the exit of every stay that overlaps it.
 */
const LOOKAROUND_DAYS = 365.25 * 3.5;

/** Supported range: 1900-01-01 to 2101-01-01 (JD UT). */
export const PASSAGES_MIN_JD_UT = 2415020.5;
export const PASSAGES_MAX_JD_UT = 2488069.5;

/**
 * Every stay of Saturn in the 12th, 1st, 2nd (Sade Sati), 4th, 7th, 10th (Kantaka) and 8th
 * (Ashtama) sign from the natal Moon's sign that overlaps [fromJdUt, toJdUt], in time order.
 *
 * @param natalMoonSign the natal Moon's sidereal sign, 1..12 (Aries = 1)
 * @param fromJdUt start of the range, JD UT (≥ 1900-01-01)
 * @param toJdUt end of the range, JD UT (≤ 2101-01-01)
 * @param conv the ayanamsha (node and the rest are not used)
 */
export function saturnPassages(natalMoonSign: number, fromJdUt: number, toJdUt: number, conv: Conventions = DEFAULT_CONVENTIONS): SaturnPassage[] {
  if (!Number.isInteger(natalMoonSign) || natalMoonSign < 1 || natalMoonSign > 12) {
    throw new EngineInputError(`the natal Moon sign must be 1..12, got ${natalMoonSign}`, "moonSign");
  }
  if (!(fromJdUt >= PASSAGES_MIN_JD_UT && fromJdUt <= PASSAGES_MAX_JD_UT)) throw new EngineInputError("from must lie in 1900–2100", "from");
  if (!(toJdUt >= PASSAGES_MIN_JD_UT && toJdUt <= PASSAGES_MAX_JD_UT)) throw new EngineInputError("to must lie in 1900–2100", "to");
  if (!(toJdUt > fromJdUt)) throw new EngineInputError("to must come after from", "to");

  const [tableLo, tableHi] = saturnTableRangeJdUt();
  const scanFrom = Math.max(tableLo, fromJdUt - LOOKAROUND_DAYS);
  const scanTo = Math.min(tableHi, toJdUt + LOOKAROUND_DAYS);
  // The table's roots as they are (polishing every one on the full ephemeris costs ~40× the scan and
  // moves them by less than the ephemeris' own error against DE431).
  const ingresses = saturnIngressesFast(scanFrom, scanTo, conv);

  // Stays: the sign at scanFrom until the first ingress, then one per ingress.
  const out: SaturnPassage[] = [];
  let sign = Math.floor(saturnSiderealFromTableDeg(scanFrom, conv) / 30) + 1;
  // The first stay began before the scan window: unknown (it ends before the range unless the window was clamped at 1899-07).
  let start: number | null = null;
  const push = (end: number | null) => {
    const house = ((sign - natalMoonSign + 12) % 12) + 1;
    const meaning = HOUSE_KIND[house];
    if (!meaning) return;
    // Overlap with the range (an unknown end lies beyond the range's end, an unknown start before its start).
    if ((end !== null && end <= fromJdUt) || (start !== null && start >= toJdUt)) return;
    out.push({ kind: meaning.kind, ...(meaning.phase ? { phase: meaning.phase } : {}), sign, house, start, end });
  };
  for (const i of ingresses) {
    push(i.jdUt);
    sign = i.toSign;
    start = i.jdUt;
  }
  push(null);
  return out;
}

/** One Sade Sati: Saturn's first entry into the 12th from the Moon to its final exit from the 2nd. */
export interface SadeSatiSpell {
  readonly start: number | null;
  readonly end: number | null;
  /** The stays in the 12th, 1st and 2nd, in time order (retrograde re-entries repeat a phase). */
  readonly phases: readonly SaturnPassage[];
  /** Retrograde excursions out of the three signs (back into the 11th, or ahead into the 3rd and back). */
  readonly interruptions: readonly { readonly left: number; readonly returned: number }[];
}

/**
 * Gaps between stays in the three signs shorter than this belong to one Sade Sati (a retrograde
 * excursion lasts months; the next Sade Sati begins ~22 years after the last one ends).
 */
const SAME_SPELL_GAP_DAYS = 365.25 * 3;

/** Groups the Sade Sati entries of saturnPassages into whole Sade Satis (each 7–8 years). */
export function sadeSatiSpells(passages: readonly SaturnPassage[]): SadeSatiSpell[] {
  const spells: { phases: SaturnPassage[]; interruptions: { left: number; returned: number }[] }[] = [];
  for (const p of passages) {
    if (p.kind !== "sade_sati") continue;
    const cur = spells[spells.length - 1];
    const last = cur?.phases[cur.phases.length - 1];
    if (cur && last && last.end !== null && p.start !== null && p.start - last.end < SAME_SPELL_GAP_DAYS) {
      if (p.start > last.end) cur.interruptions.push({ left: last.end, returned: p.start });
      cur.phases.push(p);
    } else {
      spells.push({ phases: [p], interruptions: [] });
    }
  }
  return spells.map((s) => ({ start: s.phases[0]!.start, end: s.phases[s.phases.length - 1]!.end, phases: s.phases, interruptions: s.interruptions }));
}
