import { Field, InputType, Int, ObjectType } from "type-graphql";
import { CostCap } from "../../costing/cost-decorator.js";
import { PanchangaType } from "./panchanga-type.js";

@CostCap(1)
@ObjectType("PanchangaRange", { description: "One Panchanga per Hindu day whose sunrise falls in the range (at most 31 days)." })
export class PanchangaRangeType {
  @Field() startDatetime!: string;
  @Field() endDatetime!: string;
  @Field(() => [PanchangaType], { description: "Elements at each day's sunrise." }) days!: PanchangaType[];
}

@InputType("PanchangaCriteriaInput", { description: "What a matching day must have; each key optional, names or numbers (as text)." })
export class PanchangaCriteriaInput {
  @Field(() => String, { nullable: true, description: "A name such as Ekadashi (both pakshas), Shukla Ekadashi, or 1–30." }) tithi?: string | null;
  @Field(() => String, { nullable: true, description: "A name or 1–27." }) nakshatra?: string | null;
  @Field(() => String, { nullable: true, description: "A name or 1–27." }) yoga?: string | null;
  @Field(() => String, { nullable: true, description: "A name or 1–11." }) karana?: string | null;
  @Field(() => String, { nullable: true, description: "English or Sanskrit (Ravi, Soma, Mangala, Budha, Guru, Shukra, Shani) weekday, or 1–7 (Sunday = 1)." })
  vara?: string | null;
}

@ObjectType("PanchangaSearch", { description: "Days matching the criteria, each with its full panchanga (elements at sunrise)." })
export class PanchangaSearchType {
  @Field({ description: "Start of the scanned window." }) searchedFrom!: string;
  @Field({ description: "End of the scanned window (after + max_days)." }) searchedTo!: string;
  @Field({ description: "When a day is said to have an element." }) matchRule!: string;
  @Field(() => Int) count!: number;
  @Field(() => [PanchangaType]) matches!: PanchangaType[];
}
