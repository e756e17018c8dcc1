import type { Graha } from "../types.js";
import { GRAHAS } from "../types.js";
import type { ChartInput } from "./chart-input.js";
import { houseFrom, signFrom } from "./chart-input.js";
import { charaKarakas, type CharaKarakaEntry } from "./karakas.js";
import { jaiminiLord } from "./jaimini-lords.js";
import { rashiOf } from "../tables/rashis.js";
import { vargaPlacement } from "../varga/varga-sign.js";

/**
 * Arudha padas (BPHS ch. 29, "Arudha padas"; Jaimini Sutras 1.3): the pada of a house is as many
 * signs from its lord as the lord is from the house. Exceptions (BPHS 29.4–5): a pada that falls in
 * the house itself moves to the 10th from it, one that falls in the 7th from the house moves to the
 * 4th from the house (the 10th from that 7th). A1 is the arudha lagna (AL), A12 the upapada (UL).
 */
export interface ArudhaPada {
  readonly house: number;
  /** "A1" … "A12". */
  readonly name: string;
  readonly sign: number;
  readonly lord: Graha;
  /** Where the count alone put it, before an exception. */
  readonly countedSign: number;
  /** "1st" or "7th" when an exception moved the pada, else null. */
  readonly exception: "1st" | "7th" | null;
}

export interface Jaimini {
  readonly scheme: 7 | 8;
  readonly charaKarakas: readonly CharaKarakaEntry[];
  readonly arudhaPadas: readonly ArudhaPada[];
  /** A12: the upapada lagna. */
  readonly upapada: ArudhaPada;
  readonly karakamsha: {
    readonly atmakaraka: Graha;
    /** The atmakaraka's navamsha sign: the karakamsha (read in the rashi chart). */
    readonly sign: number;
    /** Grahas in that sign in the rashi chart. */
    readonly grahasInRashiChart: readonly Graha[];
    /** Swamsha: the same sign read in the navamsha chart, with the grahas in it there. */
    readonly grahasInNavamsha: readonly Graha[];
    /** The navamsha lagna, for those who read swamsha as the navamsha ascendant. */
    readonly navamshaLagna: number;
  };
}

export function arudhaPadas(chart: ChartInput): ArudhaPada[] {
  const lagna = rashiOf(chart.lagnaSidDeg);
  return Array.from({ length: 12 }, (_, i) => {
    const house = i + 1;
    const sign = signFrom(lagna, house);
    const lord = jaiminiLord(chart, sign).graha;
    const lordSign = rashiOf(chart.grahas[lord].lonSidDeg);
    const n = houseFrom(sign, lordSign);
    const counted = signFrom(lordSign, n);
    const fromHouse = houseFrom(sign, counted);
    const exception = fromHouse === 1 ? "1st" : fromHouse === 7 ? "7th" : null;
    const padaSign = exception === "1st" ? signFrom(sign, 10) : exception === "7th" ? signFrom(sign, 4) : counted;
    return { house, name: `A${house}`, sign: padaSign, lord, countedSign: counted, exception };
  });
}

/** Chara karakas in the chosen scheme, arudha padas, upapada, karakamsha and swamsha of a chart. */
export function jaimini(chart: ChartInput, scheme: 7 | 8 = 7): Jaimini {
  const karakas = charaKarakas(chart, scheme);
  const padas = arudhaPadas(chart);
  const ak = karakas[0]!.graha;
  const sign = vargaPlacement("D9", chart.grahas[ak].lonSidDeg).rashi;
  return {
    scheme,
    charaKarakas: karakas,
    arudhaPadas: padas,
    upapada: padas[11]!,
    karakamsha: {
      atmakaraka: ak,
      sign,
      grahasInRashiChart: GRAHAS.filter((g) => rashiOf(chart.grahas[g].lonSidDeg) === sign),
      grahasInNavamsha: GRAHAS.filter((g) => vargaPlacement("D9", chart.grahas[g].lonSidDeg).rashi === sign),
      navamshaLagna: vargaPlacement("D9", chart.lagnaSidDeg).rashi,
    },
  };
}
