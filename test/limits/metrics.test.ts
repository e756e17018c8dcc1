// GET /metrics rendering (src/server/metrics); kept beside the limits tests it shares the owner with.
import { describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import { MetricsRegistry, PROMETHEUS_CONTENT_TYPE } from "../../src/server/metrics/registry.js";
import { MAX_OPERATION_NAMES, ServiceMetrics, metrics, render } from "../../src/server/metrics/service-metrics.js";

describe("Prometheus text exposition", () => {
  it("renders counters with HELP, TYPE and escaped label values", () => {
    const r = new MetricsRegistry();
    const c = r.counter("things_total", "Things.\nCounted.", ["kind"]);
    c.inc({ kind: 'a"b\\c' });
    c.inc({ kind: 'a"b\\c' }, 2);
    expect(r.render()).toBe('# HELP things_total Things.\\nCounted.\n# TYPE things_total counter\nthings_total{kind="a\\"b\\\\c"} 3\n');
    expect(() => c.inc({}, -1)).toThrow();
  });

  it("renders histograms with cumulative buckets, +Inf, sum and count", () => {
    const r = new MetricsRegistry();
    const h = r.histogram("lat_seconds", "Latency.", ["route"], [0.1, 1]);
    for (const v of [0.05, 0.1, 0.5, 3]) h.observe({ route: "/x" }, v);
    expect(r.render()).toBe(
      [
        "# HELP lat_seconds Latency.",
        "# TYPE lat_seconds histogram",
        'lat_seconds_bucket{route="/x",le="0.1"} 2',
        'lat_seconds_bucket{route="/x",le="1"} 3',
        'lat_seconds_bucket{route="/x",le="+Inf"} 4',
        'lat_seconds_sum{route="/x"} 3.65',
        'lat_seconds_count{route="/x"} 4',
        "",
      ].join("\n"),
    );
  });

  it("refuses invalid names and double registration", () => {
    const r = new MetricsRegistry();
    expect(() => r.counter("bad-name", "x")).toThrow();
    expect(() => r.histogram("h", "x", ["le"])).toThrow();
    r.gauge("g", "x");
    expect(() => r.gauge("g", "x")).toThrow(/twice/);
  });
});

describe("service metrics", () => {
  it("count requests, errors and latency per route pattern, through real HTTP", async () => {
    const m = new ServiceMetrics();
    const app = express();
    app.use(m.httpMiddleware());
    app.get("/festivals/:year", (_req, res) => res.json({ ok: true }));
    app.post("/kundali", (_req, res) => res.status(402).json({ detail: "no" }));
    app.get("/metrics", (_req, res) => res.type(PROMETHEUS_CONTENT_TYPE).send(m.render()));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await fetch(`${base}/festivals/2025`);
      await fetch(`${base}/festivals/2026`);
      await fetch(`${base}/kundali`, { method: "POST" });
      await fetch(`${base}/no/such/path`);
      const res = await fetch(`${base}/metrics`);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0.0.4/);
      const text = await res.text();
      expect(text).toContain('http_requests_total{method="GET",route="/festivals/:year",status="200"} 2');
      expect(text).toContain('http_requests_total{method="POST",route="/kundali",status="402"} 1');
      expect(text).toContain('http_request_errors_total{method="POST",route="/kundali",class="4xx"} 1');
      expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
      expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/festivals/:year"} 2');
      expect(text).toMatch(/process_resident_memory_bytes \d+/);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("count operations and error codes, and bound the operation names", () => {
    const m = new ServiceMetrics();
    m.observeOperation({ operation: "Kundali", type: "query", durationSeconds: 0.004, errorCodes: [], creditsCharged: 3 });
    m.observeOperation({ operation: "Kundali", type: "query", durationSeconds: 0.001, errorCodes: ["INSUFFICIENT_CREDITS"] });
    for (let i = 0; i < MAX_OPERATION_NAMES + 5; i++) m.observeOperation({ operation: `op${i}`, type: "query", durationSeconds: 0, errorCodes: [] });
    const text = m.render();
    expect(text).toContain('graphql_operations_total{operation="Kundali",type="query",outcome="ok"} 1');
    expect(text).toContain('graphql_operations_total{operation="Kundali",type="query",outcome="error"} 1');
    expect(text).toContain('graphql_operation_errors_total{operation="Kundali",code="INSUFFICIENT_CREDITS"} 1');
    expect(text).toContain('credits_charged_total{operation="Kundali"} 3');
    expect(text).toContain('graphql_operations_total{operation="other",type="query",outcome="ok"} 6');
  });

  it("report engine-context work and registered cache statistics", () => {
    const m = new ServiceMetrics();
    m.recordEngineStats({ positionCalls: 2, grahasComputed: 9, houseCalls: 0 });
    m.recordEngineStats({ positionCalls: 1 });
    let hits = 10;
    m.registerCache("sunrise", () => ({ hits, misses: 4, entries: 3 }));
    expect(m.render()).toContain('engine_context_computations_total{kind="positionCalls"} 3');
    hits = 12;
    const text = m.render();
    expect(text).toContain('engine_cache_hits{cache="sunrise"} 12');
    expect(text).toContain('engine_cache_entries{cache="sunrise"} 3');
    expect(text).not.toContain('kind="houseCalls"');
  });

  it("the process-wide registry renders through render()", () => {
    metrics.observeHttp({ method: "get", route: "/health", status: 200, durationSeconds: 0.0005 });
    expect(render()).toContain('http_requests_total{method="GET",route="/health",status="200"} 1');
  });
});
