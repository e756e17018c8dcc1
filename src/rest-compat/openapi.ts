import { SERVICE_VERSION } from "../resolvers/common/service-info.js";
import { fieldJsonSchema, objectJsonSchema, type FieldSet } from "./input-schema.js";
import type { RouteEntry } from "./route-entry.js";
import { VALIDATION_ERROR_SCHEMAS } from "./validation-error.js";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorDetail" } } },
});

function parameters(where: "path" | "query", fields: FieldSet | undefined): Record<string, unknown>[] {
  return Object.entries(fields ?? {}).map(([name, spec]) => ({
    name,
    in: where,
    required: where === "path" ? true : Boolean(spec.required),
    ...(spec.description ? { description: spec.description } : {}),
    schema: fieldJsonSchema(spec),
  }));
}

function operation(route: RouteEntry): Record<string, unknown> {
  const params = [...parameters("path", route.input.path), ...parameters("query", route.input.query)];
  const responses: Record<string, unknown> = {
    "200": {
      description: "Successful Response",
      content: { "application/json": { schema: route.responseSchema ?? { type: "object" } } },
    },
    "422": {
      description: "Validation Error",
      content: { "application/json": { schema: { $ref: "#/components/schemas/HTTPValidationError" } } },
    },
  };
  if (route.auth === "api_key") {
    responses["401"] = errorResponse("Missing or invalid API key");
    if (route.credits > 0) responses["402"] = errorResponse("Not enough credits: the price, the balance and how to buy credits");
    responses["429"] = errorResponse("Rate limit exceeded; see Retry-After");
  }
  if (route.auth === "admin") responses["403"] = errorResponse("Missing or invalid admin key, or admin endpoints disabled");
  const op: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [...route.tags],
    ...(params.length > 0 ? { parameters: params } : {}),
    responses,
    "x-credits": route.credits,
  };
  if (route.input.body) {
    const required = Object.values(route.input.body).some((f) => f.required);
    op.requestBody = { required, content: { "application/json": { schema: objectJsonSchema(route.input.body) } } };
  }
  if (route.auth === "api_key") op.security = [{ APIKeyHeader: [] }];
  if (route.auth === "admin") op.security = [{ AdminKeyHeader: [] }];
  return op;
}

/**
 * The OpenAPI 3.1.0 description, generated from the route table (params and bodies from the
 * same FieldSpecs the validator enforces; 422 as FastAPI's HTTPValidationError).
 */
export function buildOpenApi(routes: readonly RouteEntry[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method] = operation(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Vedic Astrology Calculation Service",
      version: SERVICE_VERSION,
      description:
        "Sidereal (Lahiri) Vedic astrology calculations. This REST layer is generated from the GraphQL API at /graphql; " +
        "each operation's price in credits is in `x-credits`. Validation errors answer 422 in FastAPI's shape.",
    },
    paths,
    components: {
      schemas: VALIDATION_ERROR_SCHEMAS,
      securitySchemes: {
        APIKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key", description: "Your API key (POST /register)" },
        AdminKeyHeader: { type: "apiKey", in: "header", name: "X-Admin-Key", description: "The operator's ADMIN_KEY" },
      },
    },
  };
}
