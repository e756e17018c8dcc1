import { unwrapResolverError } from "@apollo/server/errors";
import type { GraphQLFormattedError } from "graphql";
import type { Logger } from "pino";
import { EngineInputError } from "../engine/errors.js";

/** `Variable "$birth" got invalid value 91 at "birth.latitude"; …` → "birth.latitude". */
const VARIABLE_PATH = /^Variable "\$([A-Za-z_][A-Za-z0-9_]*)" got invalid value .*? at "([^"]+)";/s;
const VARIABLE_NAME = /^Variable "\$([A-Za-z_][A-Za-z0-9_]*)"/;

/**
 * Apollo's formatError, the one place errors leave the GraphQL layer:
 * - an EngineInputError thrown anywhere below a resolver becomes BAD_USER_INPUT with its field;
 * - variable-coercion errors (bad enum value, wrong type) get a `field` naming the argument path;
 * - anything unexpected is logged with its stack and answered "Internal server error" —
 *   messages of internal failures never reach the caller.
 */
export function createFormatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof EngineInputError) {
      return {
        message: original.message,
        ...(formatted.path ? { path: formatted.path } : {}),
        ...(formatted.locations ? { locations: formatted.locations } : {}),
        extensions: { code: "BAD_USER_INPUT", ...(original.field ? { field: original.field } : {}) },
      };
    }
    const code = formatted.extensions?.code;
    if (code === "BAD_USER_INPUT" && formatted.extensions?.field === undefined) {
      const m = VARIABLE_PATH.exec(formatted.message) ?? VARIABLE_NAME.exec(formatted.message);
      if (m) {
        const field = (m[2] ?? m[1]!).replace(/\[\d+\]/g, "");
        return { ...formatted, extensions: { ...formatted.extensions, field } };
      }
    }
    if (code === "INTERNAL_SERVER_ERROR" || code === undefined) {
      logger.error({ err: original, path: formatted.path }, "GraphQL resolver failed");
      return {
        message: "Internal server error",
        ...(formatted.path ? { path: formatted.path } : {}),
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      };
    }
    return formatted;
  };
}
