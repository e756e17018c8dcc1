import { pino, type DestinationStream, type Logger } from "pino";
import { redactDeep } from "./redact-secrets.js";

export type { Logger };

/**
 * Structured JSON logs (pino) on stdout. Secrets that may travel in headers are redacted so a
 * logged request never leaks a key.
 */
export function createLogger(level: string = "info", destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "vedic-astro-service" },
    timestamp: pino.stdTimeFunctions.isoTime,
    // API keys in any logged string (paths, messages, errors) → prefix + last 4 (redact-secrets.ts).
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => redactDeep(a)) as Parameters<typeof method>);
      },
    },
    redact: {
      paths: ['req.headers["x-api-key"]', 'req.headers["x-admin-key"]', "req.headers.authorization", "config.adminKey", "config.databaseUrl"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
