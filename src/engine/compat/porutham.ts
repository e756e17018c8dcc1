import { houseFrom } from "../chart/chart-input.js";
import { GANAS, GANA_BY_NAKSHATRA, YONIS, YONI_BY_NAKSHATRA, YONI_POINTS } from "../tables/ashtakoota.js";
import { naturalRelationTable } from "../tables/friendships.js";
import { NAKSHATRAS } from "../tables/nakshatras.js";
import {
  DINA_GOOD_COUNTS, MAHENDRA_COUNTS, PORUTHAM_BASIS, RAJJU_BY_NAKSHATRA, RAJJU_EFFECT, STREE_DEERGHA_MIN, VASYA_RASHIS,
  VEDHA_PAIRS, rajjuDirection, type PoruthamName, type PoruthamSystem,
} from "../tables/porutham.js";
import { RASHIS } from "../tables/rashis.js";
import { nakshatraCount } from "./ashtakoota.js";

/** One partner's birth star as a porutham reads it; `rashi` null when only the star is known and it spans two signs. */
export interface StarFacts {
  readonly nakshatra: number;
  /** 1..4, or null when not known. */
  readonly pada: number | null;
  readonly rashi: number | null;
}

export type Grade = "uttama" | "madhyama" | "adhama" | "unknown";

export interface PoruthamResult {
  readonly name: PoruthamName;
  /** Present (uttama or madhyama); null when it cannot be judged (a sign unknown). */
  readonly agreed: boolean | null;
  readonly grade: Grade;
  /** What decided it: the counts or the table cells, in words. */
  readonly basis: string;
  readonly rule: string;
  /** "nakshatra" when the stars alone decide it, "rasi" when it needs the Moon signs. */
  readonly dependsOn: "nakshatra" | "rasi";
  /** Rajju and Vedha: a failed one overrides the total. */
  readonly veto: boolean;
}

export interface Porutham {
  readonly system: PoruthamSystem;
  readonly groom: StarFacts;
  readonly bride: StarFacts;
  readonly poruthams: readonly PoruthamResult[];
  /** Poruthams agreed, of those that could be judged. */
  readonly agreedCount: number;
  readonly judgedCount: number;
  readonly vetoed: boolean;
  readonly verdict: "excellent" | "good" | "average" | "not_recommended";
  readonly reasons: readonly string[];
}

/** The four poruthams besides the vetoes that matching guides treat as essential. */
export const ESSENTIAL_PORUTHAMS: readonly PoruthamName[] = Object.freeze(["dina", "gana", "yoni", "rasi"]);

/** The sign of a star and pada (each pada is 3°20′, nine padas a sign). */
export function rashiOfStar(nakshatra: number, pada: number): number {
  return Math.floor(((nakshatra - 1) * 4 + (pada - 1)) / 9) + 1;
}

/** A star's sign when the star alone fixes it (it lies wholly in one sign), else null. */
export function rashiOfWholeStar(nakshatra: number): number | null {
  const first = rashiOfStar(nakshatra, 1);
  return rashiOfStar(nakshatra, 4) === first ? first : null;
}

export function starFacts(nakshatra: number, pada: number | null, rashi?: number | null): StarFacts {
  return { nakshatra, pada, rashi: rashi ?? (pada !== null ? rashiOfStar(nakshatra, pada) : rashiOfWholeStar(nakshatra)) };
}

const starName = (n: number): string => NAKSHATRAS[n - 1]!.name;
const signName = (r: number): string => RASHIS[r - 1]!.name;

type Judged = Omit<PoruthamResult, "name" | "dependsOn" | "veto">;
const grade = (g: Grade, basis: string, rule: string): Judged => ({
  agreed: g === "unknown" ? null : g !== "adhama", grade: g, basis, rule,
});

function dina(system: PoruthamSystem, g: StarFacts, b: StarFacts): Judged {
  const n = nakshatraCount(b.nakshatra, g.nakshatra);
  const basis = `the groom's star ${starName(g.nakshatra)} is ${n} from the bride's ${starName(b.nakshatra)}`;
  if (n === 1) {
    const samePada = g.pada !== null && g.pada === b.pada;
    return grade(samePada ? "adhama" : "madhyama", `${basis} (the same star${g.pada !== null && b.pada !== null ? (samePada ? ", same pada" : ", other padas") : ""})`,
      "the same star is acceptable only in different padas (ekanakshatra)");
  }
  const good = DINA_GOOD_COUNTS[system];
  const rule = system === "tamil"
    ? `counts ${good.join(", ")} from the bride's star agree`
    : "the count divided by 9 leaving 2, 4, 6, 8 or 0 agrees (the Tara remainder)";
  return grade(good.includes(n) ? "uttama" : "adhama", basis, rule);
}

function gana(g: StarFacts, b: StarFacts): Judged {
  const gg = GANA_BY_NAKSHATRA[g.nakshatra - 1]!;
  const bg = GANA_BY_NAKSHATRA[b.nakshatra - 1]!;
  const basis = `groom ${GANAS[gg]}, bride ${GANAS[bg]}`;
  const rule = "the same gana uttama; Deva with Manushya madhyama; Rakshasa with Deva or Manushya adhama";
  if (gg === bg) return grade("uttama", basis, rule);
  if (gg !== 2 && bg !== 2) return grade("madhyama", basis, rule);
  return grade("adhama", basis, rule);
}

function mahendra(g: StarFacts, b: StarFacts): Judged {
  const n = nakshatraCount(b.nakshatra, g.nakshatra);
  return grade(MAHENDRA_COUNTS.includes(n) ? "uttama" : "adhama", `the groom's star is ${n} from the bride's`,
    `counts ${MAHENDRA_COUNTS.join(", ")} from the bride's star agree`);
}

function streeDeergha(system: PoruthamSystem, g: StarFacts, b: StarFacts): Judged {
  const n = nakshatraCount(b.nakshatra, g.nakshatra);
  const t = STREE_DEERGHA_MIN[system];
  const rule = t.uttama === t.madhyama
    ? `the groom's star the ${t.uttama}th or further from the bride's`
    : `the groom's star the ${t.uttama}th or further from the bride's uttama, the ${t.madhyama}th to ${t.uttama - 1}th madhyama`;
  return grade(n >= t.uttama ? "uttama" : n >= t.madhyama ? "madhyama" : "adhama", `the groom's star is ${n} from the bride's`, rule);
}

function yoni(g: StarFacts, b: StarFacts): Judged {
  const gy = YONI_BY_NAKSHATRA[g.nakshatra - 1]!;
  const by = YONI_BY_NAKSHATRA[b.nakshatra - 1]!;
  const points = YONI_POINTS[gy]![by]!;
  const basis = `groom ${YONIS[gy]}, bride ${YONIS[by]} (yoni table cell ${points} of 4)`;
  return grade(points >= 3 ? "uttama" : points >= 1 ? "madhyama" : "adhama", basis,
    "the same or friendly animals (3–4) uttama, neutral (1–2) madhyama, sworn enemies (0) adhama");
}

function unknownSign(which: string): Judged {
  return grade("unknown", `${which} Moon sign unknown (the star spans two signs and no pada or rasi was given)`, "needs both Moon signs");
}

function signsKnown(g: StarFacts, b: StarFacts): Judged | null {
  if (g.rashi === null) return unknownSign("the groom's");
  if (b.rashi === null) return unknownSign("the bride's");
  return null;
}

type Relation = "same" | "friends" | "neutral" | "enemy";
function lordsRelation(gr: number, br: number): { relation: Relation; text: string } {
  const a = RASHIS[gr - 1]!.lord;
  const c = RASHIS[br - 1]!.lord;
  if (a === c) return { relation: "same", text: `both signs ruled by ${a}` };
  const ab = naturalRelationTable(a, c);
  const ba = naturalRelationTable(c, a);
  const relation: Relation = ab === "enemy" || ba === "enemy" ? "enemy" : ab === "friend" && ba === "friend" ? "friends" : "neutral";
  return { relation, text: `${a} is ${ab} to ${c}, ${c} is ${ba} to ${a}` };
}

function rasi(g: StarFacts, b: StarFacts): Judged {
  const unknown = signsKnown(g, b);
  if (unknown) return unknown;
  const r = houseFrom(b.rashi!, g.rashi!);
  const basis = `the groom's sign ${signName(g.rashi!)} is ${r} from the bride's ${signName(b.rashi!)}`;
  const rule = "the same sign (other stars) and the 7th uttama, the 9th–12th uttama; the 8th (6/8) madhyama when the lords are friends, " +
    "else adhama; the 2nd–6th adhama";
  if (r === 1) return grade(g.nakshatra === b.nakshatra ? "madhyama" : "uttama", basis, rule);
  if (r === 8) return grade(["same", "friends"].includes(lordsRelation(g.rashi!, b.rashi!).relation) ? "madhyama" : "adhama", basis, rule);
  return grade(r >= 7 ? "uttama" : "adhama", basis, rule);
}

function rasyadhipati(g: StarFacts, b: StarFacts): Judged {
  const unknown = signsKnown(g, b);
  if (unknown) return unknown;
  const { relation, text } = lordsRelation(g.rashi!, b.rashi!);
  return grade(relation === "same" || relation === "friends" ? "uttama" : relation === "neutral" ? "madhyama" : "adhama", text,
    "the sign lords the same or mutual friends uttama, neutral madhyama, an enemy either way adhama (BPHS ch. 3 natural relations)");
}

function vasya(g: StarFacts, b: StarFacts): Judged {
  const unknown = signsKnown(g, b);
  if (unknown) return unknown;
  const brideInGrooms = VASYA_RASHIS[g.rashi! - 1]!.includes(b.rashi!);
  const groomInBrides = VASYA_RASHIS[b.rashi! - 1]!.includes(g.rashi!);
  const basis = `${signName(b.rashi!)} ${brideInGrooms ? "is" : "is not"} vasya to ${signName(g.rashi!)}; ` +
    `${signName(g.rashi!)} ${groomInBrides ? "is" : "is not"} vasya to ${signName(b.rashi!)}`;
  const same = g.rashi === b.rashi;
  return grade(same || (brideInGrooms && groomInBrides) ? "uttama" : brideInGrooms || groomInBrides ? "madhyama" : "adhama",
    same ? "the same sign" : basis, "each sign's vasya signs (Muhurta Chintamani 6): both ways uttama, one way madhyama");
}

function rajju(system: PoruthamSystem, g: StarFacts, b: StarFacts): Judged {
  const gr = RAJJU_BY_NAKSHATRA[g.nakshatra - 1]!;
  const br = RAJJU_BY_NAKSHATRA[b.nakshatra - 1]!;
  const gd = rajjuDirection(g.nakshatra);
  const bd = rajjuDirection(b.nakshatra);
  const basis = `groom ${gr} rajju (${gd}), bride ${br} rajju (${bd})`;
  if (gr !== br) return grade("uttama", basis, "different rajjus agree");
  if (system === "kerala" && gd !== "siro" && bd !== "siro" && gd !== bd) {
    return grade("madhyama", basis, "Kerala: the same rajju is excused when one star ascends and the other descends (aroha/avaroha)");
  }
  return grade("adhama", `${basis}: threatens ${RAJJU_EFFECT[gr]}`,
    system === "kerala" ? "the same rajju in the same direction (or the head rajju) fails and vetoes the match"
      : "the same rajju fails and vetoes the match, whatever the other poruthams");
}

function vedha(g: StarFacts, b: StarFacts): Judged {
  const pair = VEDHA_PAIRS.find(([x, y]) => (x === g.nakshatra && y === b.nakshatra) || (y === g.nakshatra && x === b.nakshatra));
  return pair
    ? grade("adhama", `${starName(g.nakshatra)} and ${starName(b.nakshatra)} obstruct each other`, "one of the fifteen vedha pairs vetoes the match")
    : grade("uttama", `${starName(g.nakshatra)} and ${starName(b.nakshatra)} are not a vedha pair`, "one of the fifteen vedha pairs vetoes the match");
}

/**
 * The ten poruthams of a groom's and a bride's birth stars, counted from the bride's star (the
 * South Indian usage). Rajju and Vedha are vetoes: either failing makes the verdict
 * not_recommended whatever the count. Otherwise: 8 or more agreed with the four essential ones
 * (Dina, Gana, Yoni, Rasi) excellent; 6 or more with three essential good; 5 or more average.
 */
export function porutham(system: PoruthamSystem, groom: StarFacts, bride: StarFacts): Porutham {
  const judged: Record<PoruthamName, Judged> = {
    dina: dina(system, groom, bride), gana: gana(groom, bride), mahendra: mahendra(groom, bride),
    stree_deergha: streeDeergha(system, groom, bride), yoni: yoni(groom, bride), rasi: rasi(groom, bride),
    rasyadhipati: rasyadhipati(groom, bride), vasya: vasya(groom, bride), rajju: rajju(system, groom, bride), vedha: vedha(groom, bride),
  };
  const poruthams = (Object.keys(judged) as PoruthamName[]).map((name): PoruthamResult => ({
    name, ...judged[name], dependsOn: PORUTHAM_BASIS[name], veto: (name === "rajju" || name === "vedha") && judged[name].agreed === false,
  }));
  const agreedCount = poruthams.filter((p) => p.agreed === true).length;
  const judgedCount = poruthams.filter((p) => p.agreed !== null).length;
  const vetoes = poruthams.filter((p) => p.veto);
  const essential = ESSENTIAL_PORUTHAMS.filter((n) => judged[n].agreed === true).length;
  const reasons = [`${agreedCount} of ${judgedCount} poruthams agree${judgedCount < 10 ? ` (${10 - judgedCount} need both Moon signs)` : ""}`,
    `${essential} of the 4 essential (Dina, Gana, Yoni, Rasi) agree`];
  let verdict: Porutham["verdict"];
  if (vetoes.length) {
    verdict = "not_recommended";
    for (const v of vetoes) reasons.push(`${v.name} fails: ${v.basis} (veto)`);
  } else if (agreedCount >= 8 && essential === 4) verdict = "excellent";
  else if (agreedCount >= 6 && essential >= 3) verdict = "good";
  else if (agreedCount >= 5) verdict = "average";
  else verdict = "not_recommended";
  return { system, groom, bride, poruthams, agreedCount, judgedCount, vetoed: vetoes.length > 0, verdict, reasons };
}

/** Sort key of a bulk match: unvetoed first, then by agreed poruthams, then the essential ones. */
export function poruthamRank(p: Porutham): number {
  const essential = ESSENTIAL_PORUTHAMS.filter((n) => p.poruthams.find((x) => x.name === n)!.agreed === true).length;
  return (p.vetoed ? 0 : 1000) + p.agreedCount * 10 + essential;
}
