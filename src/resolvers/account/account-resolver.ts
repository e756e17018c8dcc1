/** GET /account: the caller's AccountResponse. Free. */
import { Ctx, Query, Resolver } from "type-graphql";
import { accountView } from "../../accounts/index.js";
import { mapped, requireAccount, servicesOf, type AccountContext } from "./account-services.js";
import { AccountType } from "./account-types.js";

@Resolver()
export class AccountResolver {
  @Query(() => AccountType, { description: "The account of the X-API-Key (AccountResponse). Free." })
  async account(@Ctx() ctx: AccountContext): Promise<AccountType> {
    const s = servicesOf(ctx);
    const { id } = requireAccount(ctx);
    const v = await mapped(() => accountView(s.db, id, s.clock(), s.freeTierDaily));
    return {
      accountId: v.account_id, tier: v.tier, balance: v.balance, planCredits: v.plan_credits, planType: v.plan_type,
      planExpiresAt: v.plan_expires_at, usageToday: v.usage_today, usageTotal: v.usage_total, rateLimit: v.rate_limit,
      freeTierDaily: v.free_tier_daily,
    };
  }
}
