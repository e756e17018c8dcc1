import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("/openapi.json", () => {
  it("is OpenAPI 3.1.0, version 4.2.0, generated from the route table", async () => {
    const res = await fetch(`${server.baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("4.2.0");
    // The route table's paths, and /metrics (served beside it, listed for operators).
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set([...ROUTES.map((r) => r.path), "/metrics"])].sort());
    for (const route of ROUTES) {
      const op = doc.paths[route.path][route.method];
      expect(op.operationId).toBe(route.operationId);
      expect(op["x-credits"]).toBe(route.credits);
      expect(op.responses["422"].content["application/json"].schema.$ref).toBe("#/components/schemas/HTTPValidationError");
      for (const name of Object.keys(route.input.query ?? {})) {
        expect(op.parameters.find((p: any) => p.name === name && p.in === "query")).toBeDefined();
      }
    }
    const eph = doc.paths["/ephemeris"].get;
    expect(eph.parameters.find((p: any) => p.name === "date").required).toBe(true);
    expect(eph.parameters.find((p: any) => p.name === "ayanamsha").schema.enum).toContain("lahiri");
    expect(eph.security).toEqual([{ APIKeyHeader: [] }]);
    expect(doc.components.securitySchemes.APIKeyHeader).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(doc.components.securitySchemes.AdminKeyHeader).toMatchObject({ type: "apiKey", in: "header", name: "X-Admin-Key" });
    // Every $ref resolves inside the document.
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[A-Za-z]+"/g) ?? [];
    for (const ref of refs) expect(doc.components.schemas[ref.split("/").pop()!.replace('"', "")]).toBeDefined();
  });
});

describe("/docs", () => {
  it("serves swagger-ui from local assets only", async () => {
    const res = await fetch(`${server.baseUrl}/docs`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      expect(url.startsWith("/")).toBe(true);
      expect(url.startsWith("//")).toBe(false);
      const asset = await fetch(server.baseUrl + url);
      expect(asset.status, url).toBe(200);
      await asset.arrayBuffer();
    }
    expect(html).toContain('url: "/openapi.json"');
    expect(html).toContain("validatorUrl: null");
  });

  it("refuses files of swagger-ui-dist that are not the page's assets", async () => {
    expect((await fetch(`${server.baseUrl}/docs/assets/index.html`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/docs/assets/..%2Fpackage.json`)).status).toBe(404);
  });
});
