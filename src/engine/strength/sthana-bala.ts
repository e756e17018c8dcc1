import { houseFrom, type ChartInput } from "../chart/chart-input.js";
import { compoundRelation, exaltationLonDeg, moolatrikona, ownSigns, separationDeg, signLord } from "../chart/dignity.js";
import { rashiDegree, rashiOf } from "../tables/rashis.js";
import {
  DREKKANA_OF_STRENGTH,
  SAPTAVARGAJA_MOOLATRIKONA,
  SAPTAVARGAJA_OWN,
  SAPTAVARGAJA_RELATION,
  SAPTA_VARGAS,
} from "../tables/shadbala.js";
import type { SaptaGraha } from "../types.js";
import { vargaPlacement } from "../varga/varga-sign.js";

/** Sthana (positional) bala and its five parts, virupas (BPHS ch. 27; Raman, "Graha and Bhava Balas"). */
export interface SthanaBala {
  readonly uchcha: number;
  readonly saptavargaja: number;
  readonly ojayugma: number;
  readonly kendradi: number;
  readonly drekkana: number;
  readonly total: number;
}

/** Uchcha bala: the arc from the debilitation point (0..180°) / 3, so 60 at deep exaltation. */
export function uchchaBala(g: SaptaGraha, lonSidDeg: number): number {
  return (180 - separationDeg(lonSidDeg, exaltationLonDeg(g))) / 3;
}

/**
 * Saptavargaja bala: in each of D1, D2, D3, D7, D9, D12, D30 the graha earns 45 in its
 * moolatrikona (rashi chart only), 30 in its own sign, else points by its five-fold relation to
 * the sign's lord (temporal relation from the rashi chart), tables/shadbala.ts.
 */
export function saptavargajaBala(chart: ChartInput, g: SaptaGraha): number {
  const lon = chart.grahas[g].lonSidDeg;
  let sum = 0;
  for (const v of SAPTA_VARGAS) {
    const sign = vargaPlacement(v, lon).rashi;
    if (v === "D1") {
      const mt = moolatrikona(g);
      const deg = rashiDegree(lon);
      if (sign === mt.rashi && deg >= mt.fromDeg && deg < mt.toDeg) {
        sum += SAPTAVARGAJA_MOOLATRIKONA;
        continue;
      }
    }
    const lord = signLord(sign);
    if (lord === g || ownSigns(g).includes(sign)) sum += SAPTAVARGAJA_OWN;
    else sum += SAPTAVARGAJA_RELATION[compoundRelation(chart, g, lord)];
  }
  return sum;
}

/** Ojayugma bala: 15 each in the rashi and the navamsha — odd signs for all but the Moon and Venus, even signs for those two. */
export function ojayugmaBala(g: SaptaGraha, lonSidDeg: number): number {
  const wantsEven = g === "moon" || g === "venus";
  const score = (sign: number): number => ((sign % 2 === 0) === wantsEven ? 15 : 0);
  return score(rashiOf(lonSidDeg)) + score(vargaPlacement("D9", lonSidDeg).rashi);
}

/** Kendradi bala: 60 in a kendra (1, 4, 7, 10), 30 in a panaphara (2, 5, 8, 11), 15 in an apoklima; whole-sign houses from the lagna. */
export function kendradiBala(chart: ChartInput, g: SaptaGraha): number {
  const h = houseFrom(rashiOf(chart.lagnaSidDeg), rashiOf(chart.grahas[g].lonSidDeg));
  return h % 3 === 1 ? 60 : h % 3 === 2 ? 30 : 15;
}

/** Drekkana bala: 15 when the graha is in the decanate of its gender (tables/shadbala.ts). */
export function drekkanaBala(g: SaptaGraha, lonSidDeg: number): number {
  return Math.min(2, Math.floor(rashiDegree(lonSidDeg) / 10)) === DREKKANA_OF_STRENGTH[g] ? 15 : 0;
}

export function sthanaBala(chart: ChartInput, g: SaptaGraha): SthanaBala {
  const lon = chart.grahas[g].lonSidDeg;
  const uchcha = uchchaBala(g, lon);
  const saptavargaja = saptavargajaBala(chart, g);
  const ojayugma = ojayugmaBala(g, lon);
  const kendradi = kendradiBala(chart, g);
  const drekkana = drekkanaBala(g, lon);
  return { uchcha, saptavargaja, ojayugma, kendradi, drekkana, total: uchcha + saptavargaja + ojayugma + kendradi + drekkana };
}
