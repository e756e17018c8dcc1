/** GraphQL object and input types of accounts, registration and administration (camelCase of the spec's fields). */
import { GraphQLJSONObject, GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, InputType, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "Where and how often to poll GET /register/status/{account_id}." })
export class PollInfoType {
  @Field(() => String) url!: string;
  @Field(() => Int) intervalSeconds!: number;
  @Field(() => Int) timeoutSeconds!: number;
}

@InputType({ description: "POST /register: no field required. Neither email nor messengerId → an anonymous key at once." })
export class RegisterInput {
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true, description: "Display name." }) name?: string | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: "Messenger user id (integer)." }) messengerId?: number | null;
}

@ObjectType({ description: "Result of POST /register: anonymous (key at once) or pending (verify by mail or messenger)." })
export class RegistrationType {
  @Field(() => String, { description: "anonymous or pending" }) status!: string;
  @Field(() => String) accountId!: string;
  @Field(() => String, { nullable: true, description: "Anonymous only: the key, shown this once." }) apiKey!: string | null;
  @Field(() => String, { nullable: true }) tier!: string | null;
  @Field(() => Int, { nullable: true }) freeTierDaily!: number | null;
  @Field(() => String, { nullable: true, description: "email or messenger (pending only)" }) channel!: string | null;
  @Field(() => PollInfoType, { nullable: true }) poll!: PollInfoType | null;
  @Field(() => String, { nullable: true, description: "Messenger only: the bot deep link." }) verifyUrl!: string | null;
  @Field(() => String, { nullable: true, description: "When the codes expire (ISO 8601 UTC)." }) expiresAt!: string | null;
  @Field(() => String) message!: string;
}

@ObjectType({ description: "A verified registration: the API key (shown at verification and, for 15 minutes, to polling)." })
export class VerifiedType {
  @Field(() => String) status!: string;
  @Field(() => String) accountId!: string;
  @Field(() => String) apiKey!: string;
  @Field(() => String) tier!: string;
  @Field(() => Int) freeTierDaily!: number;
}

@ObjectType({ description: "GET /register/status/{account_id}: pending, verified (with the key inside the reveal window), expired or anonymous." })
export class RegistrationStatusType {
  @Field(() => String) status!: string;
  @Field(() => String) accountId!: string;
  @Field(() => String, { nullable: true }) apiKey!: string | null;
  @Field(() => PollInfoType, { nullable: true }) poll!: PollInfoType | null;
  @Field(() => String, { nullable: true }) expiresAt!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
}

@ObjectType("Account", { description: "AccountResponse of the spec." })
export class AccountType {
  @Field(() => String, { description: "acc_…" }) accountId!: string;
  @Field(() => String) tier!: string;
  @Field(() => Float, { description: "Credit balance." }) balance!: number;
  @Field(() => Float) planCredits!: number;
  @Field(() => String, { nullable: true }) planType!: string | null;
  @Field(() => String, { nullable: true, description: "ISO 8601 UTC" }) planExpiresAt!: string | null;
  @Field(() => Int, {
    description: "Requests of this account that ran today (UTC day), REST and GraphQL alike, free and paid, this one included; " +
      "refused requests (401, 402, 422, 429) and price-only dry runs are not counted.",
  })
  usageToday!: number;

  @Field(() => Int, { description: "The same count over every day since the account was created." }) usageTotal!: number;
  @Field(() => Int, { description: "Requests per minute." }) rateLimit!: number;
  @Field(() => Int) freeTierDaily!: number;
}

@InputType({ description: "CreditGrantRequest: one of accountId/apiKey; 0 < credits ≤ 1,000,000; reason 1–500 characters." })
export class CreditGrantInput {
  @Field(() => String, { nullable: true }) accountId?: string | null;
  @Field(() => String, { nullable: true }) apiKey?: string | null;
  @Field(() => Float) credits!: number;
  @Field(() => String) reason!: string;
  @Field(() => String, { nullable: true, description: "manual (default), usdc, promo or refund" }) paymentType?: string | null;
  @Field(() => String, { nullable: true, description: "Transaction hash or reference; unique: a replay credits nothing (409)." })
  paymentProof?: string | null;
}

@ObjectType("CreditGrant", { description: "CreditGrantResponse of the spec." })
export class CreditGrantType {
  @Field(() => String) accountId!: string;
  @Field(() => Float) creditsAdded!: number;
  @Field(() => Float) newBalance!: number;
  @Field(() => String) reason!: string;
}

@ObjectType("AdminStats", { description: "GET /admin/stats; the four parts are open maps (the spec shows no shape)." })
export class AdminStatsType {
  @Field(() => GraphQLJSONObject) financials!: Record<string, unknown>;
  @Field(() => GraphQLJSONObject) usage!: Record<string, unknown>;
  @Field(() => GraphQLJSONObject) clients!: Record<string, unknown>;
  @Field(() => GraphQLJSONObject) system!: Record<string, unknown>;
}

@ObjectType({ description: "What the service did with one messenger bot update." })
export class MessagingUpdateResultType {
  @Field(() => Boolean) ok!: boolean;
  @Field(() => Boolean, { description: "Whether this service acted on the update." }) handled!: boolean;
  @Field(() => Boolean, { nullable: true }) verified!: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "Whether the reply reached the chat." }) delivered!: boolean | null;
}
