import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import type { Logger } from "pino";
import { API_KEY_PREFIX } from "../accounts/api-keys.js";
import { EngineInputError } from "../engine/errors.js";
import { redactSecrets } from "./redact-secrets.js";

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
  const format = formatWith(logger);
  // No error message carries an API key in clear (prefix + last 4 only, redact-secrets.ts), except
  // the 402's purchase links: they carry the key the caller itself sent in X-API-Key (its own links
  // to open), built by the cost gate from that header, never from input echoed back.
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const out = format(formatted, error);
    if (out.extensions?.code === "INSUFFICIENT_CREDITS") return out;
    return out.message.includes(API_KEY_PREFIX) ? { ...out, message: redactSecrets(out.message) } : out;
  };
}

function formatWith(logger: Logger) {
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
      // Apollo's own refusals of a malformed request (e.g. a persisted-query hash that does not
      // match the query) carry a 4xx in extensions.http but no code: the caller's fault, said plainly.
      const httpStatus = original instanceof GraphQLError ? (original.extensions?.http as { status?: unknown } | undefined)?.status : undefined;
      if (typeof httpStatus === "number" && httpStatus >= 400 && httpStatus < 500) {
        return { message: (original as GraphQLError).message, extensions: { code: "BAD_REQUEST" } };
      }
      // PostgreSQL refuses NUL in text (SQLSTATE 22021) and some escapes (22P05): input the
      // account services did not screen out is still the caller's bad input, not a server failure.
      const sqlState = (original as { code?: unknown } | null)?.code;
      if (sqlState === "22021" || sqlState === "22P05") {
        logger.warn({ err: original, path: formatted.path }, "text the database cannot store reached it; answered as bad input");
        return {
          message: "text must not contain NUL (\\u0000) characters",
          ...(formatted.path ? { path: formatted.path } : {}),
          extensions: { code: "BAD_USER_INPUT" },
        };
      }
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
