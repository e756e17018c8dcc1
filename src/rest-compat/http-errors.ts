import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
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

/**
 * The last error handler: body-parser failures become 422 json_invalid / 413 / 415 (GraphQL
 * requests get GraphQL-shaped 400s instead), known client errors keep their status, and
 * anything else is logged and answered 500 without a stack.
 */
export function errorHandler(logger: Logger, bodyLimitKb: number): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const e = (err ?? {}) as BodyParserError;
    const graphql = req.path === "/graphql" || req.path.startsWith("/graphql/");
    const sendDetail = (status: number, detail: string): void => {
      if (graphql) res.status(status).json({ errors: [{ message: detail, extensions: { code: "BAD_REQUEST" } }] });
      else res.status(status).json({ detail });
    };
    switch (e.type) {
      case "entity.parse.failed": {
        const message = e.message ?? "invalid JSON";
        if (graphql) {
          sendDetail(400, `The request body is not valid JSON: ${message}`);
          return;
        }
        const pos = /position (\d+)/.exec(message);
        const loc = pos ? ["body", Number(pos[1])] : ["body"];
        res.status(422).json(validationErrorBody([issue.jsonInvalid(loc, message)]));
        return;
      }
      case "entity.too.large":
        sendDetail(413, `Request body too large: the limit is ${bodyLimitKb} KiB`);
        return;
      case "encoding.unsupported":
      case "charset.unsupported":
        sendDetail(415, e.message ?? "Unsupported request encoding");
        return;
      case "request.aborted":
      case "request.size.invalid":
        sendDetail(400, "The request body was incomplete");
        return;
    }
    if (typeof e.status === "number" && e.status >= 400 && e.status < 500) {
      sendDetail(e.status, e.status === 400 ? "Bad Request" : (e.message ?? "Bad Request"));
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, "unhandled error");
    if (graphql) res.status(500).json({ errors: [{ message: "Internal Server Error", extensions: { code: "INTERNAL_SERVER_ERROR" } }] });
    else res.status(500).json({ detail: "Internal Server Error" });
  };
}
