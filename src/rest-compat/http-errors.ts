import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import { sendJson } from "./rest-exchange.js";
import { issue, validationErrorBody } from "./validation-error.js";

/** Unknown path: FastAPI's body. */
export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: "Not Found" });
};

interface BodyParserError {
  type?: string;
  status?: number;
  message?: string;
  body?: string;
}

/** What an error becomes for the caller; `unexpected` errors are logged (500). */
export interface ErrorReply {
  readonly status: number;
  readonly body: unknown;
  readonly unexpected: boolean;
}

/**
 * Body-parser failures become 422 json_invalid / 413 / 415 (GraphQL requests get GraphQL-shaped
 * 400s instead), known client errors keep their status, and anything else is a 500 without a stack.
 */
export function errorReply(err: unknown, graphql: boolean, bodyLimitKb: number): ErrorReply {
  const e = (err ?? {}) as BodyParserError;
  const detail = (status: number, message: string): ErrorReply => ({
    status, unexpected: false,
    body: graphql ? { errors: [{ message, extensions: { code: "BAD_REQUEST" } }] } : { detail: message },
  });
  switch (e.type) {
    case "entity.parse.failed": {
      const message = e.message ?? "invalid JSON";
      if (graphql) return detail(400, `The request body is not valid JSON: ${message}`);
      const pos = /position (\d+)/.exec(message);
      const loc = pos ? ["body", Number(pos[1])] : ["body"];
      return { status: 422, unexpected: false, body: validationErrorBody([issue.jsonInvalid(loc, message)]) };
    }
    case "entity.too.large":
      return detail(413, `Request body too large: the limit is ${bodyLimitKb} KiB`);
    case "encoding.unsupported":
    case "charset.unsupported":
      return detail(415, e.message ?? "Unsupported request encoding");
    case "request.aborted":
    case "request.size.invalid":
      return detail(400, "The request body was incomplete");
  }
  if (typeof e.status === "number" && e.status >= 400 && e.status < 500) {
    return detail(e.status, e.status === 400 ? "Bad Request" : (e.message ?? "Bad Request"));
  }
  return {
    status: 500, unexpected: true,
    body: graphql ? { errors: [{ message: "Internal Server Error", extensions: { code: "INTERNAL_SERVER_ERROR" } }] } : { detail: "Internal Server Error" },
  };
}

/** The REST fast lane's error answer (fast-lane.ts): errorReply as the express handler gives it. */
export function laneErrorHandler(
  logger: Logger, bodyLimitKb: number, graphql = false,
): (err: unknown, req: IncomingMessage, res: ServerResponse) => void {
  return (err, req, res) => {
    // As express's final handler: an answer already under way is cut off.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const reply = errorReply(err, graphql, bodyLimitKb);
    if (reply.unexpected) logger.error({ err, method: req.method, path: (req.url ?? "").split("?")[0] }, "unhandled error");
    sendJson(res, reply.status, reply.body);
  };
}

/** The last express error handler: errorReply, logging the unexpected. */
export function errorHandler(logger: Logger, bodyLimitKb: number): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const graphql = req.path === "/graphql" || req.path.startsWith("/graphql/");
    const reply = errorReply(err, graphql, bodyLimitKb);
    if (reply.unexpected) logger.error({ err, method: req.method, path: req.path }, "unhandled error");
    res.status(reply.status).json(reply.body);
  };
}
