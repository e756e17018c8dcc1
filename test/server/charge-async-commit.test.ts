/**
 * Migration 0003: the per-request debit (charge_request) turns synchronous_commit off for its own
 * transaction only; the session and every other transaction (grants) keep the server's setting.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargeRequest, createAccount, grantCredits } from "../../src/accounts/index.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const T0 = new Date("2026-03-10T12:00:00Z");

describe(`charge_request commits asynchronously, alone (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => t?.dispose());

  it("sets synchronous_commit = off inside the debit's transaction and nowhere else", async () => {
    const id = (await createAccount(t.db, { status: "anonymous", now: T0 })).id;
    await grantCredits(t.db, { accountId: id, credits: 5, reason: "async commit test", now: T0 });
    const show = async (db: typeof t.db) =>
      (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]!.synchronous_commit;

    const before = await show(t.db);
    expect(before).toBe("on");
    const inside = await t.db.transaction().execute(async (trx) => {
      const r = await sql<{ ok: boolean }>`
        select ok from charge_request(${id}, '2026-03-10'::date, 1000::bigint, 0, 'test', 'request test', ${T0}::timestamptz)`.execute(trx);
      expect(r.rows[0]!.ok).toBe(true);
      return show(trx);
    });
    expect(inside).toBe("off");
    // The pool may hand out the same connection: the setting ended with that transaction.
    for (let i = 0; i < 5; i++) expect(await show(t.db)).toBe("on");

    const charged = await chargeRequest(t.db, { accountId: id, priceMilli: 1000, freeTierDaily: 0, now: T0 });
    expect(charged).toMatchObject({ ok: true, chargedMilli: 1000, balanceMilli: 3000 });
    for (let i = 0; i < 5; i++) expect(await show(t.db)).toBe("on");
  });
});
