import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressBucket } from "../../src/accounts/address-bucket.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * Issue 22 row 6 / item 7: the free tier is per person, not per key. Before, every registration
 * brought 2 free requests (20 registrations an hour per address: 400 free credits an hour), and an
 * IPv6 /64 was unbounded. Now free requests are also counted per client address (IPv4 /32,
 * IPv6 /64) per UTC day across keys (FREE_REQUESTS_PER_ADDRESS_DAILY), and registrations are
 * limited per /64. Client addresses come from X-Forwarded-For through one trusted proxy hop.
 */
describe("addressBucket", () => {
  it.each([
    ["198.51.100.7", "198.51.100.7"],
    ["::ffff:198.51.100.7", "198.51.100.7"],
    ["2001:db8:1:2::a", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0:0:0:1", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["not an address", "not an address"],
  ])("%s → %s", (address, bucket) => {
    expect(addressBucket(address)).toBe(bucket);
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { FREE_REQUESTS_PER_ADDRESS_DAILY: "3", TRUST_PROXY_HOPS: "1", REGISTER_LIMIT_PER_HOUR: "2" },
    appOptions: { accounts: {} },
  });
}, 180_000);
afterAll(() => server?.close());

async function register(from: string): Promise<{ status: number; key?: string }> {
  const r = await fetch(`${server.baseUrl}/register`, {
    method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": from }, body: "{}",
  });
  const body = (await r.json()) as { api_key?: string };
  return { status: r.status, key: body.api_key };
}

async function paidCall(key: string, from: string): Promise<{ status: number; charged: string | null }> {
  const r = await fetch(`${server.baseUrl}/kundali`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": key, "x-forwarded-for": from },
    body: JSON.stringify({ datetime: "1990-05-15T10:30:00+05:30", latitude: 28.6, longitude: 77.2 }),
  });
  await r.text();
  return { status: r.status, charged: r.headers.get("x-credits-charged") };
}

describe("free requests per address, across keys", () => {
  it("three free requests a day from one IPv6 /64 whatever the key or interface id; another /64 has its own", async () => {
    const a = (await register("2001:db8:aa:1::1")).key!;
    const b = (await register("2001:db8:aa:1::2")).key!;
    const other = (await register("2001:db8:aa:2::1")).key!;
    expect([a, b, other].every(Boolean)).toBe(true);
    // Key a: its 2 free requests. Key b from a sibling address: 1 free, then the address's 3 are used.
    expect(await paidCall(a, "2001:db8:aa:1::1")).toEqual({ status: 200, charged: "0" });
    expect(await paidCall(a, "2001:db8:aa:1::1")).toEqual({ status: 200, charged: "0" });
    expect(await paidCall(b, "2001:db8:aa:1::99")).toEqual({ status: 200, charged: "0" });
    // b still has a free request of its own, but its /64 has none left: it must pay (no balance → 402).
    expect((await paidCall(b, "2001:db8:aa:1::5")).status).toBe(402);
    // The other /64 is another person.
    expect(await paidCall(other, "2001:db8:aa:2::1")).toEqual({ status: 200, charged: "0" });
  });

  it("a 402 or refusal does not use the address's free requests (IPv4 /32)", async () => {
    const k1 = (await register("203.0.113.5")).key!;
    const k2 = (await register("203.0.113.5")).key!;
    expect(await paidCall(k1, "203.0.113.5")).toEqual({ status: 200, charged: "0" });
    expect(await paidCall(k1, "203.0.113.5")).toEqual({ status: 200, charged: "0" });
    expect(await paidCall(k2, "203.0.113.5")).toEqual({ status: 200, charged: "0" });
    expect((await paidCall(k2, "203.0.113.5")).status).toBe(402);
    // A neighbour /32 is another client.
    const k3 = (await register("203.0.113.6")).key!;
    expect(await paidCall(k3, "203.0.113.6")).toEqual({ status: 200, charged: "0" });
  });
});

describe("registrations per IPv6 /64", () => {
  it("REGISTER_LIMIT_PER_HOUR counts a /64 as one client: rotating the interface id does not get more keys", async () => {
    expect((await register("2001:db8:bb:7::1")).status).toBe(200);
    expect((await register("2001:db8:bb:7::2")).status).toBe(200);
    expect((await register("2001:db8:bb:7:1234:5678:9abc:def0")).status).toBe(429);
    expect((await register("2001:db8:bb:8::1")).status).toBe(200);
  });
});
