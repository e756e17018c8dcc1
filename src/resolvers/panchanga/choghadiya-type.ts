import { Field, Float, Int, ObjectType } from "type-graphql";
import { CostCap } from "../../costing/cost-decorator.js";
import type { HoraSystem } from "../../engine/panchanga/hora.js";
import { ConventionsType } from "../common/conventions.js";
import { HoraSystemEnum } from "../common/enums.js";

@ObjectType("ChoghadiyaPeriod", { description: "One of the 8 day or 8 night choghadiyas." })
export class ChoghadiyaPeriodType {
  @Field(() => Int, { description: "1–8 within the day (sunrise→sunset) or the night (sunset→next sunrise)." }) periodNumber!: number;
  @Field({ description: "Udveg, Char, Labh, Amrit, Kaal, Shubh or Rog." }) name!: string;
  @Field({ description: "Ruling graha (lower case)." }) planet!: string;
  @Field({ description: "best, good, neutral or bad." }) nature!: string;
  @Field() start!: string;
  @Field() end!: string;
}

@ObjectType("HoraPeriod", { description: "One hora from sunrise, in the Chaldean order from the weekday lord (see HoraSystem)." })
export class HoraPeriodType {
  @Field(() => Int, { description: "1, 2 … from sunrise (PLANETARY: 1–12 by day, 13–24 by night)." }) periodNumber!: number;
  @Field({ description: "The ruling graha's name (Sun … Saturn)." }) name!: string;
  @Field({ description: "Ruling graha (lower case)." }) planet!: string;
  @Field({ description: "benefic (Moon, Mercury, Jupiter, Venus) or malefic (Sun, Mars, Saturn): natural nature, BPHS ch. 3." })
  nature!: string;
  @Field({ description: "day or night: whether the hora starts before or after sunset" }) part!: string;
  @Field() start!: string;
  @Field() end!: string;
}

@CostCap(1)
@ObjectType("Choghadiya", { description: "Choghadiya and hora of the Hindu day containing a moment." })
export class ChoghadiyaType {
  @Field() datetime!: string;
  @Field(() => Float) latitude!: number;
  @Field(() => Float) longitude!: number;
}

@ObjectType("ChoghadiyaConventions", { description: "The conventions a choghadiya result was computed with (defaults filled in)." })
export class ChoghadiyaConventionsType extends ConventionsType {
  @Field(() => HoraSystemEnum, { description: "How the horas were cut." }) hora!: HoraSystem;
}
