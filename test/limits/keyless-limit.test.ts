import type { IncomingMessage } from "node:http";
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { countSelections } from "../../src/gates/document-size.js";
import { isKeylessWork, keylessLimit } from "../../src/gates/keyless-limit.js";

const req = (url: string, headers: Record<string, string> = {}, remote = "192.0.2.9") =>
  ({ url, originalUrl: url, headers, socket: { remoteAddress: remote } }) as unknown as IncomingMessage;

describe("keyless limit", () => {
  it("covers /graphql and dry runs, not other keyless REST calls", () => {
    expect(isKeylessWork(req("/graphql?x=1"))).toBe(true);
    expect(isKeylessWork(req("/panchanga", { "x-dry-run": "price" }))).toBe(true);
    expect(isKeylessWork(req("/register"))).toBe(false);
    expect(isKeylessWork(req("/health"))).toBe(false);
  });
  it("refuses past the limit in one clock minute with 429, and 0 turns it off", () => {
    let now = 60_000 * 1000 + 5_000;
    const take = keylessLimit({ perMinute: 2, addressOf: (r) => r.socket.remoteAddress!, nowMs: () => now });
    take(req("/graphql"));
    take(req("/graphql"));
    expect(() => take(req("/graphql"))).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: "RATE_LIMITED" }) }));
    take(req("/graphql", {}, "192.0.2.10")); // another address
    now += 60_000; // the next minute
    take(req("/graphql"));
    const off = keylessLimit({ perMinute: 0, addressOf: () => "x" });
    for (let i = 0; i < 100; i++) off(req("/graphql"));
  });
});

describe("countSelections", () => {
  it("counts fields, spreads and inline fragments as written, fragments once", () => {
    expect(countSelections(parse(`{ a { b c } ...F ... on Q { d } } fragment F on Q { e f }`))).toBe(8);
    expect(countSelections(parse(`{ ${"a ".repeat(1000)} }`), 10)).toBeGreaterThan(10);
  });
});
