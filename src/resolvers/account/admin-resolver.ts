/** The operator's fields (X-Admin-Key; disabled without ADMIN_KEY): credit grants and statistics. Free. */
import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { accountStats, grantCredits } from "../../accounts/index.js";
import { paymentFinancials } from "../../payments/payment-stats.js";
import { mapped, requireAdmin, type AccountContext } from "./account-services.js";
import { AdminStatsType, CreditGrantInput, CreditGrantType } from "./account-types.js";

@Resolver()
export class AdminResolver {
  @Mutation(() => CreditGrantType, {
    description: "POST /admin/grant-credits. payment_proof is a unique reference: the same proof never credits twice (409).",
  })
  async grantCredits(
    @Arg("input", () => CreditGrantInput) input: CreditGrantInput,
    @Ctx() ctx: AccountContext,
  ): Promise<CreditGrantType> {
    const s = requireAdmin(ctx);
    const r = await mapped(() =>
      grantCredits(s.db, {
        accountId: input.accountId ?? null, apiKey: input.apiKey ?? null, credits: input.credits, reason: input.reason,
        paymentType: input.paymentType ?? undefined, paymentProof: input.paymentProof ?? null, now: s.clock(),
      }),
    );
    return { accountId: r.account_id, creditsAdded: r.credits_added, newBalance: r.new_balance, reason: r.reason };
  }

  @Query(() => AdminStatsType, { description: "GET /admin/stats: financials, usage, clients, system." })
  async adminStats(@Ctx() ctx: AccountContext): Promise<AdminStatsType> {
    const s = requireAdmin(ctx);
    const [stats, payments] = await Promise.all([accountStats(s.db, s.clock()), paymentFinancials(s.db, s.clock())]);
    const mem = process.memoryUsage();
    return {
      financials: { ...stats.financials, ...payments },
      usage: stats.usage,
      clients: stats.clients,
      system: {
        uptime_seconds: Math.round((Date.now() - s.system.startedAt.getTime()) / 1000),
        memory: { rss_bytes: mem.rss, heap_used_bytes: mem.heapUsed },
        database: { kind: s.system.databaseKind, reachable: await s.system.ping() },
        node_version: process.version,
      },
    };
  }
}
