import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { bodySizeLimit, bodyTooLargeHandler } from "../../src/gates/body-limit.js";

const LIMIT = 1024;
let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(bodySizeLimit(LIMIT));
  app.use(express.json({ limit: LIMIT }));
  app.post("/echo", (req, res) => res.json({ size: JSON.stringify(req.body).length }));
  app.use(bodyTooLargeHandler(LIMIT));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** POST raw bytes; `chunked` sends no Content-Length. */
function post(body: string, chunked = false): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: "/echo", method: "POST", headers: { "content-type": "application/json", ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": Buffer.byteLength(body) }) } },
      (res) => {
        let data = "";
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(data) }));
      },
    );
    req.on("error", reject);
    if (chunked) {
      for (let i = 0; i < body.length; i += 256) req.write(body.slice(i, i + 256));
      req.end();
    } else req.end(body);
  });
}

const bodyOf = (bytes: number) => JSON.stringify({ pad: "x".repeat(bytes - 10) });

describe("request body size limit", () => {
  it("a body within the limit is read", async () => {
    const res = await post(bodyOf(1000));
    expect(res.status).toBe(200);
  });

  it("a declared Content-Length over the limit is refused with 413 and a detail", async () => {
    const res = await post(bodyOf(5000));
    expect(res).toEqual({ status: 413, json: { detail: "Request body too large: the limit is 1024 bytes (1 KiB)." } });
  });

  it("a chunked body that grows past the limit is refused with the same 413", async () => {
    const res = await post(bodyOf(5000), true);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ detail: "Request body too large: the limit is 1024 bytes (1 KiB)." });
  });
});
