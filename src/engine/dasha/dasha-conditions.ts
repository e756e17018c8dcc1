import type { ChartInput } from "../chart/chart-input.js";
import { houseFrom, signFrom } from "../chart/chart-input.js";
import { RASHIS, norm360, rashiDegree, rashiOf } from "../tables/rashis.js";
import type { GrahaDashaSystem } from "../tables/graha-dashas.js";
import { vargaPlacement } from "../varga/varga-sign.js";

/**
 * When each conditional dasha applies (BPHS ch. 46, the conditional dashas after Vimshottari;
 * verse numbering differs between editions, R. Santhanam's translation is the one followed).
 * A condition is reported with every clause and whether it holds; the dasha itself is computed
 * whether or not it holds (the caller may use it regardless).
 *
 * Day and night: the Sun above the horizon of the birth chart, i.e. in houses 7–12 counted by
 * ecliptic longitude from the ascendant. The Sun's ecliptic latitude is nil, so this is the
 * geometric sunrise/sunset without refraction; it needs no sunrise and so also answers at polar
 * places (midnight sun: day all along, polar night: night).
 * Paksha: Shukla while the Moon is less than 180° ahead of the Sun.
 * Hora (BPHS ch. 6): the first 15° of an odd sign is the Sun's hora, the second the Moon's; the
 * reverse in an even sign.
 */
export interface DashaClause {
  readonly rule: string;
  readonly met: boolean;
}

export interface DashaCondition {
  /** The system applies to this birth (any clause holds; Yogini always). */
  readonly met: boolean;
  readonly rule: string;
  readonly clauses: readonly DashaClause[];
  readonly source: string;
}

export interface BirthSky {
  /** Sun above the horizon at birth. */
  readonly dayBirth: boolean;
  /** Moon waxing (Shukla paksha). */
  readonly shuklaPaksha: boolean;
  readonly lagnaHora: "sun" | "moon";
}

export function birthSky(chart: ChartInput): BirthSky {
  const sunFromLagna = norm360(chart.grahas.sun.lonSidDeg - chart.lagnaSidDeg);
  const elong = norm360(chart.grahas.moon.lonSidDeg - chart.grahas.sun.lonSidDeg);
  const odd = rashiOf(chart.lagnaSidDeg) % 2 === 1;
  const firstHalf = rashiDegree(chart.lagnaSidDeg) < 15;
  return { dayBirth: sunFromLagna >= 180, shuklaPaksha: elong < 180, lagnaHora: odd === firstHalf ? "sun" : "moon" };
}

const SOURCE = "BPHS ch. 46 (R. Santhanam's translation), conditional dashas";
const KENDRA_TRIKONA = new Set([1, 4, 5, 7, 9, 10]);

const cond = (rule: string, clauses: DashaClause[]): DashaCondition => ({ met: clauses.some((c) => c.met), rule, clauses, source: SOURCE });

/** Whether `system` applies to the chart, with its clauses. */
export function dashaCondition(system: GrahaDashaSystem, chart: ChartInput): DashaCondition {
  const lagna = rashiOf(chart.lagnaSidDeg);
  const signOf = (g: keyof ChartInput["grahas"]): number => rashiOf(chart.grahas[g].lonSidDeg);
  const lordOf = (sign: number) => RASHIS[sign - 1]!.lord;
  const sky = birthSky(chart);
  switch (system) {
    case "yogini":
      return { met: true, rule: "Applies to every chart (not a conditional dasha).", clauses: [], source: "Yogini dasha" };
    case "ashtottari": {
      const lagnaLordSign = signOf(lordOf(lagna));
      const rahu = signOf("rahu");
      return cond("Rahu, not in the lagna, in a kendra or trikona from the lagna lord; or (the paksha rule) birth by day in Krishna paksha or by night in Shukla paksha.", [
        { rule: "Rahu not in the lagna and in a kendra (1, 4, 7, 10) or trikona (5, 9) counted from the lagna lord's sign", met: rahu !== lagna && KENDRA_TRIKONA.has(houseFrom(lagnaLordSign, rahu)) },
        { rule: "birth by day in Krishna paksha, or by night in Shukla paksha", met: sky.dayBirth !== sky.shuklaPaksha },
      ]);
    }
    case "shodasottari":
      return cond("Lagna in the Moon's hora in Krishna paksha, or in the Sun's hora in Shukla paksha.", [
        { rule: "Krishna paksha and the lagna in the Moon's hora", met: !sky.shuklaPaksha && sky.lagnaHora === "moon" },
        { rule: "Shukla paksha and the lagna in the Sun's hora", met: sky.shuklaPaksha && sky.lagnaHora === "sun" },
      ]);
    case "dwadasottari": {
      const d9 = vargaPlacement("D9", chart.lagnaSidDeg).rashi;
      return cond("The navamsha lagna in a sign of Venus (Taurus or Libra).", [
        { rule: "navamsha lagna in Taurus or Libra", met: lordOf(d9) === "venus" },
      ]);
    }
    case "panchottari": {
      const d12 = vargaPlacement("D12", chart.lagnaSidDeg).rashi;
      return cond("Lagna in Cancer and in the Cancer dwadashamsha.", [{ rule: "lagna Cancer with the Cancer dwadashamsha", met: lagna === 4 && d12 === 4 }]);
    }
    case "shatabdika": {
      const d9 = vargaPlacement("D9", chart.lagnaSidDeg).rashi;
      return cond("The lagna vargottama (the same sign in the rashi and the navamsha).", [{ rule: "lagna vargottama", met: d9 === lagna }]);
    }
    case "chaturaseeti_sama": {
      const tenth = signFrom(lagna, 10);
      return cond("The lord of the 10th in the 10th.", [{ rule: "10th lord in the 10th house", met: signOf(lordOf(tenth)) === tenth }]);
    }
    case "dwisaptati_sama": {
      const seventh = signFrom(lagna, 7);
      return cond("The lagna lord in the 7th, or the 7th lord in the lagna.", [
        { rule: "lagna lord in the 7th", met: signOf(lordOf(lagna)) === seventh },
        { rule: "7th lord in the lagna", met: signOf(lordOf(seventh)) === lagna },
      ]);
    }
    case "shashtihayani":
      return cond("The Sun in the lagna.", [{ rule: "Sun in the lagna sign", met: signOf("sun") === lagna }]);
    case "shattrimsa_sama":
      return cond("Birth by day with the lagna in the Sun's hora, or by night with the lagna in the Moon's hora.", [
        { rule: "day birth and the lagna in the Sun's hora", met: sky.dayBirth && sky.lagnaHora === "sun" },
        { rule: "night birth and the lagna in the Moon's hora", met: !sky.dayBirth && sky.lagnaHora === "moon" },
      ]);
  }
}
