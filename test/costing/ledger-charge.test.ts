// The cost plugin on the real ledger (src/accounts/ledger.ts chargeRequest, one SQL transaction)
// over the test database (PGlite, or PostgreSQL when DATABASE_URL is set), in-process through
// executeOperation as the REST layer calls it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApolloServer } from "@apollo/server";
import { sql } from "kysely";
import { createAccount } from "../../src/accounts/accounts-repo.js";
import { chargeRequest, creditAccount } from "../../src/accounts/ledger.js";
import { createCostPlugin } from "../../src/costing/cost-plugin.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { buildPricedSchema, resolverCalls } from "./priced-schema.js";
import { itRaces } from "../helpers/race.js";

interface Ctx {
  account: ({ id: string } & Record<string, unknown>) | null;
}

let tdb: TestDatabase;
let apollo: ApolloServer<Ctx>;
let clockMs = Date.UTC(2026, 10, 22, 23, 59, 0);

beforeAll(async () => {
  tdb = await openTestDatabase();
  apollo = new ApolloServer<Ctx>({
    schema: await buildPricedSchema(),
    plugins: [createCostPlugin<Ctx>({ charge: (args) => chargeRequest(tdb.db, args), now: () => new Date(clockMs) })],
  });
  await apollo.start();
});
afterAll(async () => {
  await apollo?.stop();
  await tdb?.dispose();
});

const EPHEMERIS = `{ ephemeris }`; // 1 credit

async function newAccount(credits: number) {
  const acc = await createAccount(tdb.db, { status: "anonymous", now: new Date(clockMs) });
  if (credits > 0) {
    await creditAccount(tdb.db, { accountId: acc.id, deltaMilli: credits * 1000, reason: "test", paymentType: "manual", now: new Date(clockMs) });
  }
  return { id: acc.id, tier: acc.tier, rate_limit: acc.rate_limit };
}

async function run(account: Ctx["account"], query = EPHEMERIS) {
  const res = await apollo.executeOperation({ query }, { contextValue: { account } });
  if (res.body.kind !== "single") throw new Error("incremental");
  return { status: res.http.status ?? 200, headers: res.http.headers, result: res.body.singleResult };
}

const balanceOf = async (id: string) =>
  (await tdb.db.selectFrom("accounts").select("balance_milli").where("id", "=", id).executeTakeFirstOrThrow()).balance_milli;
const ledgerSum = async (id: string) =>
  Number((await sql<{ s: string }>`select coalesce(sum(delta_milli), 0) as s from ledger where account_id = ${id}`.execute(tdb.db)).rows[0]!.s);

describe("costing on the real ledger", () => {
  it("two free requests a day, then the price is debited, then 402 with nothing run or charged", async () => {
    const acc = await newAccount(1);
    expect((await run(acc)).result.extensions?.cost).toEqual({ credits: 0, price: 1, balance: 1, freeRemaining: 1 });
    expect((await run(acc)).result.extensions?.cost).toEqual({ credits: 0, price: 1, balance: 1, freeRemaining: 0 });
    const paid = await run(acc);
    expect(paid.result.extensions?.cost).toEqual({ credits: 1, price: 1, balance: 0, freeRemaining: 0 });
    expect(paid.headers.get("x-credits-remaining")).toBe("0");

    const calls = resolverCalls.total;
    const refused = await run(acc);
    expect(refused.status).toBe(402);
    expect(refused.result.errors?.[0]?.extensions).toMatchObject({ code: "INSUFFICIENT_CREDITS", price: 1, balance: 0 });
    expect(resolverCalls.total).toBe(calls);
    expect(await balanceOf(acc.id)).toBe(0);
    expect(await ledgerSum(acc.id)).toBe(0);
  });

  it("the free tier starts again after UTC midnight (injected clock)", async () => {
    clockMs = Date.UTC(2026, 10, 22, 23, 59, 0);
    const acc = await newAccount(0);
    await run(acc);
    await run(acc);
    expect((await run(acc)).status).toBe(402);
    clockMs = Date.UTC(2026, 10, 23, 0, 0, 1);
    const next = await run(acc);
    expect(next.status).toBe(200);
    expect(next.result.extensions?.cost).toMatchObject({ credits: 0, freeRemaining: 1 });
  });

  itRaces("with N credits, 10×N concurrent billable calls: exactly N succeed and the ledger sums to the balance", async () => {
    const N = 3;
    const acc = await newAccount(N);
    await run(acc); // use up the free tier first
    await run(acc);
    const calls = resolverCalls.total;
    const results = await Promise.all(Array.from({ length: 10 * N }, () => run(acc)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(ok).toHaveLength(N);
    expect(refused).toHaveLength(9 * N);
    expect(ok.every((r) => r.result.extensions?.cost && (r.result.extensions.cost as { credits: number }).credits === 1)).toBe(true);
    expect(resolverCalls.total - calls).toBe(N); // refused operations executed nothing
    expect(await balanceOf(acc.id)).toBe(0);
    expect(await ledgerSum(acc.id)).toBe(0);
  });

  it("usage counts every request per operation name, free ones with price 0", async () => {
    const acc = await newAccount(5);
    await run(acc, `query Ping { health }`);
    await run(acc, `query Eph { ephemeris }`);
    const usage = await tdb.db.selectFrom("usage_daily").selectAll().where("account_id", "=", acc.id).executeTakeFirstOrThrow();
    expect(usage.requests).toBe(2);
    expect(usage.billable).toBe(1);
    expect(usage.free_used).toBe(1);
    expect(usage.endpoints).toEqual({ Ping: 1, Eph: 1 });
  });
});
