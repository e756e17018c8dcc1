/**
 * Payments in GraphQL (the REST checkout, callback and top-up routes run these documents). All
 * free: buying credits costs no credits. Logic: src/payments.
 */
import { GraphQLError } from "graphql";
import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { createPromoCode } from "../../payments/promo-codes.js";
import type { PaymentsService } from "../../payments/payments-service.js";
import { badUserInput } from "../common/input-errors.js";
import { headerOf, mapped, requireAccount, requireAdmin, servicesOf, type AccountContext } from "../account/account-services.js";
import {
  CheckoutInput, CheckoutSessionType, LightningInvoiceType, PaymentCallbackResultType, PromoCodeInput, PromoCodeType,
  PaymentOrderStatusType, PurchaseMethodType, TopupResultType,
} from "./payment-types.js";

function paymentsOf(ctx: AccountContext): PaymentsService {
  const p = servicesOf(ctx).payments;
  if (!p) throw new GraphQLError("Payments are not enabled on this server", { extensions: { code: "NOT_CONFIGURED", http: { status: 503 } } });
  return p;
}

@Resolver()
export class PaymentResolver {
  @Query(() => [PurchaseMethodType], { description: "The purchase methods this deployment serves (an empty list: ask the operator)." })
  purchaseMethods(@Ctx() ctx: AccountContext): PurchaseMethodType[] {
    return paymentsOf(ctx).offeredMethods();
  }

  @Query(() => PaymentOrderStatusType, { nullable: true, description: "GET /payment/success: the state of an order (null if unknown)." })
  async paymentOrderStatus(@Arg("orderId", () => String) orderId: string, @Ctx() ctx: AccountContext): Promise<PaymentOrderStatusType | null> {
    const o = await paymentsOf(ctx).orderStatus(orderId);
    return o ? { orderId: o.order_id, status: o.status, credits: o.credits, plan: o.plan } : null;
  }

  @Mutation(() => CheckoutSessionType, {
    description: "POST /checkout and GET /checkout/…: creates an order and a checkout at the card (merchant_a, else merchant_b) or crypto processor.",
  })
  async checkout(@Arg("input", () => CheckoutInput) input: CheckoutInput, @Ctx() ctx: AccountContext): Promise<CheckoutSessionType> {
    const s = await mapped(() => paymentsOf(ctx).checkout(input));
    return {
      orderId: s.order_id, method: s.method, provider: s.provider, credits: s.credits, plan: s.plan,
      amountUsd: s.amount_usd, checkoutUrl: s.checkout_url,
    };
  }

  @Mutation(() => PaymentCallbackResultType, {
    description: "POST /webhook/{merchant_a,merchant_b,crypto}: the callback's raw body, verified by its HMAC header before it is parsed.",
  })
  async paymentCallback(
    @Arg("provider", () => String) provider: string,
    @Arg("rawBody", () => String) rawBody: string,
    @Ctx() ctx: AccountContext,
  ): Promise<PaymentCallbackResultType> {
    const r = await mapped(() => paymentsOf(ctx).handleCallback(provider, rawBody, (name) => headerOf(ctx, name)));
    return { ok: r.ok, status: r.status, orderId: r.order_id, credits: r.credits };
  }

  @Mutation(() => LightningInvoiceType, { description: "POST /topup/lightning: an invoice of amount sats (default 10000 = 100 credits)." })
  async topupLightning(
    @Arg("amount", () => Int, { nullable: true }) amount: number | null,
    @Ctx() ctx: AccountContext,
  ): Promise<LightningInvoiceType> {
    const account = requireAccount(ctx);
    const i = await mapped(() => paymentsOf(ctx).topupLightning(account.id, amount));
    return { paymentHash: i.payment_hash, paymentRequest: i.payment_request, amountSats: i.amount_sats, credits: i.credits, expiresAt: i.expires_at };
  }

  @Mutation(() => TopupResultType, {
    description: "POST /topup: paymentType lightning (default; paymentHash of a paid invoice) or promo (paymentHash = the promo code).",
  })
  async topup(
    @Arg("paymentHash", () => String) paymentHash: string,
    @Arg("paymentType", () => String, { nullable: true }) paymentType: string | null,
    @Ctx() ctx: AccountContext,
  ): Promise<TopupResultType> {
    const account = requireAccount(ctx);
    const r = await mapped(() => paymentsOf(ctx).topup(account.id, paymentHash, paymentType));
    if (r.new_balance !== null) ctx.balanceAfter = r.new_balance;
    return { paymentType: r.payment_type, creditsAdded: r.credits_added, newBalance: r.new_balance, alreadyCredited: r.already_credited };
  }

  @Mutation(() => PromoCodeType, { description: "POST /admin/promo-codes (operator): a code redeemed with topup(paymentType: promo)." })
  async createPromoCode(@Arg("input", () => PromoCodeInput) input: PromoCodeInput, @Ctx() ctx: AccountContext): Promise<PromoCodeType> {
    const s = requireAdmin(ctx);
    let expiresAt: Date | null = null;
    if (input.expiresAt != null) {
      expiresAt = new Date(input.expiresAt);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(input.expiresAt) || Number.isNaN(expiresAt.getTime())) {
        throw badUserInput("expires_at", "expires_at must be an ISO 8601 date-time");
      }
    }
    const p = await mapped(() => createPromoCode(s.db, {
      code: input.code, credits: input.credits, maxUses: input.maxUses ?? null, expiresAt, now: s.clock(),
    }));
    return { code: p.code, credits: p.credits, maxUses: p.max_uses, uses: p.uses, expiresAt: p.expires_at };
  }
}
