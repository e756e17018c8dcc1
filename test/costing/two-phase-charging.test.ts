import "reflect-metadata";
import http from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargeRequests, settleHolds } from "../../src/accounts/ledger.js";
import { sweepStaleHolds } from "../../src/costing/stale-holds.js";
import { atOnce, concurrently } from "../helpers/race.js";
import { balanceMilli as balanceOf, fundedAccount, holdStates } from "../helpers/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * Issue 22 items 1 and 5: a caller pays only for answers it received. Each request's price is
 * held before it runs, captured once the answer is written, released when there is none; refused
 * input — polar calendars included — is refused before the hold. On the old main the polar
 * refusals were debited (10 credits for /festivals, 1 for /vrata) and nothing was ever released.
 */
const ADMIN_KEY = "admin-key-for-two-phase-charging-test-0123456789";
let server: TestServer;

const newFundedKey = (credits: number) => fundedAccount(server, ADMIN_KEY, credits);
const balanceMilli = (id: string) => balanceOf(server, id);

async function ledgerOf(id: string): Promise<Array<{ delta: number; reason: string; hold: number | null }>> {
  const r = await sql<{ delta: string; reason: string; hold: string | null }>`
    select delta_milli as delta, reason, hold_id as hold from ledger where account_id = ${id} order by id`.execute(server.database.db);
  return r.rows.map((x) => ({ delta: Number(x.delta), reason: x.reason, hold: x.hold === null ? null : Number(x.hold) }));
}

const holdsOf = (id: string) => holdStates(server, id);

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const KUNDALI = { datetime: "1990-05-15T10:30:00+05:30", latitude: 28.6139, longitude: 77.209 };

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
}, 180_000);
afterAll(() => server?.close());

describe("hold → capture: an answer is paid once it has been written", () => {
  it("POST /kundali: the hold and its capture are in the ledger, the hold is captured, balance = Σ ledger", async () => {
    const { key, id } = await newFundedKey(50);
    // Use up the two free requests first so the third is paid from the balance.
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${server.baseUrl}/kundali`, {
        method: "POST", headers: { "content-type": "application/json", "x-api-key": key }, body: JSON.stringify(KUNDALI),
      });
      expect(r.status).toBe(200);
      await r.json();
    }
    const states = await until(() => holdsOf(id), (s) => s.every((x) => x === "captured"));
    expect(states).toEqual(["captured", "captured", "captured"]);
    const ledger = await until(() => ledgerOf(id), (l) => l.length >= 3);
    const paid = ledger.filter((l) => l.hold !== null);
    expect(paid.map((l) => [l.delta, l.reason])).toEqual([[-3000, "hold Kundali"], [0, "capture Kundali"]]);
    expect(paid[0]!.hold).toBe(paid[1]!.hold);
    expect(await balanceMilli(id)).toBe(ledger.reduce((s, l) => s + l.delta, 0));
    expect(await balanceMilli(id)).toBe(47_000);
  });
});

describe("refused is free: place-dependent checks come before the hold (item 5)", () => {
  it.each([
    ["GET /festivals/2024 at latitude 70", "/festivals/2024?latitude=70&longitude=0"],
    ["GET /vrata/2024/6 at latitude 70", "/vrata/2024/6?latitude=70&longitude=0"],
  ])("%s → 422 naming latitude; no hold, no ledger row, balance unchanged", async (_name, path) => {
    const { key, id } = await newFundedKey(20);
    const before = await balanceMilli(id);
    const r = await fetch(server.baseUrl + path, { headers: { "x-api-key": key } });
    expect(r.status).toBe(422);
    expect(((await r.json()) as { detail: Array<{ loc: string[] }> }).detail[0]!.loc).toEqual(["query", "latitude"]);
    expect(r.headers.get("x-credits-charged")).toBeNull();
    expect(await holdsOf(id)).toEqual([]);
    expect(await ledgerOf(id)).toHaveLength(1); // the grant only
    expect(await balanceMilli(id)).toBe(before);
  });

  it("GraphQL calendar at latitude 89.99 → BAD_USER_INPUT before pricing; nothing held", async () => {
    const { key, id } = await newFundedKey(20);
    const r = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ query: "{ calendar(year: 2024, latitude: 89.99, longitude: 0) { festivals { name } } }" }),
    });
    const body = (await r.json()) as { errors: Array<{ extensions: { code: string; field: string } }>; extensions?: unknown };
    expect(body.errors[0]!.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "latitude" });
    expect(body.extensions).toBeUndefined(); // refused before it was priced
    expect(await holdsOf(id)).toEqual([]);
    expect(await balanceMilli(id)).toBe(20_000);
  });

  it("a latitude with sunrise and sunset every day (60°) is answered and paid as before", async () => {
    const { key, id } = await newFundedKey(30);
    await sql`insert into usage_daily (account_id, day, free_used) values (${id}, ${new Date().toISOString().slice(0, 10)}, 2)`.execute(server.database.db);
    const r = await fetch(`${server.baseUrl}/vrata/2024/6?latitude=60&longitude=10`, { headers: { "x-api-key": key } });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-credits-charged")).toBe("1");
    await r.json();
    expect(await until(() => holdsOf(id), (s) => s[0] === "captured")).toEqual(["captured"]);
  });
});

describe("release: no answer, no charge", () => {
  it("a client that leaves before the answer is written gets its hold released (balance and usage back)", async () => {
    const { key, id } = await newFundedKey(100);
    await sql`insert into usage_daily (account_id, day, free_used) values (${id}, ${new Date().toISOString().slice(0, 10)}, 2)`.execute(server.database.db);
    // Two years of festivals in one operation (inside the work budget, docs/limits.md): long enough to leave during it.
    const aliases = Array.from({ length: 2 }, (_, i) => `y${i}: calendar(year: ${2030 + i}, latitude: 28.6, longitude: 77.2) { festivals { name date } }`);
    const body = JSON.stringify({ query: `{ ${aliases.join(" ")} }` });
    const { port } = new URL(server.baseUrl);
    let answered = false;
    await new Promise<void>((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, path: "/graphql", method: "POST", agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-api-key": key } });
      req.on("error", () => resolve());
      req.on("response", () => { answered = true; resolve(); });
      // Leave as soon as the whole request has been sent: the server admits it (its hold is taken)
      // and computes, and by the time the answer is ready its client is gone. Deterministic: no
      // race between a poll and the computation (the server runs in this process).
      req.end(body, () => {
        req.destroy();
        resolve();
      });
    });
    expect(answered).toBe(false);
    const states = await until(() => holdsOf(id), (s) => s.length === 1 && s[0] !== "held", 60_000);
    expect(states).toEqual(["released"]);
    expect(await balanceMilli(id)).toBe(100_000);
    const ledger = await ledgerOf(id);
    expect(ledger.filter((l) => l.hold !== null).map((l) => [l.delta, l.reason])).toEqual([[-20_000, "hold graphql"], [20_000, "release graphql"]]);
    const usage = await sql<{ requests: number; charged: string }>`
      select requests, charged_milli as charged from usage_daily where account_id = ${id}`.execute(server.database.db);
    expect(usage.rows[0]).toMatchObject({ requests: 0 });
    expect(Number(usage.rows[0]!.charged)).toBe(0);
  }, 120_000);

  it("settle_holds: a release gives back credits, the free slot and the day's usage; a hold settles once", async () => {
    const { id } = await newFundedKey(10);
    const db = server.database.db;
    const now = new Date();
    const [paid, free] = await chargeRequests(db, [
      { accountId: id, priceMilli: 3000, freeTierDaily: 0, now, endpoint: "/kundali" },
      { accountId: id, priceMilli: 3000, freeTierDaily: 1, now, endpoint: "/kundali" },
    ]);
    expect(paid).toMatchObject({ ok: true, chargedMilli: 3000 });
    expect(free).toMatchObject({ ok: true, chargedMilli: 0, freeRemaining: 0 });
    const ids = [paid, free].map((r) => (r as { holdId: number }).holdId);
    expect(await settleHolds(db, ids.map((holdId) => ({ holdId, capture: false, now })))).toEqual(["released", "released"]);
    // Settled already: neither a capture nor a second release changes anything.
    expect(await settleHolds(db, [{ holdId: ids[0]!, capture: true, now }, { holdId: ids[1]!, capture: false, now }]))
      .toEqual(["unchanged", "unchanged"]);
    expect(await balanceMilli(id)).toBe(10_000);
    const usage = await sql<{ requests: number; billable: number; free_used: number }>`
      select requests, billable, free_used from usage_daily where account_id = ${id}`.execute(db);
    expect(usage.rows[0]).toEqual({ requests: 0, billable: 0, free_used: 0 });
    const ledger = await ledgerOf(id);
    expect(ledger.map((l) => l.delta)).toEqual([10_000, -3000, 3000]);
  });
});

describe("stale holds: a process that died leaves holds; the next start releases them exactly once", () => {
  it(`${concurrently(4)} sweeps release each stale hold once; fresh holds stay`, async () => {
    const { id } = await newFundedKey(10);
    const db = server.database.db;
    const old = new Date(Date.now() - 3_600_000);
    const [a, b] = await chargeRequests(db, [
      { accountId: id, priceMilli: 2000, freeTierDaily: 0, now: old, endpoint: "/dasha" },
      { accountId: id, priceMilli: 2000, freeTierDaily: 0, now: old, endpoint: "/dasha" },
    ]);
    const [fresh] = await chargeRequests(db, [{ accountId: id, priceMilli: 1000, freeTierDaily: 0, now: new Date(), endpoint: "/dasha" }]);
    expect([a, b, fresh].every((r) => !(r instanceof Error) && r.ok)).toBe(true);
    expect(await balanceMilli(id)).toBe(5000);
    const released = await atOnce(4, () => sweepStaleHolds({ db, clock: () => new Date(), olderThanMs: 60_000 }));
    expect(released.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(2); // other tests' holds are younger than a minute
    expect(await holdsOf(id)).toEqual(["released", "released", "held"]);
    expect(await balanceMilli(id)).toBe(9000);
    const ledger = await ledgerOf(id);
    expect(ledger.filter((l) => l.reason.startsWith("release")).length).toBe(2);
    expect(ledger.reduce((s, l) => s + l.delta, 0)).toBe(9000);
  });
});
