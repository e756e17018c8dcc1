import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneRateWindows, takeRateWindow } from "../../src/accounts/index.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { atOnce, concurrently } from "../helpers/race.js";

describe(`rate-limit windows in the database (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it(`allows \`limit\` requests per UTC minute, exact over ${concurrently(25)} callers, and resets at the next minute`, async () => {
    const at = new Date("2026-05-01T10:15:42.500Z");
    const decisions = await atOnce(25, () => takeRateWindow(t.db, { accountId: "acc_rl", limit: 10, now: at }));
    expect(decisions.filter((d) => d.ok)).toHaveLength(10);
    expect(decisions.filter((d) => d.ok).map((d) => d.remaining).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(decisions.every((d) => d.resetSeconds === 18 && d.limit === 10)).toBe(true);
    const otherAccount = await takeRateWindow(t.db, { accountId: "acc_other", limit: 10, now: at });
    expect(otherAccount).toMatchObject({ ok: true, remaining: 9 });
    const nextMinute = await takeRateWindow(t.db, { accountId: "acc_rl", limit: 10, now: new Date("2026-05-01T10:16:00.000Z") });
    expect(nextMinute).toEqual({ ok: true, limit: 10, remaining: 9, resetSeconds: 60 });
    expect(await pruneRateWindows(t.db, new Date("2026-05-01T10:16:30Z"))).toBe(2);
    expect(await t.db.selectFrom("rate_windows").select("account_id").execute()).toEqual([{ account_id: "acc_rl" }]);
  });
});
