import { GRAHAS, type Graha } from "../types.js";
import { GOCHAR_TABLE, vedhaExempt } from "./gochar-table.js";

/** Sign 1..12 of a sidereal longitude. */
export const signOf = (lonSidDeg: number): number => Math.floor((((lonSidDeg % 360) + 360) % 360) / 30) + 1;

/** House of `sign` counted from `fromSign` (whole signs, the fromSign itself is 1). */
export const houseFrom = (fromSign: number, sign: number): number => ((sign - fromSign + 12) % 12) + 1;

export type GocharEffect = "favourable" | "unfavourable" | "obstructed";

export interface GocharEntry {
  readonly graha: Graha;
  readonly sign: number;
  readonly houseFromMoon: number;
  /** Favourable by the table before vedha. */
  readonly favourableHouse: boolean;
  /** The vedha house for this position (null where the house is not favourable). */
  readonly vedhaHouse: number | null;
  /** The grahas in the vedha house that obstruct (empty when none). */
  readonly vedhaBy: readonly Graha[];
  readonly effect: GocharEffect;
}

/**
 * Gochara of the nine grahas from the natal Moon's sign (table in gochar-table.ts). Vedha is
 * applied to favourable transits only: the table gives obstruction houses for those (the reverse
 * obstruction of an unfavourable transit is not applied here).
 */
export function gochar(natalMoonSign: number, transitSigns: Readonly<Record<Graha, number>>): GocharEntry[] {
  return GRAHAS.map((graha) => {
    const sign = transitSigns[graha];
    const house = houseFrom(natalMoonSign, sign);
    const vedhaHouse = GOCHAR_TABLE[graha].good[house] ?? null;
    const vedhaBy = vedhaHouse === null
      ? []
      : GRAHAS.filter((o) => o !== graha && !vedhaExempt(graha, o) && houseFrom(natalMoonSign, transitSigns[o]) === vedhaHouse);
    const effect: GocharEffect = vedhaHouse === null ? "unfavourable" : vedhaBy.length > 0 ? "obstructed" : "favourable";
    return { graha, sign, houseFromMoon: house, favourableHouse: vedhaHouse !== null, vedhaHouse, vedhaBy, effect };
  });
}
