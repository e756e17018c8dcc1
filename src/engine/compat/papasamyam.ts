import { houseFrom, type ChartInput } from "../chart/chart-input.js";
import { PAPA_GRAHAS, PAPA_HOUSES, PAPA_REFERENCE_WEIGHTS } from "../tables/porutham.js";
import { rashiOf } from "../tables/rashis.js";

export type PapaReference = keyof typeof PAPA_REFERENCE_WEIGHTS;

/** One malefic in a dosha house from one reference, and what it adds. */
export interface PapaContribution {
  readonly graha: (typeof PAPA_GRAHAS)[number];
  readonly reference: PapaReference;
  readonly house: number;
  readonly points: number;
}

export interface PapaPoints {
  readonly total: number;
  readonly byReference: Readonly<Record<PapaReference, number>>;
  readonly contributions: readonly PapaContribution[];
}

export interface Papasamyam {
  readonly groom: PapaPoints;
  readonly bride: PapaPoints;
  /** The groom's papa at least the bride's: the balance the South Indian match asks for. */
  readonly balanced: boolean;
  readonly difference: number;
  readonly description: string;
}

/**
 * Papa (malefic) points of one chart: each of Mars, Saturn, the Sun and Rahu in the 1st, 2nd,
 * 4th, 7th, 8th or 12th house (whole sign) counted from the lagna adds 1, from the Moon ½, from
 * Venus ¼ (tables/porutham.ts). The chart is the kundali's own (lagna and grahas of
 * ChartInput), so the Moon and the node convention are those of every other chart answer.
 */
export function papaPoints(chart: ChartInput): PapaPoints {
  const refs: Record<PapaReference, number> = {
    lagna: rashiOf(chart.lagnaSidDeg), moon: rashiOf(chart.grahas.moon.lonSidDeg), venus: rashiOf(chart.grahas.venus.lonSidDeg),
  };
  const contributions: PapaContribution[] = [];
  const byReference: Record<PapaReference, number> = { lagna: 0, moon: 0, venus: 0 };
  for (const reference of Object.keys(refs) as PapaReference[]) {
    for (const graha of PAPA_GRAHAS) {
      const house = houseFrom(refs[reference], rashiOf(chart.grahas[graha].lonSidDeg));
      if (!PAPA_HOUSES.includes(house)) continue;
      const points = PAPA_REFERENCE_WEIGHTS[reference];
      contributions.push({ graha, reference, house, points });
      byReference[reference] += points;
    }
  }
  const total = byReference.lagna + byReference.moon + byReference.venus;
  return { total, byReference, contributions };
}

/** Papasamyam: the two charts' papa points compared; balanced when the groom's total is at least the bride's. */
export function papasamyam(groom: ChartInput, bride: ChartInput): Papasamyam {
  const g = papaPoints(groom);
  const b = papaPoints(bride);
  const balanced = g.total >= b.total;
  const difference = g.total - b.total;
  const description = balanced
    ? `Balanced: the groom's papa ${g.total} is at least the bride's ${b.total}.`
    : `Not balanced: the bride's papa ${b.total} exceeds the groom's ${g.total}.`;
  return { groom: g, bride: b, balanced, difference, description };
}
