/**
 * The Apollo Server 5 plugin that makes every operation pay (docs/architecture.md §5).
 *
 * After validation and before execution (`didResolveOperation`) it:
 * 0. runs `beforePricing` for every request (document limits when they are not Apollo validation rules);
 * 1. refuses an unknown API key (401 UNAUTHENTICATED);
 * 2. runs `beforeCharge` for an identified caller (the rate limit: 429 before any debit);
 * 3. prices the operation with `priceOperation`;
 * 4. with the dry-run header (`X-Dry-Run: price`) answers the price and stops: nothing runs,
 *    nothing is charged, no key is needed;
 * 5. lets a zero-priced operation through without a key (with a key it is still passed to
 *    `charge` with price 0, so the ledger counts it in usage; `countFreeOperations: false` skips that);
 * 6. refuses a billable operation without a key (401, saying how to get one: POST /register);
 * 7. debits through `charge` (one transaction; the free tier is applied inside) and refuses with
 *    402 INSUFFICIENT_CREDITS — price, balance, free requests left, where to buy — when the
 *    account cannot pay. Throwing here means nothing is executed.
 * Every answer carries `extensions.cost = { credits, price, balance, freeRemaining }` (credits
 * charged, the operation's price, balance after, free requests left today) and the REST headers
 * X-Credits-Charged / X-Credits-Remaining / X-Free-Requests-Remaining on `response.http`, so
 * `executeOperation` callers (the REST layer) get them too.
 *
 * The debit of step 7 is a *hold* (docs/billing.md): the request's `RequestBill` captures it once
 * the answer has been written and releases it when there is none to pay for (an error answer,
 * `data: null`, a client gone, shutdown). The plugin settles /graphql's bills in willSendResponse;
 * the REST handler settles its own (`billSettledByCaller`).
 */
import { GraphQLError } from "graphql";
import {
  HeaderMap,
  type ApolloServerPlugin,
  type GraphQLRequestContextDidResolveOperation,
  type GraphQLRequestListener,
} from "@apollo/server";
import { rateLimitError, rateLimitHeaders } from "../gates/rate-limit.js";
import { DEFAULT_FREE_TIER_DAILY, DEFAULT_FREE_MAX_MILLI, type ChargeFn, type ChargeResult } from "./charge.js";
import { priceOperation, type PriceItem } from "./price.js";
import { RequestBill, type BillCarrier } from "./request-bill.js";
import { clientGone } from "../server/in-flight.js";
import type { SettleFn } from "../accounts/billing-rounds.js";
import { oversizedAnswer, type WorkGate } from "./work-gate.js";
import type { WorkEstimate } from "./work.js";
import { creditsText } from "../accounts/credits.js";

/** The caller as the plugin needs it. */
export interface CostCaller {
  /** The authenticated account (context.account), or null. */
  account: ({ id: string } & Record<string, unknown>) | null;
  /** Whether the request carried an API key at all (so a null account means "unknown key"). */
  keyPresented: boolean;
}

export interface CostPluginOptions<TContext extends object> {
  /** The ledger debit, e.g. `(args) => chargeRequest(db, args)`. */
  charge: ChargeFn;
  /** The clock (injectable for the free tier's UTC-day rollover). */
  now?: () => Date;
  /**
   * Who is calling. Default: `context.account`, and a key counts as presented when the HTTP
   * request has an X-API-Key header or `context.apiKeyPresented === true` (for in-process
   * `executeOperation` callers that pass no HTTP head).
   */
  identify?: (context: TContext, headers: HeaderMap | undefined) => CostCaller;
  /**
   * Runs first, for every request; throw a GraphQLError to refuse (e.g. document limits, 400).
   * Apollo runs all plugins' didResolveOperation hooks concurrently, so a check that must stop
   * the debit belongs here or in `beforeCharge`, not in another plugin.
   */
  beforePricing?: (requestContext: GateContext<TContext>) => void | Promise<void>;
  /** Runs for every identified caller before pricing/charging; throw a GraphQLError to refuse (e.g. 429). */
  beforeCharge?: (
    account: NonNullable<CostCaller["account"]>,
    requestContext: GateContext<TContext>,
  ) => void | Promise<void>;
  /** Pass zero-priced operations of identified callers to `charge` (price 0) for the usage counters. Default true. */
  countFreeOperations?: boolean;
  /** The usage-counter name of an operation. Default: the operation name, else "graphql". */
  endpointOf?: (requestContext: GateContext<TContext>) => string;
  /** Header that asks for the price only; value must be "price". Default "x-dry-run". */
  dryRunHeader?: string;
  /** Prefix for the links in 401/402 messages, e.g. "https://api.example.com". Default: relative paths. */
  baseUrl?: string;
  /**
   * The purchase methods this deployment actually serves, for the 402 body (issue 16: name only
   * what works). Empty: the 402 says that an operator grants credits (POST /admin/grant-credits).
   * Default: none. `buyer`: the refused caller's own key and how many credits it lacks, so that the
   * links carry real values (a link to open, not a template to fill in).
   */
  purchaseMethods?: (buyer?: { apiKey: string; shortfallCredits: number }) => readonly { method: string; how: string }[];
  /**
   * The price ceiling of one request, milli-credits: a dearer operation is refused with 422 before
   * anything runs or is charged (a dry run still answers its price, with the ceiling). Default none.
   */
  maxPriceMilli?: number;
  /** The dearest price a free request covers (passed to `charge`, named in the 402). Default: the ledger's. */
  freeMaxMilli?: number;
  /**
   * Let `charge` take the caller's per-minute rate window in the debit statement (shared by every
   * instance): `rateLimit: true` on every charge, and a dry run of an identified caller takes the
   * window only (`rateOnly`). A `rate_limited` result becomes 429. Default false.
   */
  rateLimitInCharge?: boolean;
  /** Captures or releases holds (the settle batcher). Without it a hold is never settled (unit tests of the gates). */
  settle?: SettleFn;
  /** A settle that failed (its hold is left to the stale-hold sweep). */
  onSettleError?: (err: unknown) => void;
  /**
   * Free requests per client address per UTC day across keys (issue 22 item 7), and the caller's
   * address bucket (IPv4 /32, IPv6 /64). Unset: free requests are counted per account only.
   */
  freePerAddressDaily?: number;
  addressBucketOf?: (context: TContext) => string | undefined;
  /**
   * The work budget and answer-size limit (src/costing/work-gate.ts): refuses with 422 before any
   * charge, adds the work surcharge to the price, and keeps heavy work out of the free tier.
   */
  work?: WorkGate;
  /** The answer-size limit checked after execution (bytes of JSON). Default: none. */
  maxResponseBytes?: number;
}

/** The part of Apollo's request context the gates read and write (REST's direct path builds the same). */
export type GateContext<TContext extends object> = Pick<
  GraphQLRequestContextDidResolveOperation<TContext>,
  "schema" | "document" | "operation" | "operationName" | "contextValue"
> & {
  readonly request: { readonly variables?: Record<string, unknown>; readonly http?: { readonly headers: HeaderMap } };
  readonly response: { readonly http: { readonly headers: HeaderMap } };
  /**
   * The variables already coerced against the operation's definitions, when the caller did it
   * (the direct executor coerces first, to refuse bad input before any gate): the gates then read
   * these instead of coercing the same values again. Absent on Apollo's path: each gate coerces.
   */
  readonly coercedVariables?: Record<string, unknown>;
};

/** What the gates decided for a request that may go on: the cost report, and whether it was a dry run. */
export interface GateResult {
  readonly report: CostReport;
  readonly dryRun: boolean;
  /** The request's charge to capture or release; absent when nothing was charged or counted. */
  readonly bill?: RequestBill;
  /** The work estimate, when a work gate is configured. */
  readonly estimate?: WorkEstimate;
}

/** What `extensions.cost` holds. Credits as numbers (milli / 1000). */
export interface CostReport {
  /** Credits charged for this request (0 when the free tier paid or the price is 0). */
  credits: number;
  /** The operation's price. */
  price: number;
  /** Balance after the request; null when there is no account or nothing was looked up. */
  balance: number | null;
  /** Free requests left today; null when not known (no account, or nothing billable). */
  freeRemaining: number | null;
  /** Present on a dry run: the price's breakdown; nothing was run or charged. */
  dryRun?: true;
  /** On a dry run with a price ceiling: the ceiling (a dearer operation would be refused with 422). */
  ceiling?: number;
  /** On a dry run with a work gate: the estimated work units and the per-request budget. */
  work?: number;
  breakdown?: Array<Omit<PriceItem, "milli"> & { credits: number }>;
}

export const COST_HEADERS = {
  charged: "x-credits-charged",
  remaining: "x-credits-remaining",
  freeRemaining: "x-free-requests-remaining",
} as const;

const credits = (milli: number): number => milli / 1000;

function defaultIdentify(context: object, headers: HeaderMap | undefined): CostCaller {
  const c = context as { account?: CostCaller["account"] | undefined; apiKeyPresented?: unknown };
  return {
    account: c.account ?? null,
    keyPresented: c.apiKeyPresented === true || Boolean(headers?.get("x-api-key")),
  };
}

function freeTierOf(account: Record<string, unknown>): number {
  const v = account.freeTierDaily ?? account.free_tier_daily;
  return typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : DEFAULT_FREE_TIER_DAILY;
}

/** Sets X-Credits-* from a cost report. */
export function setCostHeaders(h: HeaderMap, r: CostReport): void {
  h.set(COST_HEADERS.charged, String(r.credits));
  if (r.balance !== null) h.set(COST_HEADERS.remaining, String(r.balance));
  if (r.freeRemaining !== null) h.set(COST_HEADERS.freeRemaining, String(r.freeRemaining));
}

/**
 * The gates every priced request passes, for /graphql (through the plugin below) and for the REST
 * routes' direct path alike — one code path, so both faces refuse, price, charge and report the
 * same way. Throws the refusal as a GraphQLError with `extensions.http.status`; otherwise returns
 * the cost report (headers already set on `rc.response.http.headers`).
 */
export function createCostGates<TContext extends object>(options: CostPluginOptions<TContext>) {
  const now = options.now ?? (() => new Date());
  const identify = options.identify ?? defaultIdentify;
  const dryRunHeader = (options.dryRunHeader ?? "x-dry-run").toLowerCase();
  const base = options.baseUrl ?? "";
  const countFree = options.countFreeOperations ?? true;
  const endpointOf = options.endpointOf ?? ((rc: GateContext<TContext>) => rc.operationName ?? "graphql");
  const maxPrice = options.maxPriceMilli;
  const freeMax = options.freeMaxMilli ?? DEFAULT_FREE_MAX_MILLI;
  const rateInCharge = options.rateLimitInCharge === true;

  const unauthenticated = (message: string, extra: Record<string, unknown>) =>
    new GraphQLError(message, { extensions: { code: "UNAUTHENTICATED", ...extra, http: { status: 401 } } });

  /** The rate window's headers on every answer of an identified caller; 429 when refused. */
  const applyRate = (rc: GateContext<TContext>, result: ChargeResult): void => {
    if (!result.rate) return;
    const d = { ok: !(result.ok === false && result.reason === "rate_limited"), ...result.rate };
    for (const [k, v] of Object.entries(rateLimitHeaders(d))) rc.response.http.headers.set(k, v);
    if (!d.ok) throw rateLimitError(d);
  };

  return async function gate(rc: GateContext<TContext>): Promise<GateResult> {
    if (options.beforePricing) await options.beforePricing(rc);
    const headers = rc.request.http?.headers;
    const caller = identify(rc.contextValue, headers);
    if (caller.keyPresented && !caller.account) {
      throw unauthenticated(
        `Unknown API key. Check the X-API-Key header, or get a new key with POST ${base}/register.`,
        { getKey: `POST ${base}/register` },
      );
    }
    if (caller.account && options.beforeCharge) {
      await options.beforeCharge(caller.account, rc);
    }

    let price;
    const dryRun = headers?.get(dryRunHeader)?.trim().toLowerCase() === "price";
    try {
      price = priceOperation(rc.schema, rc.document, rc.request.variables, rc.operationName, { coerced: rc.coercedVariables });
    } catch (err) {
      if (err instanceof GraphQLError) {
        throw new GraphQLError(err.message, { extensions: { ...err.extensions, http: { status: 400 } } });
      }
      throw err;
    }
    // Over the work budget or the size limit: 422 before any charge (the variables coerced above).
    const verdict = options.work?.(rc, { dryRun });
    if (verdict && verdict.surchargeMilli > 0) {
      const s = verdict.surchargeMilli;
      price = { milli: price.milli + s, breakdown: [...price.breakdown, { kind: "work" as const, path: "", coordinate: "work", milli: s }] };
    }
    const estimate = verdict?.estimate;
    const freeMaxHere = verdict && !verdict.freeCovers ? 0 : freeMax;
    const account = caller.account;
    const bucket = options.freePerAddressDaily !== undefined ? options.addressBucketOf?.(rc.contextValue) : undefined;
    const chargeArgs = (priceMilli: number) => ({
      accountId: account!.id, priceMilli, freeTierDaily: freeTierOf(account!), now: now(), endpoint: endpointOf(rc),
      freeMaxMilli: freeMaxHere, ...(rateInCharge ? { rateLimit: true } : {}),
      ...(bucket !== undefined ? { addressBucket: bucket, freePerAddressDaily: options.freePerAddressDaily } : {}),
    });

    if (dryRun) {
      if (account && rateInCharge) applyRate(rc, await options.charge({ ...chargeArgs(0), rateOnly: true }));
      const report: CostReport = {
        credits: 0,
        price: credits(price.milli),
        balance: null,
        freeRemaining: null,
        dryRun: true,
        ...(maxPrice !== undefined ? { ceiling: credits(maxPrice) } : {}),
        ...(estimate ? { work: estimate.work } : {}),
        breakdown: price.breakdown.map(({ milli, ...item }) => ({ ...item, credits: credits(milli) })),
      };
      setCostHeaders(rc.response.http.headers, report);
      return { report, dryRun: true, estimate };
    }

    if (maxPrice !== undefined && price.milli > maxPrice) {
      throw new GraphQLError(
        `This operation costs ${creditsText(credits(price.milli))}, above the ceiling of ${creditsText(credits(maxPrice))} per request; ` +
          `nothing was run or charged. Split it into smaller requests.`,
        { extensions: { code: "PRICE_ABOVE_CEILING", price: credits(price.milli), ceiling: credits(maxPrice), http: { status: 422 } } },
      );
    }

    if (price.milli === 0) {
      let report: CostReport = { credits: 0, price: 0, balance: null, freeRemaining: null };
      if (account && countFree) {
        const counted = await options.charge(chargeArgs(0));
        applyRate(rc, counted);
        report = { ...report, balance: credits(counted.balanceMilli), freeRemaining: counted.freeRemaining };
      }
      setCostHeaders(rc.response.http.headers, report);
      return { report, dryRun: false, estimate };
    }

    if (!account) {
      throw unauthenticated(
        `This operation costs ${creditsText(credits(price.milli))} and needs an API key in the X-API-Key header. ` +
          `Get one instantly with POST ${base}/register (an empty JSON body gives an anonymous key with ` +
          `${DEFAULT_FREE_TIER_DAILY} free requests a day; add an email to be able to recover it).`,
        { price: credits(price.milli), getKey: `POST ${base}/register` },
      );
    }

    const result = await options.charge(chargeArgs(price.milli));
    applyRate(rc, result);
    if (!result.ok) {
      const r: CostReport = {
        credits: 0,
        price: credits(price.milli),
        balance: credits(result.balanceMilli),
        freeRemaining: result.freeRemaining,
      };
      setCostHeaders(rc.response.http.headers, r);
      const why = r.freeRemaining !== null && r.freeRemaining > 0 && freeMaxHere === 0
        ? "free requests do not cover work beyond the included amount (docs/limits.md)"
        : r.freeRemaining !== null && r.freeRemaining > 0 && price.milli > freeMax
        ? `free requests cover at most ${creditsText(credits(freeMax))}`
        : "no free requests are left today";
      const apiKey = headers?.get("x-api-key")?.trim() || (rc.contextValue as { apiKey?: unknown }).apiKey;
      const buyer = typeof apiKey === "string" && apiKey !== ""
        ? { apiKey, shortfallCredits: Math.max(0, r.price - (r.balance ?? 0)) } : undefined;
      const methods = options.purchaseMethods?.(buyer) ?? [];
      const howToBuy = methods.length > 0
        ? `Buy credits: ${methods.map((m) => `${m.method}: ${m.how}`).join("; ")}.`
        : `This deployment sells no credits online: the operator grants them with POST ${base}/admin/grant-credits ` +
          `(ask for credits or a promo code, redeemed with POST ${base}/topup).`;
      throw new GraphQLError(
        `Insufficient credits: this operation costs ${creditsText(r.price)}, your balance is ${creditsText(r.balance)} ` +
          `and ${why}. ${howToBuy}`,
        {
          extensions: {
            code: "INSUFFICIENT_CREDITS",
            price: r.price,
            balance: r.balance,
            freeRemaining: r.freeRemaining,
            freeMaxCredits: credits(freeMax),
            buyCredits: methods.length > 0
              ? Object.fromEntries(methods.map((m) => [m.method, m.how]))
              : { grant: `POST ${base}/admin/grant-credits (operator)` },
            http: { status: 402 },
          },
        },
      );
    }
    const report: CostReport = {
      credits: credits(result.chargedMilli),
      price: credits(price.milli),
      balance: credits(result.balanceMilli),
      freeRemaining: result.freeRemaining,
    };
    setCostHeaders(rc.response.http.headers, report);
    const carrier = rc.contextValue as BillCarrier;
    const bill = new RequestBill(result.holdId ?? null, result.chargedMilli, options.settle, now,
      options.onSettleError ?? (() => {}), carrier.httpResponse);
    carrier.bill = bill;
    return { report, dryRun: false, bill, estimate };
  };
}

/**
 * The report after the operation ran: a resolver that changed the caller's balance (a top-up) left
 * the new balance on the context (`balanceAfter`), and the report and X-Credits-Remaining say it.
 */
export function withBalanceAfter(contextValue: object, report: CostReport, headers?: HeaderMap): CostReport {
  const after = (contextValue as { balanceAfter?: unknown }).balanceAfter;
  if (typeof after !== "number" || !Number.isFinite(after)) return report;
  const updated: CostReport = { ...report, balance: after };
  if (headers) setCostHeaders(headers, updated);
  return updated;
}

/**
 * Settles a bill for an answer that will not be written as paid (an error, `data: null`): releases
 * the hold and rewrites the cost report and headers to say nothing was charged.
 */
export async function releaseForError(bill: RequestBill | undefined, report: CostReport | undefined, headers?: HeaderMap): Promise<CostReport | undefined> {
  if (!bill) return report;
  const outcome = await bill.release();
  if (!report || outcome !== "released") return report;
  // A request the free tier covered (price > 0, nothing charged) gets its free slot back.
  const freeBack = report.credits === 0 && report.price > 0 && report.freeRemaining !== null ? 1 : 0;
  const refunded: CostReport = {
    ...report, credits: 0, balance: report.balance === null ? null : report.balance + report.credits,
    freeRemaining: report.freeRemaining === null ? null : report.freeRemaining + freeBack,
  };
  if (headers) setCostHeaders(headers, refunded);
  return refunded;
}

/**
 * The one settle decision of an answer, on Apollo's path and the direct executor's alike
 * (docs/billing.md): its hold is released when the answer failed or its client left, else
 * captured once the body has been written. Returns the report to answer with (refunded when
 * released). A bill its caller settles itself (REST) is left alone.
 */
export async function settleAnswer(carrier: BillCarrier, report: CostReport | undefined, headers: HeaderMap, failed: boolean): Promise<CostReport | undefined> {
  const bill = carrier.bill;
  if (!bill || carrier.billSettledByCaller) return report;
  if (failed || await clientGone(carrier.httpResponse)) return releaseForError(bill, report, headers);
  bill.captureOnceWritten(carrier.httpResponse);
  return report;
}

/** Whether a GraphQL answer is no answer: errors and no data (or only null root fields). */
export function answerFailed(data: Record<string, unknown> | null | undefined, errors: readonly unknown[] | undefined, status?: number): boolean {
  if (status !== undefined && status >= 400) return true;
  if (!errors || errors.length === 0) return data === null;
  return !data || Object.values(data).every((v) => v === null);
}

export type CostGate<TContext extends object> = ReturnType<typeof createCostGates<TContext>>;

export function createCostPlugin<TContext extends object>(
  options: CostPluginOptions<TContext>, gate: CostGate<TContext> = createCostGates(options),
): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart(): Promise<GraphQLRequestListener<TContext>> {
      let report: CostReport | undefined;
      let dryRun = false;
      let estimate: WorkEstimate | undefined;
      return {
        async didResolveOperation(rc) {
          ({ report, dryRun, estimate } = await gate(rc as unknown as GateContext<TContext>));
        },

        async responseForOperation() {
          if (!dryRun || !report) return null;
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: "single", singleResult: { extensions: { cost: report } } } };
        },

        async willSendResponse(rc) {
          if (!report || rc.response.body.kind !== "single") return;
          report = withBalanceAfter(rc.contextValue, report, rc.response.http.headers);
          const single = rc.response.body.singleResult;
          const tooLarge = options.maxResponseBytes !== undefined ? oversizedAnswer(single.data, estimate, options.maxResponseBytes) : null;
          if (tooLarge) {
            single.data = null;
            single.errors = [tooLarge.toJSON()];
            rc.response.http.status = 422;
          }
          const carrier = rc.contextValue as BillCarrier;
          const bill = carrier.bill;
          // Apollo runs the plugins' willSendResponse hooks together: the cost is on the answer before
          // this hook first awaits, so the metrics plugin reads it (a failed answer's as refunded).
          const failedNow = answerFailed(single.data, single.errors, rc.response.http.status);
          single.extensions = { ...single.extensions, cost: failedNow && bill ? { ...report, credits: 0 } : report };
          report = await settleAnswer(carrier, report, rc.response.http.headers, failedNow);
          single.extensions = { ...single.extensions, cost: report };
        },
      };
    },
  };
}
