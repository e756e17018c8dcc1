/** A pino logger that keeps its entries in memory, so tests can assert nothing was logged at error level. */
import { Writable } from "node:stream";
import { pino, type Logger } from "pino";

export interface CapturedLog {
  readonly logger: Logger;
  readonly entries: Array<{ level: number; msg?: string; [k: string]: unknown }>;
  /** Entries at error level or above (pino: error = 50, fatal = 60). */
  errors(): Array<{ level: number; msg?: string; [k: string]: unknown }>;
}

export function captureLog(level = "warn"): CapturedLog {
  const entries: CapturedLog["entries"] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) entries.push(JSON.parse(line));
      cb();
    },
  });
  const logger = pino({ level }, stream);
  return { logger, entries, errors: () => entries.filter((e) => e.level >= 50) };
}
