/** The service (and spec) version, reported by /health, GraphQL `health` and OpenAPI info.version. */
export const SERVICE_VERSION = "4.2.0";
