/** GraphQL types of payments (camelCase of the REST fields; src/payments holds the logic). */
import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "CheckoutRequest: exactly one of credits (one-time) or plan (starter, pro); method card (default) or crypto." })
export class CheckoutInput {
  @Field(() => String) apiKey!: string;
  @Field(() => GraphQLSafeInt, { nullable: true, description: "card: 100, 500, 1000 or 5000; crypto: 10 to 100000" }) credits?: number | null;
  @Field(() => String, { nullable: true, description: "starter (20 USD, 5000 credits a month) or pro (100 USD, 50000)" }) plan?: string | null;
  @Field(() => String, { nullable: true, description: "card (default) or crypto" }) method?: string | null;
}

@ObjectType({ description: "A checkout session at a processor: pay at checkoutUrl; credits arrive with the processor's callback." })
export class CheckoutSessionType {
  @Field(() => String) orderId!: string;
  @Field(() => String, { description: "card or crypto" }) method!: string;
  @Field(() => String, { description: "merchant_a, merchant_b or crypto" }) provider!: string;
  @Field(() => Float) credits!: number;
  @Field(() => String, { nullable: true }) plan!: string | null;
  @Field(() => String, { description: "Price, decimal USD (1 credit = 0.03 USD)." }) amountUsd!: string;
  @Field(() => String) checkoutUrl!: string;
}

@ObjectType({ description: "What a payment callback did." })
export class PaymentCallbackResultType {
  @Field(() => Boolean) ok!: boolean;
  @Field(() => String, { description: "credited, duplicate (a replay: nothing changed), debited (refund), ignored, not_paid" }) status!: string;
  @Field(() => String, { nullable: true }) orderId!: string | null;
  @Field(() => Float, { nullable: true, description: "Credits added (negative: debited)." }) credits!: number | null;
}

@ObjectType({ description: "A Lightning invoice (step 1 of a top-up): pay paymentRequest, then topup(paymentHash)." })
export class LightningInvoiceType {
  @Field(() => String) paymentHash!: string;
  @Field(() => String, { description: "BOLT11 invoice" }) paymentRequest!: string;
  @Field(() => Int) amountSats!: number;
  @Field(() => Float) credits!: number;
  @Field(() => String) expiresAt!: string;
}

@ObjectType({ description: "Result of a top-up (step 2): credits added once per payment." })
export class TopupResultType {
  @Field(() => String) paymentType!: string;
  @Field(() => Float) creditsAdded!: number;
  @Field(() => Float, { nullable: true }) newBalance!: number | null;
  @Field(() => Boolean, { description: "The payment had been credited before; nothing was added now." }) alreadyCredited!: boolean;
}

@InputType({ description: "A promo code: credits per redemption, uses (1 = single-use), optional expiry." })
export class PromoCodeInput {
  @Field(() => String) code!: string;
  @Field(() => Float) credits!: number;
  @Field(() => Int, { nullable: true, description: "default 1" }) maxUses?: number | null;
  @Field(() => String, { nullable: true, description: "ISO 8601" }) expiresAt?: string | null;
}

@ObjectType()
export class PromoCodeType {
  @Field(() => String) code!: string;
  @Field(() => Float) credits!: number;
  @Field(() => Int) maxUses!: number;
  @Field(() => Int) uses!: number;
  @Field(() => String, { nullable: true }) expiresAt!: string | null;
}

@ObjectType({ description: "A purchase method this deployment serves." })
export class PurchaseMethodType {
  @Field(() => String, { description: "card, crypto, lightning or stars" }) method!: string;
  @Field(() => String) how!: string;
}

@ObjectType({ description: "The state of an order (pending until the processor confirms it, then paid)." })
export class PaymentOrderStatusType {
  @Field(() => String) orderId!: string;
  @Field(() => String, { description: "pending, paid, expired, refunded" }) status!: string;
  @Field(() => Float) credits!: number;
  @Field(() => String, { nullable: true }) plan!: string | null;
}
