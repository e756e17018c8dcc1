import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.js";
import { knownMigrations, migrateToLatest } from "../../db/migrate.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const EXPECTED_TABLES = ["accounts", "api_keys", "ledger", "rate_windows", "registrations", "usage_daily"];

describe(`migrations (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase({ fresh: true });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("a fresh database gets every known migration, in order", () => {
    expect(t.kind).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    expect(t.applied).toEqual(knownMigrations());
    expect(t.applied.length).toBeGreaterThan(0);
  });

  it("a second run applies nothing", async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it("creates the account, key, registration, ledger and usage tables and charge_request", async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(t.db);
    const names = tables.rows.map((r) => r.table_name);
    for (const name of EXPECTED_TABLES) expect(names).toContain(name);
    const fn = await sql<{ n: number }>`
      select count(*) as n from pg_proc where proname = 'charge_request'`.execute(t.db);
    expect(fn.rows[0]?.n).toBe(1);
  });

  it("parses bigint as an exact number and date as a YYYY-MM-DD string on both drivers", async () => {
    const r = await sql<{ big: number; day: string; n: number }>`
      select 9007199254740991::bigint as big, date '2026-03-01' as day, count(*) as n
      from (values (1), (2)) v(x)`.execute(t.db);
    expect(r.rows[0]).toEqual({ big: 9007199254740991, day: "2026-03-01", n: 2 });
    await expect(sql`select 9007199254740993::bigint as big`.execute(t.db)).rejects.toThrow(/exact range/);
  });

  it("keeps the ledger append-only", async () => {
    await t.db
      .insertInto("accounts")
      .values({ id: "acc_migtest", status: "anonymous", email: null, messenger_id: null, name: null,
        plan_type: null, plan_expires_at: null, rate_limit: 60, verified_at: null })
      .execute();
    await t.db
      .insertInto("ledger")
      .values({ account_id: "acc_migtest", delta_milli: 1000, reason: "test", reference: null,
        payment_type: "manual", balance_after_milli: 1000 })
      .execute();
    await expect(t.db.deleteFrom("ledger").execute()).rejects.toThrow(/append-only/);
    await expect(t.db.updateTable("ledger").set({ delta_milli: 5 }).execute()).rejects.toThrow(/append-only/);
  });

  it("ping answers true while open", async () => {
    expect(await t.ping()).toBe(true);
  });
});

describe.runIf(!!process.env.DATABASE_URL)("migrations on PostgreSQL, two instances starting at once", () => {
  it("apply each migration exactly once", async () => {
    const base = await openTestDatabase(); // only for a private empty database name
    const url = base.url!;
    await base.close();
    // Empty the private database again so both instances race on a clean schema.
    const wipe = await openDatabase({ databaseUrl: url });
    await sql`drop schema public cascade; `.execute(wipe.db);
    await sql`create schema public`.execute(wipe.db);
    await wipe.close();
    const a = await openDatabase({ databaseUrl: url });
    const b = await openDatabase({ databaseUrl: url });
    try {
      const [ra, rb] = await Promise.all([migrateToLatest(a.db), migrateToLatest(b.db)]);
      expect([...ra, ...rb].sort()).toEqual(knownMigrations());
      const rows = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(a.db);
      expect(rows.rows[0]?.n).toBe(knownMigrations().length);
    } finally {
      await a.close();
      await b.close();
      await base.dispose();
    }
  });
});

describe.runIf(!process.env.DATABASE_URL)("embedded PGlite on disk", () => {
  it("keeps its data and migration state across a reopen", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "vas-pglite-"));
    try {
      const first = await openDatabase({ dataDir: dir });
      expect(await migrateToLatest(first.db)).toEqual(knownMigrations());
      await first.db
        .insertInto("accounts")
        .values({ id: "acc_disk", status: "anonymous", email: null, messenger_id: null, name: null,
          plan_type: null, plan_expires_at: null, rate_limit: 60, verified_at: null })
        .execute();
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      expect(await migrateToLatest(again.db)).toEqual([]);
      const row = await again.db.selectFrom("accounts").select("id").executeTakeFirst();
      expect(row?.id).toBe("acc_disk");
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
