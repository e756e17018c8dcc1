import { randomBytes, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * MCP tool calls run as REST requests to this same server over loopback, so the REST layer would
 * see every MCP caller as 127.0.0.1 and lump them together under the per-address limits
 * (registration, keyless work). The MCP router therefore names its caller's address in one
 * header, proven by a per-deployment random token; only a loopback peer holding the token is
 * believed, and the header is removed from every request before anything else reads it.
 *
 * The token lives in the environment so that cluster workers forked after it is made share it:
 * the loopback call may land on another worker than the MCP request.
 */
const TOKEN_ENV = "VAS_INTERNAL_FORWARD_TOKEN";
export const INTERNAL_CLIENT_HEADER = "x-internal-client-address";

/** The deployment's token (made once; call it in the cluster primary before forking). */
export function internalForwardToken(): string {
  let token = process.env[TOKEN_ENV];
  if (!token || token.length < 32) {
    token = randomBytes(24).toString("hex");
    process.env[TOKEN_ENV] = token;
  }
  return token;
}

/** The header value the MCP router sends with a tool's REST call. */
export function internalClientHeader(address: string): string {
  return `${internalForwardToken()} ${address}`;
}

const isLoopback = (a: string | undefined) => a === "127.0.0.1" || a === "::1" || a === "::ffff:127.0.0.1";

/** Express middleware: sets req.ip from a proven internal header, and always drops the header. */
export function internalClientAddress(): RequestHandler {
  const expected = Buffer.from(internalForwardToken());
  return (req, _res, next) => {
    const value = req.headers[INTERNAL_CLIENT_HEADER];
    if (value === undefined) return next();
    delete req.headers[INTERNAL_CLIENT_HEADER];
    if (typeof value === "string" && isLoopback(req.socket.remoteAddress)) {
      const space = value.indexOf(" ");
      const token = Buffer.from(space > 0 ? value.slice(0, space) : "");
      const address = space > 0 ? value.slice(space + 1).trim() : "";
      if (token.length === expected.length && timingSafeEqual(token, expected) && address !== "" && address.length <= 64) {
        Object.defineProperty(req, "ip", { value: address, configurable: true, enumerable: true });
      }
    }
    next();
  };
}
