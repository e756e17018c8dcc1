/**
 * One REST request and its answer, as the route handler sees them (docs/architecture.md §3, §11).
 * Two adapters make one: express's request/response (every route, HEAD, 405, raw bodies, MCP
 * calls, browsers) and the fast lane's bare node:http pair (fast-lane.ts), so both run the same
 * handler code.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";

export interface RestExchange {
  /** The HTTP request: its headers and socket (authentication, the client address). */
  readonly req: IncomingMessage;
  /** The URL as received (path and query). */
  readonly originalUrl: string;
  readonly params: Record<string, string>;
  readonly query: Record<string, unknown>;
  /** The parsed JSON body (or the text of a raw-body route); undefined when the request had none. */
  readonly body: unknown;
  /** A request header (lower-case name). */
  header(name: string): string | undefined;
  /** Whether the caller prefers text/html to application/json (a browser following a link). */
  /** Whether to answer a page; `pageFirst`: HTML unless JSON is preferred (else JSON unless HTML is). */
  prefersHtml(pageFirst?: boolean): boolean;
  setHeader(name: string, value: string | number | readonly string[]): void;
  json(status: number, body: unknown): void;
  html(status: number, html: string): void;
  redirect(status: number, url: string): void;
  /** A body that is not JSON, as it is (status 304: headers only). */
  send(status: number, contentType: string, text: string): void;
}

/** The route handler's view of an express request (the router path). */
export function expressExchange(req: Request, res: Response): RestExchange {
  return {
    req,
    originalUrl: req.originalUrl,
    params: (req.params ?? {}) as Record<string, string>,
    query: (req.query ?? {}) as Record<string, unknown>,
    body: bodyOf(req, req.body),
    header: (name) => req.get(name),
    prefersHtml: (pageFirst) => req.accepts(pageFirst ? ["text/html", "application/json"] : ["application/json", "text/html"]) === "text/html",
    setHeader: (name, value) => void res.setHeader(name, value),
    json: (status, body) => void res.status(status).json(body),
    html: (status, html) => void res.status(status).type("html").send(html),
    redirect: (status, url) => res.redirect(status, url),
    send: (status, contentType, text) => {
      if (status === 304) {
        res.status(304).end();
        return;
      }
      res.status(status).type(contentType).send(Buffer.from(text, "utf8"));
    },
  };
}

/**
 * The body a route sees: body-parser sets `{}` for an empty body, but a request that sent no
 * body (no Content-Length, or 0, and not chunked) has none.
 */
export function bodyOf(req: IncomingMessage, parsed: unknown): unknown {
  const len = Number(req.headers["content-length"] ?? 0);
  const chunked = req.headers["transfer-encoding"] !== undefined;
  return len > 0 || chunked ? parsed : undefined;
}

/**
 * express's res.json on a bare ServerResponse: `application/json; charset=utf-8`, a
 * Content-Length, no ETag (the app disables it), no body for 204 and 304.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  if (status === 204 || status === 304) {
    // As express's send: these answers carry no body and no entity headers.
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Length");
    res.removeHeader("Transfer-Encoding");
    res.end();
    return;
  }
  const text = JSON.stringify(body) ?? "";
  if (!res.hasHeader("content-type")) res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}
