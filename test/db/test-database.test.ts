import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { knownMigrations, migrateToLatest } from "../../db/migrate.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

describe("openTestDatabase", () => {
  let a: TestDatabase;
  let b: TestDatabase;
  beforeAll(async () => {
    [a, b] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([a?.dispose(), b?.dispose()]);
  });

  it("gives a migrated database that needs no further migration", async () => {
    expect(await migrateToLatest(a.db)).toEqual([]);
    const r = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(a.db);
    expect(r.rows.map((x) => x.name)).toEqual(knownMigrations());
  });

  it("gives each caller its own rows", async () => {
    await a.db
      .insertInto("accounts")
      .values({ id: "acc_only_in_a", status: "anonymous", email: null, messenger_id: null, name: null,
        plan_type: null, plan_expires_at: null, rate_limit: 60, verified_at: null })
      .execute();
    const inB = await b.db.selectFrom("accounts").select("id").where("id", "=", "acc_only_in_a").execute();
    expect(inB).toEqual([]);
  });
});
