import { COST_HEADERS } from "../costing/cost-plugin.js";
import { SERVICE_VERSION } from "../resolvers/common/service-info.js";
import { fieldJsonSchema, objectJsonSchema, type FieldSet } from "./input-schema.js";
import type { RouteEntry } from "./route-entry.js";
import { VALIDATION_ERROR_SCHEMAS } from "./validation-error.js";

const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorDetail" } } },
});

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Response headers, named once (components.headers) and referenced per response. */
const HEADERS = {
  XCreditsCharged: {
    description: "Credits this request cost (0 for a free-tier request)", schema: { type: "number", minimum: 0 },
  },
  XCreditsRemaining: { description: "The account's credit balance after this request", schema: { type: "number" } },
  XFreeRequestsRemaining: { description: "Free-tier requests left today (UTC)", schema: { type: "integer", minimum: 0 } },
  RateLimitLimit: { description: "Requests allowed per minute for this key (IETF RateLimit header fields draft)", schema: { type: "integer" } },
  RateLimitRemaining: { description: "Requests left in the current minute", schema: { type: "integer", minimum: 0 } },
  RateLimitReset: { description: "Seconds until the current minute window ends", schema: { type: "integer", minimum: 0 } },
  RetryAfter: { description: "Seconds to wait before retrying", schema: { type: "integer", minimum: 0 } },
  XIgnoredFields: {
    description: "The JSON body fields this route does not read, comma-separated (nested ones dotted): they were ignored",
    schema: { type: "string" },
  },
} as const;

const RATE_HEADERS = {
  "RateLimit-Limit": ref("RateLimitLimit"), "RateLimit-Remaining": ref("RateLimitRemaining"), "RateLimit-Reset": ref("RateLimitReset"),
};
const CREDIT_HEADERS = {
  [headerName(COST_HEADERS.charged)]: ref("XCreditsCharged"),
  [headerName(COST_HEADERS.remaining)]: ref("XCreditsRemaining"),
  [headerName(COST_HEADERS.freeRemaining)]: ref("XFreeRequestsRemaining"),
};

/** x-credits-charged → X-Credits-Charged. */
function headerName(lower: string): string {
  return lower.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

function parameters(where: "path" | "query", fields: FieldSet | undefined): Record<string, unknown>[] {
  return Object.entries(fields ?? {}).map(([name, spec]) => ({
    name,
    in: where,
    required: where === "path" ? true : Boolean(spec.required),
    ...(spec.description ? { description: spec.description } : {}),
    schema: fieldJsonSchema(spec),
  }));
}

/** Every status the route can answer: its own (route.errors) and those of its kind. */
function responses(route: RouteEntry): Record<string, unknown> {
  const paid = route.auth === "api_key";
  const okContent: Record<string, unknown> = route.rawContentType
    ? { [route.rawContentType]: { schema: { type: "string" } } }
    : { "application/json": { schema: route.responseSchema ?? { type: "object" } } };
  if (route.htmlPage) okContent["text/html"] = { schema: { type: "string" } };
  const okHeaders = {
    ...(paid ? { ...CREDIT_HEADERS, ...RATE_HEADERS } : {}),
    ...(route.input.body ? { "X-Ignored-Fields": ref("XIgnoredFields") } : {}),
  };
  const out: Record<string, unknown> = {
    "200": {
      description: route.htmlPage ? "Successful Response (an HTML page when the caller prefers text/html)" : "Successful Response",
      ...(Object.keys(okHeaders).length > 0 ? { headers: okHeaders } : {}),
      content: okContent,
    },
    "422": {
      description: "Validation Error",
      content: { "application/json": { schema: { $ref: "#/components/schemas/HTTPValidationError" } } },
    },
    "405": errorResponse("This path is served with another method (see the Allow header)"),
  };
  if (route.input.body) out["413"] = errorResponse("Request body larger than BODY_LIMIT_KB");
  if (paid) {
    out["401"] = errorResponse("Missing or unknown API key");
    if (route.credits > 0) out["402"] = errorResponse("Not enough credits: the price, the balance and how to get credits", RATE_HEADERS);
    out["429"] = errorResponse("Rate limit exceeded; retry after Retry-After seconds", { ...RATE_HEADERS, "Retry-After": ref("RetryAfter") });
  }
  if (route.auth === "admin") out["403"] = errorResponse("Missing or invalid admin key, or admin endpoints disabled (no ADMIN_KEY)");
  for (const [status, why] of Object.entries(route.errors ?? {})) out[status] = errorResponse(why);
  // A route for people answers its refusals as a page too (src/rest-compat/html-page.ts).
  if (route.htmlPage) {
    for (const status of ["422", ...Object.keys(route.errors ?? {})]) {
      const r = out[status] as { content: Record<string, unknown> };
      out[status] = { ...r, content: { ...r.content, "text/html": { schema: { type: "string" } } } };
    }
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}

const IDEMPOTENCY_PARAMETER = {
  name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", minLength: 1, maxLength: 255 },
  description: "Makes a retry safe (Stripe's semantics): the first answer is stored for your account for 24 h; a repeat with the " +
    "same key and body gets it back with `Idempotent-Replayed: true` and is not run or charged again; the same key with " +
    "another body → 422; while the first is still running → 409 with Retry-After.",
};

function operation(route: RouteEntry): Record<string, unknown> {
  const params = [...parameters("path", route.input.path), ...parameters("query", route.input.query)];
  // Retries never double-charge (docs/billing.md): every paid POST takes an Idempotency-Key.
  if (route.method === "post" && route.auth === "api_key") params.push(IDEMPOTENCY_PARAMETER);
  const op: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [...route.tags],
    ...(params.length > 0 ? { parameters: params } : {}),
    responses: responses(route),
    "x-credits": route.credits,
  };
  if (route.input.body) {
    const required = Object.values(route.input.body).some((f) => f.required);
    op.requestBody = {
      required,
      description: "Fields the route does not read are ignored (not refused) and named in the X-Ignored-Fields response header.",
      content: { "application/json": { schema: objectJsonSchema(route.input.body) } },
    };
  }
  if (route.auth === "api_key") op.security = [{ APIKeyHeader: [] }];
  if (route.auth === "admin") op.security = [{ AdminKeyHeader: [] }];
  return op;
}

/** GET /metrics: served beside the route table (not an API call), listed so operators find it. */
const METRICS_PATH = {
  get: {
    operationId: "metrics",
    summary: "Service metrics",
    description:
      "Request counts, latencies and error rates per route and per GraphQL operation, credits charged and cache statistics: " +
      "JSON by default; the Prometheus text format when Accept names text/plain or application/openmetrics-text (as " +
      "Prometheus sends). Counts only, no account data.",
    tags: ["operations"],
    responses: {
      "200": {
        description: "JSON by default; Prometheus text exposition format 0.0.4 for Accept: text/plain or OpenMetrics",
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["uptime_seconds", "requests", "operations", "caches"],
              properties: {
                uptime_seconds: { type: "number" },
                requests: {
                  type: "object", required: ["total", "errors", "error_rate", "by_route"],
                  properties: {
                    total: { type: "integer" }, errors: { type: "integer" }, error_rate: { type: "number" },
                    by_route: { type: "array", items: { type: "object" } },
                  },
                },
                operations: { type: "array", items: { type: "object" } },
                credits_charged: { type: "number" },
                caches: { type: "object", additionalProperties: { type: "object" } },
                memory: { type: "object" },
              },
            },
          },
          "text/plain": { schema: { type: "string" } },
        },
      },
    },
    "x-credits": 0,
  },
};

export interface OpenApiOptions {
  /** The service's external base URL (PUBLIC_BASE_URL, else http://localhost:PORT): the second of `servers`. */
  readonly baseUrl?: string;
}

/**
 * The OpenAPI 3.1.0 description, generated from the route table (params and bodies from the
 * same FieldSpecs the validator enforces; 422 as FastAPI's HTTPValidationError).
 */
export function buildOpenApi(routes: readonly RouteEntry[], opts: OpenApiOptions = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method] = operation(route);
  }
  paths["/metrics"] ??= METRICS_PATH;
  return {
    openapi: "3.1.0",
    info: {
      title: "Vedic Astrology Calculation Service",
      version: SERVICE_VERSION,
      description:
        "Sidereal (Lahiri) Vedic astrology calculations. This REST layer is generated from the GraphQL API at /graphql; " +
        "each operation's price in credits is in `x-credits`. Validation errors answer 422 in FastAPI's shape; " +
        "unknown JSON body fields are ignored, as FastAPI does, and named in the X-Ignored-Fields response header. " +
        "Any request may send `X-Dry-Run: price` to get its price without running or paying.",
    },
    // Relative first: Swagger UI's "Try it out" then calls the address /docs was opened at (a LAN
    // address, a port forward, a proxy), not only PUBLIC_BASE_URL; the public address follows.
    servers: [
      { url: "/", description: "This server (the address this document was fetched from)" },
      ...(opts.baseUrl && opts.baseUrl !== "/" ? [{ url: opts.baseUrl, description: "PUBLIC_BASE_URL" }] : []),
    ],
    paths,
    components: {
      schemas: VALIDATION_ERROR_SCHEMAS,
      headers: HEADERS,
      securitySchemes: {
        APIKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key", description: "Your API key (POST /register)" },
        AdminKeyHeader: { type: "apiKey", in: "header", name: "X-Admin-Key", description: "The operator's ADMIN_KEY" },
      },
    },
  };
}
