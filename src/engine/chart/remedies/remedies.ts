import { GRAHA_REMEDIES, DUSTHANAS } from "../../tables/remedies.js";
import { RASHIS, rashiOf } from "../../tables/rashis.js";
import { GRAHAS, type Graha, type SaptaGraha } from "../../types.js";
import type { ChartInput } from "../chart-input.js";
import { dignityOf, isCombust } from "../dignity.js";
import { houseOf } from "../houses.js";
import type { FunctionalNatures } from "../karakas.js";

/** What a remedy answers to: one fact of the chart. */
export type FindingKind =
  | "weak_shadbala" | "debilitated" | "combust" | "dusthana" | "mangal_dosha" | "kalsarpa_dosha" | "pitra_dosha" | "running_dasha_lord";

export interface Finding {
  /** Stable id within one answer, e.g. "debilitated:sun". */
  readonly id: string;
  readonly kind: FindingKind;
  readonly grahas: readonly Graha[];
  readonly description: string;
}

export interface Gemstone {
  readonly stone: string;
  readonly recommended: boolean;
  readonly caution: string;
}

export interface Remedy {
  readonly graha: Graha;
  /** Ids of the findings that call for it. */
  readonly triggeredBy: readonly string[];
  readonly beejMantra: string;
  readonly japaCount: number;
  readonly gemstone: Gemstone;
  readonly charityItems: readonly string[];
  readonly charityDay: string;
  readonly fastingDay: string;
  readonly deity: string;
  readonly lalKitab: readonly string[];
}

/** What the rules read besides the chart: computed elsewhere (shadbala, doshas, dasha), passed in plain. */
export interface RemedyInputs {
  readonly chart: ChartInput;
  /** Shadbala totals against the required minimum (Sun … Saturn); empty to skip the rule. */
  readonly strengths: readonly { readonly graha: SaptaGraha; readonly totalRupas: number; readonly requiredRupas: number }[];
  readonly doshas: { readonly mangal: boolean; readonly kalsarpa: boolean; readonly pitra: boolean };
  /** Lord of the maha dasha running at the query instant, or null (before the first dasha). */
  readonly dashaLord: Graha | null;
  readonly functional: FunctionalNatures;
}

export interface Remedies {
  readonly findings: readonly Finding[];
  readonly remedies: readonly Remedy[];
}

const sign = (r: number): string => RASHIS[r - 1]!.name;

/** The chart's findings, in a fixed order (rule, then graha order). */
export function remedyFindings(inp: RemedyInputs): Finding[] {
  const { chart } = inp;
  const out: Finding[] = [];
  for (const s of inp.strengths) {
    if (s.totalRupas < s.requiredRupas) {
      out.push({
        id: `weak_shadbala:${s.graha}`, kind: "weak_shadbala", grahas: [s.graha],
        description: `${s.graha}'s shadbala ${s.totalRupas.toFixed(2)} rupas is below the required ${s.requiredRupas}`,
      });
    }
  }
  for (const g of GRAHAS) {
    if (dignityOf(chart, g) === "debilitated") {
      out.push({ id: `debilitated:${g}`, kind: "debilitated", grahas: [g], description: `${g} is debilitated in ${sign(rashiOf(chart.grahas[g].lonSidDeg))}` });
    }
  }
  for (const g of GRAHAS) {
    const c = isCombust(chart, g);
    if (c.combust) out.push({ id: `combust:${g}`, kind: "combust", grahas: [g], description: `${g} is combust, ${c.distanceDeg.toFixed(2)}° from the Sun (orb ${c.orbDeg}°)` });
  }
  for (const g of GRAHAS) {
    const h = houseOf(chart, g);
    if (DUSTHANAS.includes(h)) out.push({ id: `dusthana:${g}`, kind: "dusthana", grahas: [g], description: `${g} is in the ${h}th house, a dusthana` });
  }
  if (inp.doshas.mangal) out.push({ id: "mangal_dosha", kind: "mangal_dosha", grahas: ["mars"], description: "Mangal dosha is present (not cancelled)" });
  if (inp.doshas.kalsarpa) out.push({ id: "kalsarpa_dosha", kind: "kalsarpa_dosha", grahas: ["rahu", "ketu"], description: "Kalsarpa dosha is present (not cancelled)" });
  // Pitra dosha: the Sun (the father) afflicted by the nodes or Saturn; its remedies go to the Sun and Rahu.
  if (inp.doshas.pitra) out.push({ id: "pitra_dosha", kind: "pitra_dosha", grahas: ["sun", "rahu"], description: "Pitra dosha is present (not cancelled)" });
  if (inp.dashaLord) {
    out.push({
      id: `running_dasha_lord:${inp.dashaLord}`, kind: "running_dasha_lord", grahas: [inp.dashaLord],
      description: `the ${inp.dashaLord} maha dasha is running`,
    });
  }
  return out;
}

/**
 * The gemstone and its caution. A stone strengthens its graha, so it is never recommended for a
 * functional malefic of the lagna (BPHS ch. 34 lordships), nor for Rahu or Ketu (no lordship to
 * judge by); the caution says why. Otherwise it is recommended with the usual caution to test it first.
 */
export function gemstoneFor(g: Graha, functional: FunctionalNatures): Gemstone {
  const stone = GRAHA_REMEDIES[g].gemstone;
  const lagna = sign(functional.lagnaRashi);
  if (g === "rahu" || g === "ketu") {
    return { stone, recommended: false, caution: `${g} owns no sign to judge by: wear only after a full chart reading; prefer mantra and charity` };
  }
  if ((functional.malefics as readonly Graha[]).includes(g)) {
    return { stone, recommended: false, caution: `${g} is a functional malefic for ${lagna} lagna: do not wear its stone; use mantra, charity and fasting` };
  }
  const role = functional.yogakaraka === g ? "the yoga-karaka" : (functional.benefics as readonly Graha[]).includes(g) ? "a functional benefic" : "functionally neutral";
  return { stone, recommended: true, caution: `${g} is ${role} for ${lagna} lagna; try the stone for a trial period before wearing it permanently` };
}

/** Deterministic remedies from the chart's own findings: one remedy per graha, naming every finding that calls for it. */
export function remedies(inp: RemedyInputs): Remedies {
  const findings = remedyFindings(inp);
  const remedyList: Remedy[] = [];
  for (const g of GRAHAS) {
    const triggeredBy = findings.filter((f) => f.grahas.includes(g)).map((f) => f.id);
    if (triggeredBy.length === 0) continue;
    const r = GRAHA_REMEDIES[g];
    remedyList.push({
      graha: g, triggeredBy, beejMantra: r.beejMantra, japaCount: r.japaCount, gemstone: gemstoneFor(g, inp.functional),
      charityItems: r.charityItems, charityDay: r.day, fastingDay: r.day, deity: r.deity, lalKitab: r.lalKitab,
    });
  }
  return { findings, remedies: remedyList };
}

