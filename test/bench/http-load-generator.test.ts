import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percentile, runLoad } from "../../bench/http/load-generator.js";
import { processCpuSeconds } from "../../bench/http/service-child.js";

describe("percentile (nearest rank)", () => {
  it("picks the nearest-rank element", () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe("runLoad against a loopback server", () => {
  let server: http.Server;
  let port = 0;
  const sockets = new Set<unknown>();
  let served = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      served++;
      // Every 10th request of a worker is refused, to check the non-2xx accounting.
      const seq = Number(new URL(req.url!, "http://x").searchParams.get("seq"));
      if (seq % 10 === 9) {
        res.writeHead(402, { "content-type": "application/json" }).end('{"detail":"pay"}');
        return;
      }
      setTimeout(() => res.writeHead(200).end("ok"), 2);
    });
    server.on("connection", (s) => sockets.add(s));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("keeps one keep-alive socket per connection, times only the measured phase, counts non-2xx", async () => {
    let started = false;
    const stats = await runLoad({
      host: "127.0.0.1", port, connections: 4, warmupMs: 150, durationMs: 400,
      request: (w, seq) => ({ path: `/x?w=${w}&seq=${seq}`, headers: { "x-test": "1" } }),
      onMeasureStart: () => {
        started = true;
      },
    });
    expect(started).toBe(true);
    expect(sockets.size).toBe(4);
    expect(stats.requests).toBeGreaterThan(20);
    expect(stats.total2xx + stats.non2xxCount).toBeLessThanOrEqual(served);
    expect(stats.total2xx).toBeGreaterThan(stats.requests - stats.non2xxCount); // warm-up 2xx counted too
    expect(stats.non2xxCount).toBeGreaterThan(0);
    expect(Object.keys(stats.non2xx)).toEqual(["402"]);
    expect(stats.sampleErrors[0]).toContain('402 {"detail":"pay"}');
    expect(stats.transportErrors).toBe(0);
    expect(stats.p50Ms).toBeGreaterThan(0);
    expect(stats.p50Ms).toBeLessThanOrEqual(stats.p90Ms);
    expect(stats.p90Ms).toBeLessThanOrEqual(stats.p99Ms);
    expect(stats.p99Ms).toBeLessThanOrEqual(stats.maxMs);
    expect(stats.elapsedMs).toBeGreaterThanOrEqual(400);
    expect(stats.requestsPerSecond).toBeCloseTo(stats.requests / (stats.elapsedMs / 1000), 6);
  });

  it("reads a process's CPU seconds from /proc", () => {
    const busyUntil = Date.now() + 50;
    while (Date.now() < busyUntil) Math.sqrt(Math.random());
    const c = processCpuSeconds(process.pid);
    expect(c.user + c.system).toBeGreaterThan(0);
    expect(processCpuSeconds(2 ** 30)).toEqual({ user: 0, system: 0 });
  });
});
