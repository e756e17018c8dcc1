/**
 * The SSRF rule with the test-only opt-out OFF (the default): webhook URLs that are, or resolve
 * to, loopback, private, link-local, CGNAT, unique-local, metadata, multicast or unspecified
 * addresses (IPv4-mapped forms included) are refused at subscribe time, and again at delivery
 * when DNS has changed since. DNS is injected: nothing leaves the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forbiddenAddressReason, resolveAllowedTarget, SsrfRefusal } from "../../src/events/ssrf-guard.js";
import { until } from "../helpers/built-service.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe("forbiddenAddressReason", () => {
  it.each([
    "127.0.0.1", "127.255.0.9", "0.0.0.0", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
    "100.64.0.1", "100.127.255.254", "224.0.0.1", "255.255.255.255", "::", "::1", "fe80::1", "fc00::1", "fd00:ec2::254",
    "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe", "::127.0.0.1", "64:ff9b::10.0.0.1",
  ])("refuses %s", (ip) => {
    expect(forbiddenAddressReason(ip)).toBeDefined();
  });

  it.each(["1.1.1.1", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "93.184.216.34"])("allows %s", (ip) => {
    expect(forbiddenAddressReason(ip)).toBeUndefined();
  });

  it("refuses a host when any one of its addresses is private, and names that cannot be public without asking DNS", async () => {
    const lookupAll = async () => [{ address: "93.184.216.34", family: 4 }, { address: "10.0.0.7", family: 4 }];
    await expect(resolveAllowedTarget("mixed.example.com", { allowPrivate: false, lookupAll })).rejects.toThrow(/10\.0\.0\.7/);
    let asked = false;
    const spy = async () => {
      asked = true;
      return [{ address: "93.184.216.34", family: 4 }];
    };
    for (const host of ["localhost", "api.localhost", "metadata.google.internal", "hooks.example.test", "printer.local"]) {
      await expect(resolveAllowedTarget(host, { allowPrivate: false, lookupAll: spy })).rejects.toBeInstanceOf(SsrfRefusal);
    }
    expect(asked).toBe(false);
  });
});

describe("subscribe and delivery with WEBHOOK_ALLOW_PRIVATE_TARGETS_FOR_TESTS off", () => {
  const ADMIN_KEY = "admin-key-for-ssrf-tests-0123456";
  let server: TestServer;
  // Injected DNS: what "rebind.example.com" resolves to, changed by the test.
  let rebindTo = "93.184.216.34";
  const lookup = async (host: string) => {
    if (host === "rebind.example.com") return [{ address: rebindTo, family: 4 }];
    if (host === "internal.example.com") return [{ address: "192.168.0.10", family: 4 }];
    throw new Error("ENOTFOUND");
  };

  beforeAll(async () => {
    server = await startTestServer({
      env: { ADMIN_KEY, WEBHOOK_POLL_MS: "50", WEBHOOK_RETRY_BACKOFF_MS: "20" },
      appOptions: { accounts: { webhookLookup: lookup } },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  async function post(path: string, body: unknown, headers: Record<string, string>) {
    const res = await fetch(server.baseUrl + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    return { status: res.status, headers: res.headers, json: (await res.json()) as any };
  }
  const key = async () => (await post("/register", {}, {})).json.api_key as string;

  it.each([
    "https://127.0.0.1/hook", "https://localhost:8443/hook", "https://10.1.2.3/hook", "https://169.254.169.254/latest/meta-data",
    "https://[::1]/hook", "https://[::ffff:127.0.0.1]/hook", "https://[fd00:ec2::254]/hook", "https://100.64.1.1/hook",
    "https://internal.example.com/hook", "https://0.0.0.0/hook", "https://nowhere.example.com/hook",
  ])("refuses %s with 422 on url, before anything is charged", async (url) => {
    const r = await post("/webhooks/subscribe", { url, events: ["purnima"] }, { "x-api-key": await key() });
    expect(r.status).toBe(422);
    expect(r.headers.get("x-credits-charged")).toBeNull();
    expect(r.json.detail[0].loc).toEqual(["body", "url"]);
    expect(r.json.detail[0].msg).toMatch(/url refused/);
  });

  it("re-checks at delivery: a host that now resolves to loopback is not called, the attempt fails as refused", async () => {
    const apiKey = await key();
    rebindTo = "93.184.216.34";
    const s = await post("/webhooks/subscribe", { url: "https://rebind.example.com/hook", events: ["amavasya"] }, { "x-api-key": apiKey });
    expect(s.status).toBe(200);
    rebindTo = "127.0.0.1";
    const c = await post("/admin/check-events", { events: [{ type: "amavasya", data: {} }] }, { "x-admin-key": ADMIN_KEY });
    expect(c.json.deliveries_queued).toBe(1);
    const sub = await until("the refused attempts", 15_000, async () => {
      const l = (await (await fetch(`${server.baseUrl}/webhooks`, { headers: { "x-api-key": apiKey } })).json()) as any;
      return l.subscriptions[0].dead_count === 1 ? l.subscriptions[0] : undefined;
    });
    expect(sub.last_error).toMatch(/^refused: the host rebind\.example\.com resolves to 127\.0\.0\.1 \(loopback\)/);
    expect(sub.delivered_count).toBe(0);
  });
});
