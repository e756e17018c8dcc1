import "reflect-metadata";
import http from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itRaces } from "../helpers/race.js";
import { balanceMilli as balanceOf, fundedAccount } from "../helpers/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * Issue 22 item 2: retries never double-charge. Before, a retried POST /kundali ran and was
 * charged again whatever header it carried.
 */
const ADMIN_KEY = "admin-key-for-the-idempotency-test-0123456789";
let server: TestServer;

const fundedKey = (credits: number) => fundedAccount(server, ADMIN_KEY, credits, { freeUsed: 100 });
const balanceMilli = (id: string) => balanceOf(server, id);

async function holds(id: string): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from charge_holds where account_id = ${id}`.execute(server.database.db)).rows[0]!.n;
}

const KUNDALI = { datetime: "1990-05-15T10:30:00+05:30", latitude: 28.6139, longitude: 77.209 };

function kundali(key: string, idem: string, body: unknown = KUNDALI) {
  return fetch(`${server.baseUrl}/kundali`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": key, "idempotency-key": idem }, body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
}, 180_000);
afterAll(() => server?.close());

describe("Idempotency-Key (Stripe semantics)", () => {
  it("REST: a repeat with the same key and body replays the first answer, marked, and charges nothing", async () => {
    const { key, id } = await fundedKey(20);
    const first = await kundali(key, "order-1");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-credits-charged")).toBe("3");
    const firstBody = await first.text();
    const balance = await balanceMilli(id);
    expect(balance).toBe(17_000);
    const again = await kundali(key, "order-1");
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstBody);
    expect(await balanceMilli(id)).toBe(balance);
    expect(await holds(id)).toBe(1);
  });

  it("REST: the same key with another body → 422, nothing run or charged", async () => {
    const { key, id } = await fundedKey(20);
    expect((await kundali(key, "k-2")).status).toBe(200);
    const other = await kundali(key, "k-2", { ...KUNDALI, latitude: 19.07 });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { detail: string }).detail).toMatch(/another request/);
    expect(await holds(id)).toBe(1);
    expect(await balanceMilli(id)).toBe(17_000);
  });

  it("keys are per account: another account's same key is its own request", async () => {
    const a = await fundedKey(20);
    const b = await fundedKey(20);
    expect((await kundali(a.key, "shared")).status).toBe(200);
    const r = await kundali(b.key, "shared");
    expect(r.status).toBe(200);
    expect(r.headers.get("idempotent-replayed")).toBeNull();
    expect(await balanceMilli(b.id)).toBe(17_000);
  });

  it("POST /graphql: replayed with Idempotent-Replayed: true; a repeat while the first runs → 409 with Retry-After", async () => {
    const { key, id } = await fundedKey(100);
    const query = `{ ${Array.from({ length: 4 }, (_, i) => `y${i}: calendar(year: ${2040 + i}, latitude: 28.6, longitude: 77.2) { festivals { name date } }`).join(" ")} }`;
    // A new connection each (agent: false): an idle keep-alive socket may be closed by the server while the first computes.
    const payload = JSON.stringify({ query });
    const send = () => new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: () => Promise<string> }>((resolve, reject) => {
      const req = http.request(`${server.baseUrl}/graphql`, {
        method: "POST", agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), "x-api-key": key, "idempotency-key": "gql-1" },
      }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: async () => text }));
      });
      req.on("error", reject);
      req.end(payload);
    });
    const first = send();
    // Once the key is claimed and before the answer is stored, a repeat is told to come back.
    for (let i = 0; i < 2000; i++) {
      const r = await sql<{ state: string }>`select state from idempotency_keys where account_id = ${id}`.execute(server.database.db);
      if (r.rows.length > 0) break;
      await new Promise((res) => setTimeout(res, 2));
    }
    const during = await send().catch((e: Error) => { throw new Error(`repeat: ${e.message} ${String((e as { cause?: unknown }).cause)}`); });
    const firstRes = await first.catch((e: Error) => { throw new Error(`first: ${e.message} ${String((e as { cause?: unknown }).cause)}`); });
    const firstBody = await firstRes.text();
    if (during.status === 409) {
      expect(during.headers["retry-after"]).toBe("1");
    } else {
      // The first finished before the repeat was read: then it is the replay.
      expect(during.headers["idempotent-replayed"]).toBe("true");
    }
    expect(firstRes.status).toBe(200);
    const replay = await send().catch((e: Error) => { throw new Error(`replay: ${e.message} ${String((e as { cause?: unknown }).cause)}`); });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(await replay.text()).toBe(firstBody);
    expect(await holds(id)).toBe(1);
    // Four calendar years (40 credits) plus their work surcharge (docs/limits.md), charged once.
    const charged = (JSON.parse(firstBody) as { extensions: { cost: { credits: number } } }).extensions.cost.credits;
    expect(charged).toBeGreaterThanOrEqual(40);
    expect(await balanceMilli(id)).toBe(100_000 - charged * 1000);
  }, 120_000);

  itRaces("50 concurrent repeats of one key → one execution, one charge; the others 409 or a replay", async () => {
    const { key, id } = await fundedKey(20);
    const answers = await Promise.all(Array.from({ length: 50 }, () => kundali(key, "race-1")));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const fresh = answers.filter((a) => a.status === 200 && a.headers.get("idempotent-replayed") === null);
    expect(fresh).toHaveLength(1);
    expect(await holds(id)).toBe(1);
    expect(await balanceMilli(id)).toBe(17_000);
  }, 120_000);
});
