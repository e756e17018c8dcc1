import type { Request, Response } from "express";
import { PROMETHEUS_CONTENT_TYPE } from "./registry.js";
import type { ServiceMetrics } from "./service-metrics.js";

/**
 * Whether a request asks for the Prometheus text form: its Accept names text/plain or OpenMetrics
 * (Prometheus scrapes with `application/openmetrics-text;…,text/plain;version=0.0.4;q=0.5,*∕*;q=0.1`).
 * Anything else — no Accept, `*∕*`, application/json, a browser's text/html — gets the spec's default, JSON.
 */
export function wantsPrometheusText(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(",").some((part) => {
    const [type = "", ...params] = part.trim().toLowerCase().split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) return false;
    return type === "text/plain" || type === "application/openmetrics-text";
  });
}

/**
 * GET /metrics, outside GraphQL on purpose: it must keep answering when the GraphQL layer is what
 * fails. JSON by default (the spec: request counts, latencies, error rates, cache stats);
 * Prometheus text exposition 0.0.4 for a scraper. Counts only, no account data.
 */
export function metricsHandler(metrics: ServiceMetrics) {
  return (req: Request, res: Response): void => {
    res.vary("Accept");
    if (wantsPrometheusText(req.headers.accept)) {
      res.status(200).set("Content-Type", PROMETHEUS_CONTENT_TYPE).send(metrics.render());
      return;
    }
    res.status(200).json(metrics.summary());
  };
}
