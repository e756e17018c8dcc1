/**
 * Registration and verification (spec: the registration state table, Authentication §5). Every
 * field is free; the state machine lives in src/accounts/registration.ts.
 */
import { GraphQLJSONObject, GraphQLSafeInt } from "graphql-scalars";
import { GraphQLError } from "graphql";
import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import {
  handleBotUpdate, MESSENGER_SECRET_HEADER, register, registrationStatus, verifyByCode, verifyByToken,
  type BotUpdate, type PollInfo, type VerifiedResponse,
} from "../../accounts/index.js";
import { badUserInput } from "../common/input-errors.js";
import { headerOf, mapped, secretMatches, servicesOf, type AccountContext } from "./account-services.js";
import {
  MessagingUpdateResultType, PollInfoType, RegisterInput, RegistrationStatusType, RegistrationType, VerifiedType,
} from "./account-types.js";

const poll = (p: PollInfo | undefined): PollInfoType | null =>
  p ? { url: p.url, intervalSeconds: p.interval_seconds, timeoutSeconds: p.timeout_seconds } : null;

const verified = (v: VerifiedResponse): VerifiedType => ({
  status: v.status, accountId: v.account_id, apiKey: v.api_key, tier: v.tier, freeTierDaily: v.free_tier_daily,
});

@Resolver()
export class RegistrationResolver {
  @Mutation(() => RegistrationType, {
    description: "POST /register. Anonymous: a key with the free tier at once. email: pending, a mail with a link and a 6-digit PIN (an email that has an account: that account gets a new key). messengerId: pending with a bot link; the bot sends the key, or a 4-digit code after /start. Limited per client address.",
  })
  async register(
    @Arg("input", () => RegisterInput, { nullable: true }) input: RegisterInput | null,
    @Ctx() ctx: AccountContext,
  ): Promise<RegistrationType> {
    const s = servicesOf(ctx);
    const r = await mapped(() =>
      register(s.registration, { email: input?.email ?? null, name: input?.name ?? null, messenger_id: input?.messengerId ?? null },
        ctx.clientAddress),
    );
    if (r.status === "anonymous") {
      return {
        status: r.status, accountId: r.account_id, apiKey: r.api_key, tier: r.tier, freeTierDaily: r.free_tier_daily,
        channel: null, poll: null, verifyUrl: null, expiresAt: null, message: r.message,
      };
    }
    return {
      status: r.status, accountId: r.account_id, apiKey: null, tier: null, freeTierDaily: null, channel: r.channel,
      poll: poll(r.poll), verifyUrl: r.channel === "messenger" ? r.verify_url : null, expiresAt: r.expires_at, message: r.message,
    };
  }

  @Mutation(() => VerifiedType, { description: "GET /verify?token=: the link from the verification mail." })
  async verifyToken(@Arg("token", () => String) token: string, @Ctx() ctx: AccountContext): Promise<VerifiedType> {
    const s = servicesOf(ctx);
    return verified(await mapped(() => verifyByToken(s.registration, token)));
  }

  @Mutation(() => VerifiedType, {
    description: "POST /verify: {email, code} with the 6-digit PIN from the mail, or {messengerId, code} with the 4-digit code.",
  })
  async verifyCode(
    @Arg("code", () => String) code: string,
    @Arg("email", () => String, { nullable: true }) email: string | null,
    @Arg("messengerId", () => GraphQLSafeInt, { nullable: true }) messengerId: number | null,
    @Ctx() ctx: AccountContext,
  ): Promise<VerifiedType> {
    const s = servicesOf(ctx);
    if ((email === null) === (messengerId === null)) {
      throw badUserInput("email", "give exactly one of email or messenger_id with the code");
    }
    const input = email !== null ? { email, code } : { messenger_id: messengerId!, code };
    return verified(await mapped(() => verifyByCode(s.registration, input)));
  }

  @Query(() => RegistrationStatusType, {
    description: "GET /register/status/{account_id}: poll every 5 s for up to 300 s; the key is shown for 15 minutes after verification.",
  })
  async registrationStatus(
    @Arg("accountId", () => String) accountId: string,
    @Ctx() ctx: AccountContext,
  ): Promise<RegistrationStatusType> {
    const s = servicesOf(ctx);
    const r = await mapped(() => registrationStatus(s.registration, accountId));
    return {
      status: r.status,
      accountId: r.account_id,
      apiKey: "api_key" in r ? (r.api_key ?? null) : null,
      poll: "poll" in r ? poll(r.poll) : null,
      expiresAt: "expires_at" in r ? r.expires_at : null,
      message: "message" in r ? (r.message ?? null) : null,
    };
  }

  @Mutation(() => MessagingUpdateResultType, {
    description:
      "POST /webhook/messaging: one bot update, authenticated by the secret header the platform sends. " +
      "A `/start verify_…` message verifies the registration and sends the key to that chat.",
  })
  async messagingUpdate(
    @Arg("update", () => GraphQLJSONObject) update: Record<string, unknown>,
    @Ctx() ctx: AccountContext,
  ): Promise<MessagingUpdateResultType> {
    const s = servicesOf(ctx);
    if (!secretMatches(headerOf(ctx, MESSENGER_SECRET_HEADER), s.botWebhookSecret)) {
      throw new GraphQLError(
        s.botWebhookSecret ? "Invalid or missing webhook secret header" : "The messaging webhook is not configured",
        { extensions: { code: "FORBIDDEN", http: { status: 403 } } },
      );
    }
    // Stars payments (src/payments/stars) first; anything else is registration's.
    const stars = await mapped(async () => (await s.payments?.starsUpdate(update)) ?? { handled: false });
    if (stars.handled) return { ok: true, handled: true, verified: null, delivered: null };
    const outcome = await handleBotUpdate(s.registration, update as BotUpdate);
    if (!outcome.handled) return { ok: true, handled: false, verified: null, delivered: null };
    return { ok: true, handled: true, verified: outcome.verified, delivered: outcome.delivered };
  }
}
