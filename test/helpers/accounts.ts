/**
 * Accounts for billing tests: registered through the API like a caller, credited through the
 * admin route, and read back from the database (balance, holds) to check what moved.
 */
import { sql } from "kysely";
import { expect } from "vitest";
import type { TestServer } from "./server.js";

export interface FundedAccount {
  readonly key: string;
  readonly id: string;
}

/**
 * A registered key with `credits` granted, a per-minute limit out of the way and, with
 * `freeUsed`, today's free requests already used (so every answer is paid from the balance).
 */
export async function fundedAccount(server: TestServer, adminKey: string, credits: number, opts: { freeUsed?: number } = {}): Promise<FundedAccount> {
  const reg = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const { api_key: key, account_id: id } = (await reg.json()) as { api_key: string; account_id: string };
  const db = server.database.db;
  await sql`update accounts set rate_limit = 1000000 where id = ${id}`.execute(db);
  if (opts.freeUsed !== undefined) {
    await sql`insert into usage_daily (account_id, day, free_used) values (${id}, ${new Date().toISOString().slice(0, 10)}, ${opts.freeUsed})
      on conflict (account_id, day) do update set free_used = excluded.free_used`.execute(db);
  }
  if (credits > 0) {
    const g = await fetch(`${server.baseUrl}/admin/grant-credits`, {
      method: "POST", headers: { "content-type": "application/json", "x-admin-key": adminKey },
      body: JSON.stringify({ account_id: id, credits, reason: "test" }),
    });
    expect(g.status).toBe(200);
  }
  return { key, id };
}

export async function balanceMilli(server: TestServer, id: string): Promise<number> {
  const r = await sql<{ b: string }>`select balance_milli as b from accounts where id = ${id}`.execute(server.database.db);
  return Number(r.rows[0]!.b);
}

/** The states of the account's holds, oldest first. */
export async function holdStates(server: TestServer, id: string): Promise<string[]> {
  const r = await sql<{ state: string }>`select state from charge_holds where account_id = ${id} order by id`.execute(server.database.db);
  return r.rows.map((x) => x.state);
}
