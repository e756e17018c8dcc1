import type { RouteEntry } from "../route-entry.js";

interface HealthData {
  health: {
    status: string;
    version: string;
    database: boolean;
    engine: {
      ok: boolean; instant: string; expectedLongitude: number; computedLongitude: number | null;
      errorArcsec: number | null; toleranceArcsec: number;
    };
  };
}

/**
 * GET /health goes through GraphQL like every route (no bypass): the `health` field costs
 * nothing, and executing it also proves the schema and Apollo answer. It answers 503 when
 * degraded so load balancers can act on the status alone.
 */
export const healthRoute: RouteEntry = {
  method: "get",
  path: "/health",
  operationId: "health",
  summary: "Service health and ephemeris availability",
  description:
    "Version, an engine self-check (the Sun's sidereal longitude at a fixed instant against the Swiss Ephemeris value) " +
    "and whether the database answers. 200 with status ok, or 503 with status degraded.",
  tags: ["service"],
  credits: 0,
  auth: "none",
  input: {},
  document: /* GraphQL */ `
    query Health {
      health { status version database engine { ok instant expectedLongitude computedLongitude errorArcsec toleranceArcsec } }
    }
  `,
  variables: () => ({}),
  result: (data) => {
    const h = (data as unknown as HealthData).health;
    return {
      status: h.status === "ok" ? 200 : 503,
      body: {
        status: h.status,
        version: h.version,
        ephemeris: h.engine.ok ? "available" : "failing",
        engine_check: {
          ok: h.engine.ok,
          body: "sun",
          instant: h.engine.instant,
          expected_longitude: h.engine.expectedLongitude,
          computed_longitude: h.engine.computedLongitude,
          error_arcsec: h.engine.errorArcsec,
          tolerance_arcsec: h.engine.toleranceArcsec,
        },
        database: h.database ? "reachable" : "unreachable",
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["status", "version", "ephemeris", "engine_check", "database"],
    properties: {
      status: { type: "string", enum: ["ok", "degraded"] },
      version: { type: "string", examples: ["4.2.0"] },
      ephemeris: { type: "string", enum: ["available", "failing"] },
      engine_check: { type: "object" },
      database: { type: "string", enum: ["reachable", "unreachable"] },
    },
  },
};
