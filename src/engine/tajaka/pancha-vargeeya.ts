import { exaltationLonDeg } from "../chart/dignity.js";
import { navamshaRashi } from "../chart/yogas/chart-facts.js";
import { HADDA, PANCHA_VARGEEYA_MAX, TAJAKA_DREKKANA_ORDER, TAJAKA_RELATION_SHARE } from "../tables/tajaka.js";
import { RASHIS, norm360, rashiDegree, rashiOf } from "../tables/rashis.js";
import type { Graha, SaptaGraha } from "../types.js";
import { tajakaAspect } from "./varshaphal.js";

export interface PanchaVargeeyaBala {
  readonly planet: SaptaGraha;
  readonly kshetra: number;
  readonly uchcha: number;
  readonly hadda: number;
  readonly drekkana: number;
  readonly navamsha: number;
  /** (kshetra + uchcha + hadda + drekkana + navamsha) / 4, 0–20. */
  readonly total: number;
  /** Lords of the four divisions the planet stands in (who it is measured against). */
  readonly lords: { readonly kshetra: Graha; readonly hadda: Graha; readonly drekkana: Graha; readonly navamsha: Graha };
}

/** Lord of the hadda (term) holding a sidereal longitude. */
export function haddaLord(lonSidDeg: number): Graha {
  const row = HADDA[rashiOf(lonSidDeg) - 1]!;
  const d = rashiDegree(lonSidDeg);
  return (row.find(([, end]) => d < end) ?? row[row.length - 1]!)[0];
}

/** Lord of the Tajaka (Chaldean) drekkana holding a sidereal longitude: the decans 0..35 take the order in turn. */
export function tajakaDrekkanaLord(lonSidDeg: number): Graha {
  const decan = Math.min(35, Math.floor(norm360(lonSidDeg) / 10));
  return TAJAKA_DREKKANA_ORDER[decan % 7]!;
}

/** Uchcha bala on the scale of 20: the arc from the debilitation point / 9. */
export function tajakaUchchaBala(g: SaptaGraha, lonSidDeg: number): number {
  const fromExalt = Math.abs(((norm360(lonSidDeg - exaltationLonDeg(g)) + 180) % 360) - 180);
  return ((180 - fromExalt) / 180) * PANCHA_VARGEEYA_MAX.uchcha;
}

/**
 * The five strengths of one planet in the annual chart (tables/tajaka.ts, PANCHA_VARGEEYA_MAX):
 * the division's lord is the planet itself (full share), or its Tajaka friend, neutral or enemy
 * by the signs the two occupy in the annual chart.
 */
export function panchaVargeeyaBala(g: SaptaGraha, lonSid: Readonly<Record<SaptaGraha, number>>): PanchaVargeeyaBala {
  const lon = lonSid[g];
  const share = (lord: Graha): number => {
    if (lord === g) return TAJAKA_RELATION_SHARE.own;
    return TAJAKA_RELATION_SHARE[tajakaAspect(rashiOf(lon), rashiOf(lonSid[lord as SaptaGraha]))];
  };
  const lords = {
    kshetra: RASHIS[rashiOf(lon) - 1]!.lord,
    hadda: haddaLord(lon),
    drekkana: tajakaDrekkanaLord(lon),
    navamsha: RASHIS[navamshaRashi(lon) - 1]!.lord,
  };
  const kshetra = PANCHA_VARGEEYA_MAX.kshetra * share(lords.kshetra);
  const uchcha = tajakaUchchaBala(g, lon);
  const hadda = PANCHA_VARGEEYA_MAX.hadda * share(lords.hadda);
  const drekkana = PANCHA_VARGEEYA_MAX.drekkana * share(lords.drekkana);
  const navamsha = PANCHA_VARGEEYA_MAX.navamsha * share(lords.navamsha);
  return { planet: g, kshetra, uchcha, hadda, drekkana, navamsha, total: (kshetra + uchcha + hadda + drekkana + navamsha) / 4, lords };
}
