/** GraphQL types of the calendar feeds (docs/calendars.md §3; camelCase of the REST fields). */
import { Field, Float, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "POST /feeds: what the feed holds and where." })
export class CalendarFeedInput {
  @Field(() => Float, { description: "-90..90" }) latitude!: number;
  @Field(() => Float, { description: "-180..180" }) longitude!: number;
  @Field(() => String, { nullable: true, description: "IANA zone or ±HH:MM; default: the zone of the coordinates" }) tz?: string | null;
  @Field(() => Int, { nullable: true, description: "1900–2100; null: a rolling window from 30 days ago to 365 days ahead" }) year?: number | null;
  @Field(() => [String], { nullable: true, description: "any of festivals, vratas, eclipses (default all three)" }) contents?: string[] | null;
  @Field(() => String, { nullable: true, description: "the festivals' region argument: all, or a comma list; default the place's regions" }) region?: string | null;
}

@ObjectType("CalendarFeed", { description: "One of the caller's calendar feeds (the token is not shown again)." })
export class CalendarFeedType {
  @Field(() => String) feedId!: string;
  @Field(() => String, { description: "the token's first characters, for telling feeds apart" }) tokenPrefix!: string;
  @Field(() => String, { description: "active, expired (renew it) or revoked" }) status!: string;
  @Field(() => String, { description: "calendar (festivals, vratas, eclipses at a place) or subscription (a webhook subscription's events)" }) kind!: string;
  @Field(() => String, { nullable: true, description: "the webhook subscription whose events it shows (kind subscription), else null" }) subscriptionId!: string | null;
  @Field(() => Int, { nullable: true }) year!: number | null;
  @Field(() => Float, { nullable: true, description: "the calendar's place; null for a subscription's feed" }) latitude!: number | null;
  @Field(() => Float, { nullable: true }) longitude!: number | null;
  @Field(() => String, { nullable: true }) tz!: string | null;
  @Field(() => [String]) contents!: string[];
  @Field(() => String, { nullable: true }) region!: string | null;
  @Field(() => String) createdAt!: string;
  @Field(() => String, { description: "polls are free until this instant; then renew (10 credits)" }) paidUntil!: string;
  @Field(() => String, { nullable: true }) revokedAt!: string | null;
  @Field(() => Int) pollCount!: number;
  @Field(() => String, { nullable: true }) lastPolledAt!: string | null;
}

@ObjectType("CalendarFeedCreated", { description: "A new feed: its URL holds the token, shown only in this answer." })
export class CalendarFeedCreatedType extends CalendarFeedType {
  @Field(() => String, { description: "vaf_…: read-only, bound to this feed; shown once" }) token!: string;
  @Field(() => String, { description: "the feed's address to subscribe to (carries the token, never the API key)" }) url!: string;
}

@ObjectType("CalendarFeedIcs", { description: "A feed's iCalendar text (GET /feeds/{token}.ics)." })
export class CalendarFeedIcsType {
  @Field(() => String) ics!: string;
  @Field(() => String, { description: "strong entity tag of this text" }) etag!: string;
}
