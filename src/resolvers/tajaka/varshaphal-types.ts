import { Field, Float, Int, ObjectType } from "type-graphql";
import type { ChartInput } from "../../engine/chart/chart-input.js";
import type { VarshaphalCore } from "../../engine/tajaka/varshaphal.js";
import type { Graha } from "../../engine/types.js";
import { GrahaEnum } from "../common/enums.js";

/** What Varshaphal fields resolve from. */
export interface VarshaphalRoot {
  readonly year: number;
  readonly completedYears: number;
  readonly praveshIso: string;
  readonly chart: ChartInput;
  readonly core: VarshaphalCore;
  /** Mudda dasha periods (computed when selected: it needs the next pravesh). */
  readonly mudda: () => MuddaPeriodType[];
}

@ObjectType("MuddaPeriod", { description: "One period of the year's Mudda (Tajaka Vimshottari) dasha." })
export class MuddaPeriodType {
  @Field(() => GrahaEnum) planet!: Graha;
  @Field({ description: "ISO 8601 in the birth's offset." }) start!: string;
  @Field({ description: "ISO 8601 in the birth's offset." }) end!: string;
  @Field(() => Float) days!: number;
}

@ObjectType("AnnualPoint", { description: "A point of the annual chart (sidereal; whole-sign house from the varsha lagna)." })
export class AnnualPointType {
  @Field({ description: "lagna, or a graha name." }) name!: string;
  @Field(() => Float) longitude!: number;
  @Field(() => Int, { description: "1 = Aries … 12 = Pisces." }) sign!: number;
  @Field() signName!: string;
  @Field(() => Int) house!: number;
  @Field({ description: "Retrograde at the pravesh (false for the lagna)." }) retrograde!: boolean;
}

@ObjectType("Muntha", { description: "The natal lagna's sign advanced one sign per completed year." })
export class MunthaType {
  @Field(() => Int) sign!: number;
  @Field() signName!: string;
  @Field(() => Int, { description: "House from the varsha lagna." }) house!: number;
  @Field(() => GrahaEnum) lord!: Graha;
}

@ObjectType("PanchaVargeeyaBala", { description: "Tajaka five-fold strength (Tajaka Neelakanthi): kshetra 0–30, uchcha 0–20, hadda 0–15, drekkana 0–10, navamsha 0–5; total = sum / 4 (0–20)." })
export class PanchaVargeeyaBalaType {
  @Field(() => Float) kshetra!: number;
  @Field(() => Float) uchcha!: number;
  @Field(() => Float) hadda!: number;
  @Field(() => Float) drekkana!: number;
  @Field(() => Float) navamsha!: number;
  @Field(() => Float) total!: number;
}

@ObjectType("OfficeBearer", { description: "One of the five Tajaka office bearers (Panchadhikaris)." })
export class OfficeBearerType {
  @Field({ description: "muntha_lord, janma_lagna_lord, varsha_lagna_lord, tri_rashi_pati or dina_ratri_pati." }) role!: string;
  @Field(() => GrahaEnum) planet!: Graha;
  @Field({ description: "Its Tajaka aspect on the varsha lagna: friendly, inimical or none." }) aspectOnLagna!: string;
  @Field(() => PanchaVargeeyaBalaType, { description: "The planet's pancha-vargeeya bala in the annual chart." }) panchaVargeeyaBala!: PanchaVargeeyaBalaType;
}

@ObjectType("YearLord", { description: "The lord of the year (Varsheshwara) chosen by the Tajaka rule." })
export class YearLordType {
  @Field(() => GrahaEnum) planet!: Graha;
  @Field(() => [String], { description: "The offices it holds." }) roles!: string[];
  @Field({ description: "strongest_aspecting (the rule) or strongest_no_aspect (none aspects the lagna: the fallback)." }) rule!: string;
  @Field(() => String, { nullable: true, description: "friendly_aspect, more_offices or office_order when equal strengths were decided." }) tieBrokenBy!: string | null;
  @Field({ description: "Tajaka aspect of the year lord on the varsha lagna." }) aspectOnLagna!: string;
  @Field(() => PanchaVargeeyaBalaType) panchaVargeeyaBala!: PanchaVargeeyaBalaType;
  @Field() reason!: string;
}

@ObjectType("TajakaYoga", { description: "A Tajaka yoga of the annual chart and the planets that form it." })
export class TajakaYogaType {
  @Field({ description: "One of the sixteen: Ikkavala, Induvara, Ithasala, Eesarpha, Nakta, Yamaya, Manahoo, Kamboola, Gairi-Kamboola, Khallasara, Radda, Duhphali-kutta, Dutthotha-davira, Tambira, Kuttha, Durudhura (in the language asked: docs/languages.md)." }) name!: string;
  @Field({ description: "Stable language-free key (ikkavala … durudhura), the same in every language." }) key!: string;
  @Field(() => [GrahaEnum]) planets!: Graha[];
  @Field() description!: string;
}

@ObjectType("Varshaphal", { description: "Tajaka annual chart for one year of a birth." })
export class VarshaphalType {}
