/**
 * One HTTPS POST of one delivery attempt: the target re-checked against the SSRF rules and
 * pinned (the socket connects to the address that was checked, so DNS cannot change in
 * between), a hard time limit, no redirects followed (a 3xx is an unsuccessful answer).
 */
import https from "node:https";
import tls from "node:tls";
import type { LookupFunction } from "node:net";
import { hostOf, resolveAllowedTarget, SsrfRefusal, type LookupAll } from "./ssrf-guard.js";

export interface SendResult {
  /** The HTTP status, or null when none came (timeout, connection failure, refused target). */
  readonly status: number | null;
  /** What went wrong, for last_error (null on 2xx). */
  readonly error: string | null;
}

export interface Sender {
  send(url: string, headers: Record<string, string>, body: string): Promise<SendResult>;
  close(): void;
}

export function createSender(opts: {
  timeoutMs: number; allowPrivate: boolean; maxSockets: number; lookupAll?: LookupAll; testTrustedCa?: string;
}): Sender {
  // Keep-alive: deliveries to one receiver reuse connections (the bench's ≥ 500/s needs it).
  const agent = new https.Agent({
    keepAlive: true, maxSockets: opts.maxSockets, timeout: opts.timeoutMs,
    // One secure context, not a `ca` list: the agent keys its socket pool by a string that would
    // include every CA on every request.
    ...(opts.testTrustedCa ? { secureContext: tls.createSecureContext({ ca: [...tls.rootCertificates, opts.testTrustedCa] }) } : {}),
  });
  return {
    async send(url, headers, body) {
      const target = new URL(url);
      const host = hostOf(target);
      let addresses: { address: string; family: number }[];
      try {
        addresses = await resolveAllowedTarget(host, { allowPrivate: opts.allowPrivate, lookupAll: opts.lookupAll });
      } catch (err) {
        return { status: null, error: err instanceof SsrfRefusal ? `refused: ${err.message}` : `refused: ${String(err)}` };
      }
      const pinned = addresses[0]!;
      const lookup: LookupFunction = (_hostname, options, callback) => {
        if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: typeof addresses) => void)(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      };
      return new Promise<SendResult>((resolve) => {
        let settled = false;
        const done = (r: SendResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(r);
        };
        const req = https.request({
          method: "POST", host, port: target.port || 443, path: target.pathname + target.search, agent, lookup,
          headers: { ...headers, "content-length": String(Buffer.byteLength(body)), "user-agent": "vedic-astro-webhooks/1" },
        }, (res) => {
          const status = res.statusCode ?? 0;
          // The answer's body is not used; read it so the connection can be reused.
          res.resume();
          res.on("end", () => done({ status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }));
          res.on("error", () => done({ status, error: `HTTP ${status}, body interrupted` }));
        });
        const timer = setTimeout(() => {
          req.destroy();
          done({ status: null, error: `no answer within ${opts.timeoutMs} ms` });
        }, opts.timeoutMs);
        req.on("error", (err: NodeJS.ErrnoException) => done({ status: null, error: `connection failed: ${err.code ?? err.message}` }));
        req.end(body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}
