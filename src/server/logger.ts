import { pino, type Logger } from "pino";

export type { Logger };

/**
 * Structured JSON logs (pino) on stdout. Secrets that may travel in headers are redacted so a
 * logged request never leaks a key.
 */
export function createLogger(level: string = "info"): Logger {
  return pino({
    level,
    base: { service: "vedic-astro-service" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers["x-api-key"]', 'req.headers["x-admin-key"]', "req.headers.authorization", "config.adminKey", "config.databaseUrl"],
      censor: "[redacted]",
    },
  });
}
