import { GraphQLJSONObject } from "graphql-scalars";
import { Field, Float, ObjectType } from "type-graphql";
import type { AnyEventType } from "../engine/events/event-types.js";
import { EventTypeEnum } from "../resolvers/common/enums.js";

@ObjectType("EventLocation", { description: "The subscriber's place (when the subscription gave latitude and longitude) and the event in its local time." })
export class EventLocationType {
  @Field(() => Float, { description: "Degrees, north positive." }) latitude!: number;
  @Field(() => Float, { description: "Degrees, east positive." }) longitude!: number;
  @Field(() => String, { description: "The place's IANA time zone (offline lookup from the coordinates)." }) timeZone!: string;
  @Field(() => String, { nullable: true, description: "The event's instant in that zone (ISO 8601 with offset); null when the event has no instant." })
  localInstant!: string | null;
  @Field(() => String, { nullable: true, description: "The local calendar date of the instant (YYYY-MM-DD); null when the event has no instant." })
  localDate!: string | null;
}

@ObjectType("AstroEvent", { description: "One emitted event (the specification's Events section), as GraphQL subscribers receive it." })
export class AstroEventType {
  @Field(() => String, { description: "The event's id, unique across instances." }) id!: string;
  @Field(() => String, { nullable: true, description: "A detected event's stable id, type@instant: the `id` of the events query and `data.event_id` of webhook payloads; null for a submitted event." })
  key!: string | null;
  @Field(() => EventTypeEnum) type!: AnyEventType;
  @Field(() => String, { nullable: true, description: "ISO 8601 UT instant; null for an externally submitted event that named none." })
  instant!: string | null;
  @Field(() => GraphQLJSONObject, { description: "Type-specific data (e.g. an eclipse's kind, magnitude and contact times)." })
  data!: Record<string, unknown>;
  @Field(() => EventLocationType, { nullable: true, description: "Present when the subscription gave latitude and longitude." })
  location!: EventLocationType | null;
}
