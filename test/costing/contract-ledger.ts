// Stand-in for src/accounts/ledger.ts `chargeRequest` (helper G's; not in the tree when this test
// was written), implementing the documented contract in memory: the free tier first, then the
// balance, all-or-nothing. It lets the plugin's HTTP behaviour be tested end to end; the real
// ledger's transaction and concurrency guarantees are tested with the ledger.
import type { ChargeArgs, ChargeResult } from "../../src/costing/charge.js";

export class ContractLedger {
  readonly balances = new Map<string, number>();
  private readonly freeUsed = new Map<string, number>();
  readonly calls: ChargeArgs[] = [];

  charge = async (args: ChargeArgs): Promise<ChargeResult> => {
    this.calls.push(args);
    const dayKey = `${args.accountId}|${args.now.toISOString().slice(0, 10)}`;
    const used = this.freeUsed.get(dayKey) ?? 0;
    const balanceMilli = this.balances.get(args.accountId) ?? 0;
    if (args.priceMilli === 0) {
      return { ok: true, chargedMilli: 0, balanceMilli, freeRemaining: Math.max(0, args.freeTierDaily - used) };
    }
    if (used < args.freeTierDaily) {
      this.freeUsed.set(dayKey, used + 1);
      return { ok: true, chargedMilli: 0, balanceMilli, freeRemaining: args.freeTierDaily - used - 1 };
    }
    if (balanceMilli < args.priceMilli) {
      return { ok: false, reason: "insufficient_credits", priceMilli: args.priceMilli, balanceMilli, freeRemaining: 0 };
    }
    this.balances.set(args.accountId, balanceMilli - args.priceMilli);
    return { ok: true, chargedMilli: args.priceMilli, balanceMilli: balanceMilli - args.priceMilli, freeRemaining: 0 };
  };
}
