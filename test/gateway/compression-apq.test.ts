/**
 * Compression by Accept-Encoding (src/server/compression.ts) on REST and GraphQL answers and the
 * Swagger assets, and automatic persisted queries shared by the GraphQL lane and Apollo
 * (src/graphql-lane/persisted-queries.ts): a query registered by POST is found by GET.
 */
import "reflect-metadata";
import { createHash } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickEncoding } from "../../src/server/compression.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

function raw(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method,
      headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const decode = (r: Raw): string => {
  const e = r.headers["content-encoding"];
  return (e === "br" ? zlib.brotliDecompressSync(r.bytes) : e === "gzip" ? zlib.gunzipSync(r.bytes) : r.bytes).toString("utf8");
};

describe("Accept-Encoding negotiation", () => {
  it("prefers br, honours q-values and refusals", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(pickEncoding("identity")).toBeUndefined();
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe("compressed answers and persisted queries on a service", () => {
  let s: TestServer;
  let key: string;
  const KUNDALI = JSON.stringify({ datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 });

  beforeAll(async () => {
    s = await startTestServer({ env: { ADMIN_KEY: "admin-key-123-0123456789abcdefgh" }, appOptions: { accounts: {} } });
    const reg = await postJson(s.baseUrl, "/register", {});
    key = reg.body.api_key;
    await postJson(s.baseUrl, "/admin/grant-credits", { account_id: reg.body.account_id, credits: 100, reason: "test" }, { "x-admin-key": "admin-key-123-0123456789abcdefgh" });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("a kundali (REST lane) is sent br-compressed several-fold to a client accepting br, and as it is to one that does not", async () => {
    const plain = await raw(s.baseUrl, "POST", "/kundali", { "x-api-key": key }, KUNDALI);
    const packed = await raw(s.baseUrl, "POST", "/kundali", { "x-api-key": key, "accept-encoding": "gzip, br" }, KUNDALI);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(packed.headers["content-encoding"]).toBe("br");
    expect(Number(packed.headers["content-length"])).toBe(packed.bytes.length);
    // Two calls, two answers: the same chart (the bodies differ only in what each call reports about itself).
    expect(JSON.parse(decode(packed)).planets).toEqual(JSON.parse(plain.bytes.toString()).planets);
    expect(plain.bytes.length / packed.bytes.length).toBeGreaterThan(3);
  });

  it("express's answers are compressed too (a REST call express serves: a browser's Accept), gzip when br is not accepted", async () => {
    const r = await raw(s.baseUrl, "POST", "/kundali", { "x-api-key": key, accept: "text/html, application/json;q=0.9", "accept-encoding": "gzip" }, KUNDALI);
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decode(r)).planets).toBeDefined();
  });

  it("a GraphQL answer on the lane is compressed; a small one is not", async () => {
    const big = JSON.stringify({ query: `{ calendar(year: 2025, tz: "Asia/Kolkata") { festivals { name date } } }` });
    const r = await raw(s.baseUrl, "POST", "/graphql", { "x-api-key": key, "accept-encoding": "br" }, big);
    expect(r.status, decode(r)).toBe(200);
    expect(r.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(decode(r)).data.calendar.festivals.length).toBeGreaterThan(20);
    const small = await raw(s.baseUrl, "POST", "/graphql", { "accept-encoding": "br" }, JSON.stringify({ query: "{ __typename }" }));
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.bytes.toString()).data.__typename).toBe("Query");
  });

  it("Swagger's script is precompressed with an ETag, and a matching If-None-Match gets 304 without a body", async () => {
    const first = await raw(s.baseUrl, "GET", "/docs/assets/swagger-ui-bundle.js", { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const identity = await raw(s.baseUrl, "GET", "/docs/assets/swagger-ui-bundle.js", {});
    expect(decode(first)).toBe(identity.bytes.toString());
    expect(identity.bytes.length / first.bytes.length).toBeGreaterThan(3);
    const again = await raw(s.baseUrl, "GET", "/docs/assets/swagger-ui-bundle.js", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it("a persisted query: unknown hash → PersistedQueryNotFound; registered by POST (lane), then found by hash alone over GET (Apollo)", async () => {
    const query = `{ panchanga(datetime: "2024-03-01T06:00:00+05:30", latitude: 19.076, longitude: 72.8777) { tithi { name } } }`;
    const hash = createHash("sha256").update(query).digest("hex");
    const ext = { persistedQuery: { version: 1, sha256Hash: hash } };
    const unknown = await raw(s.baseUrl, "POST", "/graphql", { "x-api-key": key }, JSON.stringify({ extensions: ext }));
    expect(JSON.parse(unknown.bytes.toString()).errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    const reg = await raw(s.baseUrl, "POST", "/graphql", { "x-api-key": key }, JSON.stringify({ query, extensions: ext }));
    expect(JSON.parse(reg.bytes.toString()).data.panchanga.tithi.name).toBeTruthy();
    const get = await raw(s.baseUrl, "GET", `/graphql?extensions=${encodeURIComponent(JSON.stringify(ext))}`,
      { "x-api-key": key, "apollo-require-preflight": "true" });
    expect(get.status, get.bytes.toString()).toBe(200);
    const body = JSON.parse(get.bytes.toString());
    expect(body.data).toEqual(JSON.parse(reg.bytes.toString()).data);
    expect(body.extensions.cost.credits).toBeGreaterThanOrEqual(0);
  });
});
