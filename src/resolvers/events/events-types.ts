import { GraphQLJSONObject } from "graphql-scalars";
import { Field, Float, Int, ObjectType } from "type-graphql";
import type { EventType } from "../../engine/events/event-types.js";
import { EventTypeEnum } from "../common/enums.js";

@ObjectType("EclipseContact", { description: "One contact of an eclipse seen from the place: its local time and the eclipsed body's altitude." })
export class EclipseContactType {
  @Field(() => String, { description: "partial_begin, total_begin / annular_begin, maximum, … (solar); penumbral_start … greatest … penumbral_end (lunar)." })
  contact!: string;
  @Field(() => String, { description: "Local time, ISO 8601 with offset, to the second." }) time!: string;
  @Field(() => Float, { description: "Altitude of the body's centre, degrees (standard refraction)." }) altitude!: number;
}

@ObjectType("EclipseVisibility", { description: "Whether and when an eclipse is seen from the place." })
export class EclipseVisibilityType {
  @Field(() => Boolean, { description: "Some part of the eclipse happens with the body above the horizon." }) visible!: boolean;
  @Field(() => String, { nullable: true, description: "Solar: the kind seen there (partial, annular, total); null for lunar eclipses and where none reaches the place." })
  localKind!: string | null;
  @Field(() => Float, { nullable: true, description: "Solar: fraction of the Sun's disc covered at the local maximum." }) obscuration!: number | null;
  @Field(() => [EclipseContactType]) contacts!: EclipseContactType[];
  @Field(() => EclipseContactType, { nullable: true, description: "The local maximum (solar) or greatest eclipse (lunar)." }) maximum!: EclipseContactType | null;
  @Field(() => String, { nullable: true, description: "Start of the part seen (body above the horizon), local ISO 8601." }) seenFrom!: string | null;
  @Field(() => String, { nullable: true, description: "End of the part seen, local ISO 8601." }) seenUntil!: string | null;
}

@ObjectType("EventObservance", { description: "A day kept at the place for the event (the calendar's rule)." })
export class EventObservanceType {
  @Field(() => String) name!: string;
  @Field(() => String) kind!: string;
  @Field(() => String, { description: "Local civil date, YYYY-MM-DD." }) date!: string;
  @Field(() => String) rule!: string;
}

@ObjectType("EventAtPlace", { description: "An event seen from the place asked about: local time, observance day, eclipse visibility." })
export class EventAtPlaceType {
  @Field(() => String, { description: "The place's IANA time zone." }) timeZone!: string;
  @Field(() => String, { description: "given (timeZone argument) or coordinates (offline lookup)." }) timeZoneSource!: string;
  @Field(() => String, { description: "The instant in the place's zone, ISO 8601 with offset." }) localTime!: string;
  @Field(() => String, { description: "The local civil date of the instant." }) localDate!: string;
  @Field(() => String, { nullable: true, description: "Tithi events: the tithi's local start." }) tithiStart!: string | null;
  @Field(() => String, { nullable: true, description: "Tithi events: the tithi's local end." }) tithiEnd!: string | null;
  @Field(() => String, { nullable: true, description: "Tithi events and sankranti: the civil date the observance is kept there." })
  observanceDate!: string | null;
  @Field(() => [EventObservanceType], { nullable: true }) observances!: EventObservanceType[] | null;
  @Field(() => String, { nullable: true, description: "Why observanceDate is null (a polar day or night, …)." }) observanceNote!: string | null;
  @Field(() => EclipseVisibilityType, { nullable: true, description: "Eclipses: whether and when seen from the place." })
  visibility!: EclipseVisibilityType | null;
}

@ObjectType("QueriedEvent", { description: "One detected event: the same id, type, instant and data as webhook payloads carry." })
export class QueriedEventType {
  @Field(() => String, { description: "Stable id: type@instant (webhook payloads carry it as data.event_id)." }) id!: string;
  @Field(() => EventTypeEnum) type!: EventType;
  @Field(() => String, { description: "The event type's name (Ekadashi … Solar eclipse), in the language asked (docs/languages.md)." }) title!: string;
  @Field(() => String, { description: "ISO 8601 UT, to the millisecond." }) instant!: string;
  @Field(() => GraphQLJSONObject, { description: "Type-specific data, as in webhook payloads." }) data!: Record<string, unknown>;
  @Field(() => EventAtPlaceType, { nullable: true, description: "Present when latitude and longitude were given." }) place!: EventAtPlaceType | null;
}

@ObjectType("EventsWindow", { description: "The detector's events in [from, to)." })
export class EventsWindowType {
  @Field(() => String) from!: string;
  @Field(() => String) to!: string;
  @Field(() => Int) count!: number;
  @Field(() => [QueriedEventType]) events!: QueriedEventType[];
}
