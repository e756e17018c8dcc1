/**
 * Answers compressed as the caller's Accept-Encoding allows (br preferred, then gzip), for every
 * JSON answer — REST and GraphQL, fast lanes and express alike (one writer, `sendText`, and an
 * express middleware over `res.send`) — and, precompressed once with an ETag, for the GraphiQL and
 * Swagger assets (docs/graphql.md). Small answers are sent as they are: below the threshold
 * (COMPRESS_MIN_BYTES) compressing costs more CPU than the bytes it saves are worth
 * (bench/results.md has the measurement). Dynamic answers use fast settings (brotli quality 4,
 * gzip level 6: RFC 7932 / RFC 1952 formats, node:zlib); static assets the strongest that stay
 * off the event loop (async, once).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { promisify } from "node:util";
import type { RequestHandler } from "express";

export type Encoding = "br" | "gzip";

const memo = new Map<string, Encoding | undefined>();

/** The encoding to answer in: the acceptable one with the higher q; br on a tie (smaller). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (memo.has(acceptEncoding)) return memo.get(acceptEncoding);
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^q=([0-9.]+)$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q[name] = Number.isFinite(weight) ? weight : 0;
  }
  const of = (name: Encoding) => q[name] ?? q["*"] ?? 0;
  const br = of("br");
  const gzip = of("gzip");
  const pick: Encoding | undefined = br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : undefined;
  if (memo.size >= 256) memo.clear();
  memo.set(acceptEncoding, pick);
  return pick;
}

/** Content types worth compressing (JSON, text, JavaScript, SVG). */
function compressible(contentType: string | undefined): boolean {
  return contentType !== undefined && /^(application\/(json|graphql-response\+json|javascript)|text\/|image\/svg\+xml)/i.test(contentType);
}

const BROTLI_FAST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_FAST = { level: 6 };

/** The body compressed for this response, or undefined to send it as it is (and Vary set when it could have been). */
/** Responses written as they are: an Idempotency-Key answer is stored and replayed byte for byte (server/idempotency.ts). */
const plain = new WeakSet<ServerResponse>();

/** This response is sent uncompressed, whatever the caller accepts. */
export function sendUncompressed(res: ServerResponse): void {
  plain.add(res);
}

function compressFor(
  req: IncomingMessage, res: ServerResponse, status: number, body: string | Buffer, minBytes: number,
  size = typeof body === "string" ? Buffer.byteLength(body) : body.length,
): Buffer | undefined {
  if (status === 204 || status === 304 || req.method === "HEAD" || res.hasHeader("content-encoding") || plain.has(res)) return undefined;
  if (size < minBytes || !compressible(res.getHeader("content-type") as string | undefined)) return undefined;
  res.setHeader("Vary", appendVary(res.getHeader("vary")));
  const encoding = pickEncoding(req.headers["accept-encoding"] as string | undefined);
  if (!encoding) return undefined;
  const out = encoding === "br" ? zlib.brotliCompressSync(body, BROTLI_FAST) : zlib.gzipSync(body, GZIP_FAST);
  res.setHeader("Content-Encoding", encoding);
  return out;
}

function appendVary(current: unknown): string {
  const v = Array.isArray(current) ? current.join(", ") : typeof current === "string" ? current : "";
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(v)) return v;
  return v ? `${v}, Accept-Encoding` : "Accept-Encoding";
}

export interface Compression {
  /** Writes a text answer: status, Content-Type, compressed when it pays, Content-Length. */
  sendText(req: IncomingMessage, res: ServerResponse, status: number, contentType: string, text: string): void;
  /** express: the same for everything answered through res.send (res.json included). */
  middleware(): RequestHandler;
}

export function createCompression(minBytes: number): Compression {
  return {
    sendText(req, res, status, contentType, text) {
      res.statusCode = status;
      res.setHeader("Content-Type", contentType);
      // The text's UTF-8 length once: the threshold and Content-Length both need it.
      const size = Buffer.byteLength(text);
      const packed = compressFor(req, res, status, text, minBytes, size);
      res.setHeader("Content-Length", packed ? packed.length : size);
      res.end(packed ?? text);
    },
    middleware() {
      return (req, res, next) => {
        const send = res.send;
        res.send = function sendCompressed(this: typeof res, body?: unknown) {
          if (typeof body === "string" || Buffer.isBuffer(body)) {
            if (typeof body === "string" && !this.hasHeader("content-type")) this.type("html");
            const packed = compressFor(req, this, this.statusCode, body, minBytes);
            if (packed) {
              res.send = send;
              return send.call(this, packed);
            }
          }
          return send.call(this, body);
        } as typeof res.send;
        next();
      };
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface Packed {
  readonly etag: string;
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

/**
 * A static asset (GraphiQL's page, Swagger's files): compressed once (off the event loop), an
 * ETag from its content, 304 to a matching If-None-Match, br or gzip as accepted.
 */
export function precompressedAsset(load: () => Promise<string | Buffer>, contentType: string, cacheControl: string): RequestHandler {
  let packed: Promise<Packed> | undefined;
  const pack = async (): Promise<Packed> => {
    const raw = await load();
    const identity = typeof raw === "string" ? Buffer.from(raw) : raw;
    const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    const [b, g] = await Promise.all([
      // Quality 9 for the usual asset; 6 for GraphiQL's ≈9 MB page, which 9 would take seconds of a core to pack.
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: identity.length > 2_000_000 ? 6 : 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzip(identity, { level: 9 }),
    ]);
    return { etag, identity, br: b, gzip: g };
  };
  return (req, res, next) => {
    (packed ??= pack()).then((p) => {
      res.setHeader("ETag", p.etag);
      res.setHeader("Cache-Control", cacheControl);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Content-Type", contentType);
      const inm = req.headers["if-none-match"];
      if (inm !== undefined && inm.split(",").some((t) => t.trim().replace(/^W\//, "") === p.etag)) {
        res.statusCode = 304;
        res.end();
        return;
      }
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      const body = encoding === "br" ? p.br : encoding === "gzip" ? p.gzip : p.identity;
      if (encoding) res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.statusCode = 200;
      res.end(req.method === "HEAD" ? undefined : body);
    }, (err: unknown) => {
      packed = undefined;
      next(err);
    });
  };
}
