import { houseFrom } from "../chart/chart-input.js";
import type { Ingress } from "../scans/ingresses.js";

/**
 * Saturn's passages counted from the natal Moon sign, derived from Saturn's exact sign changes
 * (scans/ingresses.ts, retrograde re-entries included): a Saturn sign change relative to the
 * natal Moon IS a passage boundary. The shape is the timeline module's (kind, phase, sign,
 * start, end); the personal events read passages through `saturnPassages` only, so another
 * source of the same shape replaces this one by its import (personal-events.ts).
 *
 * - Sade Sati: Saturn in the 12th (rising), 1st (peak) and 2nd (setting) from the natal Moon;
 * - Kantaka Shani: Saturn in the 4th, 7th or 10th (as special-transits.ts, /transits);
 * - Ashtama Shani: Saturn in the 8th.
 */
export type SaturnPassageKind = "sade_sati" | "kantaka_shani" | "ashtama_shani";
export type SadeSatiPhase = "rising" | "peak" | "setting";

export interface SaturnPassage {
  readonly kind: SaturnPassageKind;
  readonly phase?: SadeSatiPhase;
  /** The sign Saturn transits (1..12). */
  readonly sign: number;
  /** JD UT of Saturn's entry; null when it lies before the ingresses given. */
  readonly start: number | null;
  /** JD UT of Saturn's exit; null when it lies after them. */
  readonly end: number | null;
}

const PHASE_OF_HOUSE: Readonly<Record<number, SadeSatiPhase>> = { 12: "rising", 1: "peak", 2: "setting" };

function kindOf(house: number): { kind: SaturnPassageKind; phase?: SadeSatiPhase } | null {
  const phase = PHASE_OF_HOUSE[house];
  if (phase) return { kind: "sade_sati", phase };
  if (house === 4 || house === 7 || house === 10) return { kind: "kantaka_shani" };
  if (house === 8) return { kind: "ashtama_shani" };
  return null;
}

/**
 * The passages whose start or end lies among `saturnIngresses` (time order): each sign Saturn
 * enters that is one of the houses above opens a passage, each it leaves closes one. A passage
 * per sign stay: a retrograde re-entry opens a new one.
 */
export function saturnPassages(natalMoonSign: number, saturnIngresses: readonly Ingress[]): SaturnPassage[] {
  const out: { p: SaturnPassage; open: boolean }[] = [];
  const openOf = new Map<number, number>();
  for (const i of saturnIngresses) {
    const left = kindOf(houseFrom(natalMoonSign, i.fromSign));
    if (left) {
      const k = openOf.get(i.fromSign);
      if (k !== undefined) {
        out[k] = { p: { ...out[k]!.p, end: i.jdUt }, open: false };
        openOf.delete(i.fromSign);
      } else {
        out.push({ p: { ...left, sign: i.fromSign, start: null, end: i.jdUt }, open: false });
      }
    }
    const entered = kindOf(houseFrom(natalMoonSign, i.toSign));
    if (entered) {
      openOf.set(i.toSign, out.length);
      out.push({ p: { ...entered, sign: i.toSign, start: i.jdUt, end: null }, open: true });
    }
  }
  return out.map((x) => x.p);
}
