import { houseFrom } from "../chart/chart-input.js";
import {
  ASHTAKOOTA_MAX_TOTAL, BHAKOOT_DOSHA_COUNTS, GANAS, GANA_BY_NAKSHATRA, GANA_POINTS, GRAHA_MAITRI_POINTS, KOOTA_MAX,
  NADIS, NADI_BY_NAKSHATRA, RECOMMENDATION_BANDS, TARA_INAUSPICIOUS, TARA_NAMES, VARNAS, VARNA_BY_RASHI, VASHYA_BY_RASHI_HALF,
  VASHYA_GROUPS, VASHYA_POINTS, YONIS, YONI_BY_NAKSHATRA, YONI_POINTS, type KootaName,
} from "../tables/ashtakoota.js";
import { naturalRelationTable } from "../tables/friendships.js";
import { nakshatraOf, padaOf, NAKSHATRAS } from "../tables/nakshatras.js";
import { RASHIS, rashiDegree, rashiOf } from "../tables/rashis.js";
import type { Graha } from "../types.js";

/** One partner's Moon as the match reads it. */
export interface MoonFacts {
  readonly lonSidDeg: number;
  readonly nakshatra: number;
  readonly nakshatraName: string;
  readonly pada: number;
  readonly rashi: number;
  readonly rashiName: string;
  readonly rashiLord: Graha;
}

export function moonFacts(lonSidDeg: number): MoonFacts {
  const nakshatra = nakshatraOf(lonSidDeg);
  const rashi = rashiOf(lonSidDeg);
  return {
    lonSidDeg, nakshatra, nakshatraName: NAKSHATRAS[nakshatra - 1]!.name, pada: padaOf(lonSidDeg),
    rashi, rashiName: RASHIS[rashi - 1]!.name, rashiLord: RASHIS[rashi - 1]!.lord,
  };
}

export interface KootScore {
  readonly name: KootaName;
  readonly score: number;
  readonly max: number;
  /** The groom's class for this koota (e.g. "Deva"), or his count for Tara. */
  readonly boy: string;
  readonly girl: string;
  readonly description: string;
}

export interface DoshaNote {
  readonly present: boolean;
  readonly cancelled: boolean;
  /** The exceptions that apply (empty when none, or when there is no dosha). */
  readonly cancellations: readonly string[];
}

export interface Ashtakoota {
  readonly groom: MoonFacts;
  readonly bride: MoonFacts;
  readonly koots: readonly KootScore[];
  readonly totalScore: number;
  readonly maxScore: number;
  readonly nadiDosha: DoshaNote;
  readonly bhakootDosha: DoshaNote;
  readonly recommendation: string;
  readonly reasons: readonly string[];
}

/** Inclusive count of nakshatras from `from` to `to` (1..27). */
export function nakshatraCount(from: number, to: number): number {
  return ((to - from + 27) % 27) + 1;
}

/** Vashya class of a Moon: Sagittarius and Capricorn change class at 15° (Muhurta Chintamani 6). */
export function vashyaGroupOf(lonSidDeg: number): number {
  const half = rashiDegree(lonSidDeg) < 15 ? 0 : 1;
  return VASHYA_BY_RASHI_HALF[rashiOf(lonSidDeg) - 1]![half]!;
}

/** Tara counted both ways, classical: 1.5 for each direction whose remainder mod 9 is not 3, 5 or 7. */
export function taraScore(groomNak: number, brideNak: number): { score: number; fromBride: number; fromGroom: number } {
  const fromBride = nakshatraCount(brideNak, groomNak);
  const fromGroom = nakshatraCount(groomNak, brideNak);
  const ok = (count: number) => (TARA_INAUSPICIOUS.includes(count % 9) ? 0 : 1.5);
  return { score: ok(fromBride) + ok(fromGroom), fromBride, fromGroom };
}

const taraName = (count: number): string => TARA_NAMES[(count - 1) % 9]!;

/** Graha Maitri from the two Moon-sign lords' natural relations towards each other. */
export function grahaMaitriScore(a: Graha, b: Graha): number {
  if (a === b) return KOOTA_MAX.graha_maitri;
  const key = [naturalRelationTable(a, b), naturalRelationTable(b, a)].sort().join("/");
  return GRAHA_MAITRI_POINTS[key]!;
}

const lordsFriendly = (a: Graha, b: Graha): boolean =>
  a === b || (naturalRelationTable(a, b) === "friend" && naturalRelationTable(b, a) === "friend");

/**
 * The Ashtakoota (36-point) match from the two Moons (Muhurta Chintamani 6). Scores are the
 * tables' own; Nadi and Bhakoot doshas are reported with the exceptions that cancel them
 * (same sign different nakshatra, same nakshatra different pada, the same or mutually friendly
 * sign lords) and the recommendation takes them into account, but the total is not altered.
 */
export function ashtakoota(groomMoonSidDeg: number, brideMoonSidDeg: number): Ashtakoota {
  const g = moonFacts(groomMoonSidDeg);
  const b = moonFacts(brideMoonSidDeg);
  const koots: KootScore[] = [];
  const add = (name: KootaName, score: number, boy: string, girl: string, description: string) =>
    koots.push({ name, score, max: KOOTA_MAX[name], boy, girl, description });

  const gv = VARNA_BY_RASHI[g.rashi - 1]!;
  const bv = VARNA_BY_RASHI[b.rashi - 1]!;
  add("varna", gv <= bv ? 1 : 0, VARNAS[gv]!, VARNAS[bv]!, "spiritual standing: the groom's varna the same as or above the bride's");

  const gw = vashyaGroupOf(groomMoonSidDeg);
  const bw = vashyaGroupOf(brideMoonSidDeg);
  add("vashya", VASHYA_POINTS[bw]![gw]!, VASHYA_GROUPS[gw]!, VASHYA_GROUPS[bw]!, "mutual attraction and influence of the Moon signs' classes");

  const t = taraScore(g.nakshatra, b.nakshatra);
  add("tara", t.score, `${t.fromGroom} (${taraName(t.fromGroom)})`, `${t.fromBride} (${taraName(t.fromBride)})`,
    "birth-star counts both ways (each side's count to the other's star): 1.5 each unless the remainder mod 9 is 3, 5 or 7");

  const gy = YONI_BY_NAKSHATRA[g.nakshatra - 1]!;
  const by = YONI_BY_NAKSHATRA[b.nakshatra - 1]!;
  add("yoni", YONI_POINTS[gy]![by]!, YONIS[gy]!, YONIS[by]!, "physical and temperamental compatibility of the nakshatra animals");

  add("graha_maitri", grahaMaitriScore(g.rashiLord, b.rashiLord), g.rashiLord, b.rashiLord,
    "friendship of the Moon-sign lords (natural relations, BPHS ch. 3)");

  const gg = GANA_BY_NAKSHATRA[g.nakshatra - 1]!;
  const bg = GANA_BY_NAKSHATRA[b.nakshatra - 1]!;
  add("gana", GANA_POINTS[bg]![gg]!, GANAS[gg]!, GANAS[bg]!, "temperament: Deva, Manushya or Rakshasa gana of the nakshatras");

  const count = houseFrom(b.rashi, g.rashi);
  const bhakootBad = BHAKOOT_DOSHA_COUNTS.includes(count);
  add("bhakoot", bhakootBad ? 0 : KOOTA_MAX.bhakoot, g.rashiName, b.rashiName,
    `Moon signs ${count}/${houseFrom(g.rashi, b.rashi)} from each other: 2/12, 5/9 and 6/8 score 0`);

  const gn = NADI_BY_NAKSHATRA[g.nakshatra - 1]!;
  const bn = NADI_BY_NAKSHATRA[b.nakshatra - 1]!;
  add("nadi", gn === bn ? 0 : KOOTA_MAX.nadi, NADIS[gn]!, NADIS[bn]!, "health and progeny: the same nadi scores 0");

  const friendlyLords = lordsFriendly(g.rashiLord, b.rashiLord);
  const nadiCancels: string[] = [];
  if (gn === bn) {
    if (g.rashi === b.rashi && g.nakshatra !== b.nakshatra) nadiCancels.push("same Moon sign, different nakshatras");
    if (g.nakshatra === b.nakshatra && g.pada !== b.pada) nadiCancels.push("same nakshatra, different padas");
    if (g.rashi !== b.rashi && friendlyLords) nadiCancels.push("Moon-sign lords the same or mutual friends");
  }
  const bhakootCancels: string[] = [];
  if (bhakootBad && friendlyLords) bhakootCancels.push("Moon-sign lords the same or mutual friends");

  const nadiDosha = { present: gn === bn, cancelled: gn === bn && nadiCancels.length > 0, cancellations: nadiCancels };
  const bhakootDosha = { present: bhakootBad, cancelled: bhakootBad && bhakootCancels.length > 0, cancellations: bhakootCancels };
  const totalScore = koots.reduce((s, k) => s + k.score, 0);
  const band = RECOMMENDATION_BANDS.find((r) => totalScore >= r.min)!;
  const reasons = [`${totalScore} of ${ASHTAKOOTA_MAX_TOTAL} points (${band.label}; 18 is the usual minimum)`];
  let recommendation = band.label;
  for (const [name, d] of [["Nadi", nadiDosha], ["Bhakoot", bhakootDosha]] as const) {
    if (!d.present) continue;
    if (d.cancelled) reasons.push(`${name} dosha present but cancelled: ${d.cancellations.join("; ")}`);
    else {
      reasons.push(`${name} dosha present and not cancelled`);
      // An uncancelled Nadi or Bhakoot dosha lowers the verdict one band (never below the last).
      const i = RECOMMENDATION_BANDS.findIndex((r) => r.label === recommendation);
      recommendation = RECOMMENDATION_BANDS[Math.min(i + 1, RECOMMENDATION_BANDS.length - 1)]!.label;
    }
  }
  return { groom: g, bride: b, koots, totalScore, maxScore: ASHTAKOOTA_MAX_TOTAL, nadiDosha, bhakootDosha, recommendation, reasons };
}
