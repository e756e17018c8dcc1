import { Field, Float, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import type { Porutham } from "../../engine/compat/porutham.js";
import { PORUTHAM_SYSTEMS, type PoruthamSystem } from "../../engine/tables/porutham.js";
import { BirthInput } from "../chart/birth-input.js";

/** TAMIL (default) or KERALA; the value a resolver receives is the engine's name ("tamil"). */
export const PoruthamSystemEnum = Object.fromEntries(PORUTHAM_SYSTEMS.map((s) => [s.toUpperCase(), s])) as Record<string, PoruthamSystem>;
registerEnumType(PoruthamSystemEnum, {
  name: "PoruthamSystem",
  description: "South Indian matching tradition: TAMIL (default) or KERALA (their differences: docs/matching.md).",
});

export const BULK_RANKINGS = ["porutham", "dashakoot"] as const;
export type BulkRanking = (typeof BULK_RANKINGS)[number];
export const BulkRankingEnum = { PORUTHAM: "porutham", DASHAKOOT: "dashakoot" } as const;
registerEnumType(BulkRankingEnum, {
  name: "BulkRanking",
  description: "How a bulk match ranks: PORUTHAM (default: unvetoed, then poruthams agreed, then essential ones) or DASHAKOOT (unvetoed, then points of 36).",
});

export const MATCH_ROLES = ["groom", "bride"] as const;
export type MatchRole = (typeof MATCH_ROLES)[number];
export const MatchRoleEnum = { GROOM: "groom", BRIDE: "bride" } as const;
registerEnumType(MatchRoleEnum, { name: "MatchRole", description: "Which partner the one native of a bulk match is." });

@InputType("StarInput", { description: "A janma nakshatra without a birth time; pada or rasi fixes the Moon sign of a star that spans two signs." })
export class StarInput {
  @Field(() => Int, { description: "1 = Ashwini … 27 = Revati." }) nakshatra!: number;
  @Field(() => Int, { nullable: true, description: "1..4." }) pada?: number | null;
  @Field(() => Int, { nullable: true, description: "Moon sign 1..12 (one of the signs the star spans)." }) rashi?: number | null;
}

@InputType("MatchPartyInput", { description: "One partner: a birth (its Moon from the chart code) or a star alone; exactly one." })
export class MatchPartyInput {
  @Field(() => BirthInput, { nullable: true }) birth?: BirthInput | null;
  @Field(() => StarInput, { nullable: true }) star?: StarInput | null;
}

@InputType("MatchCandidateInput", { description: "One candidate of a bulk match: the caller's reference and a birth or a star." })
export class MatchCandidateInput extends MatchPartyInput {
  @Field({ description: "The caller's own id for this candidate (1–100 characters), echoed." }) referenceId!: string;
}

@ObjectType("MatchStar", { description: "A partner's birth star as the porutham reads it." })
export class MatchStarType {
  @Field(() => Int) nakshatra!: number;
  @Field() nakshatraName!: string;
  @Field(() => Int, { nullable: true }) pada!: number | null;
  @Field(() => Int, { nullable: true, description: "Moon sign 1..12; null when the star alone does not fix it." }) rashi!: number | null;
  @Field(() => String, { nullable: true }) rashiName!: string | null;
}

@ObjectType("PoruthamItem", { description: "One of the ten poruthams: agreed or not, its grade, what decided it and the rule." })
export class PoruthamItemType {
  @Field({ description: "dina, gana, mahendra, stree_deergha, yoni, rasi, rasyadhipati, vasya, rajju or vedha: the porutham's stable key." }) name!: string;
  @Field({ description: "The porutham's name (Dina … Stree Deergha … Vedha), in the language asked (docs/languages.md)." }) title!: string;
  @Field(() => Boolean, { nullable: true, description: "Null when it cannot be judged (a Moon sign unknown)." }) agreed!: boolean | null;
  @Field({ description: "uttama, madhyama, adhama (not agreed) or unknown." }) grade!: string;
  @Field({ description: "The counts or table cells that decided it." }) basis!: string;
  @Field() rule!: string;
  @Field({ description: "nakshatra: the stars alone decide it; rasi: it needs both Moon signs." }) dependsOn!: string;
  @Field({ description: "A failed Rajju or Vedha: overrides the total." }) veto!: boolean;
}

@ObjectType("Porutham", { description: "The South Indian ten-porutham match of two birth stars, counted from the bride's star." })
export class PoruthamType {
  @Field() system!: string;
  @Field(() => MatchStarType) groomStar!: MatchStarType;
  @Field(() => MatchStarType) brideStar!: MatchStarType;
  @Field(() => [PoruthamItemType], { description: "Dina, Gana, Mahendra, Stree Deergha, Yoni, Rasi, Rasyadhipati, Vasya, Rajju, Vedha." })
  poruthams!: PoruthamItemType[];
  @Field(() => Int, { description: "Poruthams agreed (of the ten, or of those judged)." }) agreedCount!: number;
  @Field(() => Int) judgedCount!: number;
  @Field({ description: "Rajju or Vedha failed." }) vetoed!: boolean;
  @Field({ description: "excellent, good, average or not_recommended (always when vetoed)." }) verdict!: string;
  @Field(() => [String]) reasons!: string[];
}

@ObjectType("DashakootKoota", { description: "One koota of the dashakoot: its porutham grade in points." })
export class DashakootKootaType {
  @Field({ description: "dina, gana, mahendra, stree_deergha, yoni, rasi, rasyadhipati, vasya, rajju or vedha." }) name!: string;
  @Field(() => Float, { nullable: true, description: "Points earned: the full points for uttama, half for madhyama, none for adhama; null when not judged." })
  points!: number | null;
  @Field(() => Float) maxPoints!: number;
  @Field({ description: "The porutham's grade: uttama, madhyama, adhama or unknown." }) grade!: string;
  @Field({ description: "The counts or table cells that decided the porutham." }) basis!: string;
  @Field({ description: "Where this koota's points come from." }) pointSource!: string;
  @Field({ description: "A failed Rajju or Vedha: vetoes the match whatever the total." }) veto!: boolean;
}

@ObjectType("Dashakoot", { description: "The ten South Indian kootas scored in points out of 36 (docs/matching.md), from the porutham grades." })
export class DashakootType {
  @Field() system!: string;
  @Field(() => MatchStarType) groomStar!: MatchStarType;
  @Field(() => MatchStarType) brideStar!: MatchStarType;
  @Field(() => [DashakootKootaType]) kootas!: DashakootKootaType[];
  @Field(() => Float) total!: number;
  @Field(() => Float, { description: "36, less the points of kootas that could not be judged." }) maxTotal!: number;
  @Field(() => Float, { description: "Half the points (18 of 36)." }) minimum!: number;
  @Field({ description: "Rajju or Vedha failed." }) vetoed!: boolean;
  @Field({ description: "acceptable (no veto and at least the minimum) or not_recommended." }) verdict!: string;
  @Field(() => [String]) reasons!: string[];
}

@ObjectType("PapaContribution", { description: "A malefic in a dosha house (1, 2, 4, 7, 8, 12) from the lagna, the Moon or Venus." })
export class PapaContributionType {
  @Field() graha!: string;
  @Field({ description: "lagna (weight 1), moon (½) or venus (¼)." }) reference!: string;
  @Field(() => Int) house!: number;
  @Field(() => Float) points!: number;
}

@ObjectType("PapaPoints", { description: "One chart's papa (malefic) points." })
export class PapaPointsType {
  @Field(() => Float) total!: number;
  @Field(() => Float) fromLagna!: number;
  @Field(() => Float) fromMoon!: number;
  @Field(() => Float) fromVenus!: number;
  @Field(() => [PapaContributionType]) contributions!: PapaContributionType[];
}

@ObjectType("Papasamyam", { description: "Papasamyam: both charts' malefic points; balanced when the groom's are at least the bride's." })
export class PapasamyamType {
  @Field(() => PapaPointsType) groom!: PapaPointsType;
  @Field(() => PapaPointsType) bride!: PapaPointsType;
  @Field() balanced!: boolean;
  @Field(() => Float, { description: "Groom's total minus the bride's." }) difference!: number;
  @Field() description!: string;
}

@ObjectType("BulkMatchCandidate", { description: "One candidate of a bulk match, ranked." })
export class BulkMatchCandidateType {
  @Field() referenceId!: string;
  @Field(() => Int, { description: "1 = best: unvetoed first, then (rankBy PORUTHAM) most poruthams agreed and most essential ones, or (DASHAKOOT) most points." })
  rank!: number;
  @Field(() => PoruthamType) porutham!: PoruthamType;
  /** The engine's answer, for the lazy dashakoot field (not in the schema). */
  match!: Porutham;
}

@ObjectType("BulkMatch", { description: "One native matched against many candidates, sorted by the porutham ranking." })
export class BulkMatchType {
  @Field() system!: string;
  @Field({ description: "groom or bride: the native's side." }) nativeRole!: string;
  @Field({ description: "porutham or dashakoot: how the candidates are ranked." }) rankBy!: string;
  @Field(() => MatchStarType) native!: MatchStarType;
  @Field(() => [BulkMatchCandidateType]) candidates!: BulkMatchCandidateType[];
}
