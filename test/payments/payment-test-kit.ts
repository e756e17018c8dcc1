/** Shared steps of the payment tests: a real server with the given processors, keys, balances, paid calls. */
import { sql } from "kysely";
import { expect } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

export const ADMIN_KEY = "admin-key-for-payment-tests-0123";

export interface PaymentServer extends TestServer {
  /** The injected clock, ms since the epoch; tests move it. */
  clock: { nowMs: number };
}

export async function startPaymentServer(env: Record<string, string>, opts: { planExpirySweepMs?: number } = {}): Promise<PaymentServer> {
  const clock = { nowMs: Date.parse("2026-05-10T12:00:00Z") };
  const server = await startTestServer({
    env: { ADMIN_KEY, ...env },
    // keyCacheMs 0: a plan's new rate limit (or its expiry) shows at the next request.
    appOptions: { accounts: { clock: () => new Date(clock.nowMs), keyCacheMs: 0, planExpirySweepMs: opts.planExpirySweepMs ?? 0 } },
  });
  return Object.assign(server, { clock });
}

export async function newKey(s: TestServer): Promise<{ apiKey: string; accountId: string }> {
  const res = await fetch(`${s.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const body = (await res.json()) as { api_key: string; account_id: string };
  return { apiKey: body.api_key, accountId: body.account_id };
}

export async function account(s: TestServer, apiKey: string): Promise<any> {
  const res = await fetch(`${s.baseUrl}/account`, { headers: { "x-api-key": apiKey } });
  expect(res.status).toBe(200);
  return res.json();
}

export const balanceOf = async (s: TestServer, apiKey: string): Promise<number> => (await account(s, apiKey)).balance;

/** A billable call (1 credit). */
export const paidCall = (s: TestServer, apiKey: string) =>
  fetch(`${s.baseUrl}/ephemeris?date=2024-01-15T10:30:00%2B05:30&planets=sun`, { headers: { "x-api-key": apiKey } });

/** Uses up the day's free requests, so the next billable call needs credits. */
export async function useFreeTier(s: TestServer, apiKey: string): Promise<void> {
  for (let i = 0; i < 2; i++) expect((await paidCall(s, apiKey)).status).toBe(200);
}

/** Ledger rows of an account: count and sum (milli-credits). */
export async function ledgerOf(s: TestServer, accountId: string): Promise<{ rows: number; sumMilli: number }> {
  const r = await sql<{ n: number; s: number }>`
    select count(*)::int as n, coalesce(sum(delta_milli), 0)::bigint as s from ledger where account_id = ${accountId} and delta_milli <> 0`.execute(s.database.db);
  return { rows: Number(r.rows[0]!.n), sumMilli: Number(r.rows[0]!.s) };
}

export async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, { headers: { accept: "application/json", ...headers }, redirect: "manual" });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* html */ }
  return { status: res.status, body, headers: res.headers };
}
