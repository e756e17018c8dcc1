/**
 * Request body size limit (HTTP 413). Two express pieces, both answering the REST error shape
 * `{"detail": "..."}`:
 * - `bodySizeLimit(maxBytes)`: refuses by Content-Length before a byte of the body is read;
 * - `bodyTooLargeHandler(maxBytes)`: error middleware turning body-parser's `entity.too.large`
 *   (chunked bodies that grow past `express.json({ limit })`) into the same 413.
 * Use the same `maxBytes` for both and for `express.json({ limit: maxBytes })`
 * (config BODY_LIMIT_KB × 1024).
 */
import type { ErrorRequestHandler, RequestHandler } from "express";

export const DEFAULT_MAX_BODY_BYTES = 100 * 1024;

export function bodyTooLargeDetail(maxBytes: number): string {
  return `Request body too large: the limit is ${maxBytes} bytes (${Math.round(maxBytes / 1024)} KiB).`;
}

/** Whether a declared Content-Length exceeds the limit (absent or malformed: not decided here). */
export function contentLengthExceeds(contentLength: string | undefined, maxBytes: number): boolean {
  if (!contentLength || !/^\d+$/.test(contentLength.trim())) return false;
  return Number(contentLength) > maxBytes;
}

export function bodySizeLimit(maxBytes: number = DEFAULT_MAX_BODY_BYTES): RequestHandler {
  return (req, res, next) => {
    if (contentLengthExceeds(req.headers["content-length"], maxBytes)) {
      // Close after answering: the client may still be sending the body we will not read.
      res.status(413).set("Connection", "close").json({ detail: bodyTooLargeDetail(maxBytes) });
      return;
    }
    next();
  };
}

export function bodyTooLargeHandler(maxBytes: number = DEFAULT_MAX_BODY_BYTES): ErrorRequestHandler {
  return (err, _req, res, next) => {
    const e = err as { type?: string; status?: number } | undefined;
    if (e && (e.type === "entity.too.large" || e.status === 413)) {
      res.status(413).set("Connection", "close").json({ detail: bodyTooLargeDetail(maxBytes) });
      return;
    }
    next(err);
  };
}
