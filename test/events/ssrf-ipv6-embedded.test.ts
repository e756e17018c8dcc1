/**
 * Issue 22 item 8: the SSRF guard reads every IPv6 form that embeds an IPv4 address — mapped,
 * translated, compatible, NAT64 (well-known and local-use), 6to4, Teredo — and refuses the ones whose
 * IPv4 is private; `https://[::ffff:0:7f00:1]/` (IPv4-translated loopback) passed before.
 */
import { describe, expect, it } from "vitest";
import { forbiddenAddressReason, hostOf, resolveAllowedTarget, SsrfRefusal } from "../../src/events/ssrf-guard.js";

describe("IPv6 forms embedding IPv4", () => {
  it.each([
    "::ffff:0:7f00:1", "::ffff:0:127.0.0.1", "::ffff:0:a00:1", "::ffff:0:169.254.169.254", // translated
    "::ffff:7f00:1", "::ffff:192.168.0.1", // mapped
    "::a00:1", "::192.168.1.1", // compatible
    "64:ff9b::7f00:1", "64:ff9b::169.254.169.254", "64:ff9b:1::a00:1", // NAT64, local-use NAT64
    "2002:7f00:1::", "2002:a00:1::1", "2002:c0a8:101::", // 6to4
    "2001:0:7f00:1::1", "2001:0:4136:e378:8000:63bf:f5ff:fffe", // Teredo: server 127.0.0.1; client ~(f5ff:fffe) = 10.0.0.1
  ])("refuses %s", (ip) => {
    expect(forbiddenAddressReason(ip)).toMatch(/IPv4-embedded/);
  });

  it.each(["::ffff:0:808:808", "64:ff9b::808:808", "2002:808:808::1", "::ffff:8.8.8.8", "2001:0:4136:e378:8000:63bf:f7f7:f7f7"])(
    "allows %s (a public IPv4 inside)", (ip) => {
      expect(forbiddenAddressReason(ip)).toBeUndefined();
    },
  );

  it("a webhook URL https://[::ffff:0:7f00:1]/ is refused before anything is looked up or called", async () => {
    const host = hostOf(new URL("https://[::ffff:0:7f00:1]/"));
    await expect(resolveAllowedTarget(host, { allowPrivate: false, lookupAll: async () => { throw new Error("no DNS for literals"); } }))
      .rejects.toBeInstanceOf(SsrfRefusal);
  });
});
