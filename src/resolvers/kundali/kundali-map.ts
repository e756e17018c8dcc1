import { keyOfName } from "../../i18n/localize.js";
import type { ChartAspects, GrahaAspect, HouseAspect } from "../../engine/chart/aspects.js";
import type { ChartDoshas, DoshaResult } from "../../engine/chart/doshas/detect-doshas.js";
import type { House } from "../../engine/chart/houses.js";
import type { CharaKarakaEntry, FunctionalNatures } from "../../engine/chart/karakas.js";
import type { GrahaPlacement, LagnaPlacement } from "../../engine/chart/placements.js";
import type { ChartYoga } from "../../engine/chart/yogas/yoga-types.js";
import { rashiOf, RASHIS } from "../../engine/tables/rashis.js";
import type { Ashtakavarga } from "../../engine/strength/ashtakavarga.js";
import type { ChartInput } from "../../engine/chart/chart-input.js";
import { houseFrom } from "../../engine/chart/chart-input.js";
import { GRAHAS, SAPTA_GRAHAS, type Graha } from "../../engine/types.js";
import type { VargaChartResult, VargaPoint } from "../../engine/varga/varga-chart.js";
import type {
  AshtakavargaType, BhavaType, ChartGrahaType, ChartYogaType, DoshaType, DoshasType, DrishtiType, KarakasType, LagnaType, VargaPointType,
  VargaType,
} from "./kundali-types.js";

/** Engine results → the GraphQL types (plain field renames; no rule logic here). */

export function lagnaOf(l: LagnaPlacement): LagnaType {
  return {
    longitude: l.lonSidDeg, rashi: l.rashi, sign: l.rashiName, degree: l.rashiDegree, dms: l.dms, nakshatra: l.nakshatra,
    nakshatraName: l.nakshatraName, pada: l.pada, lord: l.rashiLord, nakshatraLord: l.nakshatraLord, vargottama: l.vargottama,
  };
}

export function grahaOf(p: GrahaPlacement): ChartGrahaType {
  return {
    graha: p.graha, longitude: p.lonSidDeg, rashi: p.rashi, sign: p.rashiName, signDegree: p.rashiDegree, dms: p.dms, house: p.house,
    nakshatra: p.nakshatra, nakshatraName: p.nakshatraName, pada: p.pada, nakshatraLord: p.nakshatraLord, speed: p.speedDegPerDay,
    retrograde: p.retrograde, combust: p.combust, combustOrb: p.combustOrbDeg, distanceFromSun: p.distanceFromSunDeg,
    dignity: p.dignity, vargottama: p.vargottama,
  };
}

export function bhavaOf(h: House): BhavaType {
  return { house: h.house, rashi: h.rashi, sign: h.rashiName, lord: h.lord, planets: [...h.grahas], aspectedBy: [...h.aspectedBy] };
}

export function drishtiOf(input: ChartInput, a: ChartAspects): DrishtiType {
  const lagnaRashi = rashiOf(input.lagnaSidDeg);
  const houseOf = (g: Graha) => houseFrom(lagnaRashi, rashiOf(input.grahas[g].lonSidDeg));
  const onGraha = (x: GrahaAspect) => ({ ...x, fromHouse: houseOf(x.from), toHouse: houseOf(x.to) });
  const onHouse = (x: HouseAspect) => ({ ...x });
  return {
    onHouses: a.onHouses.map(onHouse), onGrahas: a.onGrahas.map(onGraha),
    partialOnHouses: a.partialOnHouses.map(onHouse), partialOnGrahas: a.partialOnGrahas.map(onGraha),
  };
}

const pointOf = (p: VargaPoint): VargaPointType => ({ rashi: p.rashi, sign: p.rashiName, degree: p.degInRashi });

export function vargaOf(v: VargaChartResult): VargaType {
  return {
    chart: v.chart, name: v.name, method: v.method, lagna: pointOf(v.lagna),
    planets: GRAHAS.map((g) => ({ graha: g, ...pointOf(v.grahas[g]) })),
  };
}

export function karakasOf(f: FunctionalNatures, chara: readonly CharaKarakaEntry[], scheme: number): KarakasType {
  return {
    functionalBenefics: [...f.benefics], functionalMalefics: [...f.malefics], functionalNeutrals: [...f.neutrals],
    yogaKaraka: f.yogakaraka, roles: f.roles.map((r) => ({ graha: r.graha, lordOf: [...r.lordOf], nature: r.nature, reason: r.reason })),
    functionalSource: f.source, charaKarakaScheme: scheme,
    charaKarakas: chara.map((c) => ({ karaka: c.karaka, graha: c.graha, degree: c.degreeDeg })),
  };
}

const signName = (rashi: number): string => RASHIS[rashi - 1]!.name;

export function ashtakavargaOf(av: Ashtakavarga): AshtakavargaType {
  return {
    table: av.table,
    bhinnashtakavarga: av.bhinna.map((b) => ({
      graha: b.graha, scores: [...b.scores], total: b.total,
      prastharashtakavarga: Object.entries(b.contributions).map(([contributor, row]) => ({ contributor, bindus: [...row] })),
    })),
    sarvashtakavarga: [...av.sarva], sarvashtakavargaTotal: av.sarvaTotal,
    shodhyaPinda: SAPTA_GRAHAS.map((g) => {
      const s = av.shodhyaPinda[g];
      return {
        graha: g, afterTrikona: [...s.afterTrikona], afterEkadhipatya: [...s.afterEkadhipatya],
        rashiPinda: s.rashiPinda, grahaPinda: s.grahaPinda, shodhyaPinda: s.shodhyaPinda,
      };
    }),
    strongestSign: signName(av.strongestRashi), weakestSign: signName(av.weakestRashi), source: av.source,
  };
}

export function yogaOf(y: ChartYoga): ChartYogaType {
  return {
    name: y.name, key: keyOfName("chart_yogas", y.name) ?? y.name, type: y.type, category: y.category, planets: [...y.planets], housesInvolved: [...y.housesInvolved],
    strength: y.strength, description: y.description,
  };
}

function doshaOf(d: DoshaResult): DoshaType {
  return {
    name: d.name, present: d.present, formed: d.formed, cancelled: d.cancelled, severity: d.severity,
    severityBeforeCancellation: d.severityBeforeCancellation, affectedHouses: [...d.affectedHouses], planets: [...d.planets],
    cancellationFactors: [...d.cancellationFactors], rulesMet: [...d.rulesMet], description: d.description,
    fromLagna: null, fromMoon: null, fromVenus: null, kind: null, kalsarpaType: null, direction: null,
  };
}

export function doshasOf(d: ChartDoshas): DoshasType {
  return {
    mangal: { ...doshaOf(d.mangal), fromLagna: d.mangal.fromLagna, fromMoon: d.mangal.fromMoon, fromVenus: d.mangal.fromVenus },
    kalsarpa: { ...doshaOf(d.kalsarpa), kind: d.kalsarpa.kind, kalsarpaType: d.kalsarpa.type, direction: d.kalsarpa.direction },
    pitra: doshaOf(d.pitra),
  };
}
