import "reflect-metadata";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../../src/server/app.js";
import { loadConfig } from "../../src/server/config.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

/** The access log names the path the caller asked for, also under the /graphql mount. */
describe("access log", () => {
  const lines: Record<string, unknown>[] = [];
  let app: App;
  let database: TestDatabase;
  let baseUrl: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = loadConfig({ HOST: "127.0.0.1", LOG_LEVEL: "info" });
    const logger = pino({ level: "info" }, { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) });
    app = await createApp({ config, database, logger });
    await new Promise<void>((r) => app.httpServer.listen(0, "127.0.0.1", r));
    baseUrl = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const refused = () => lines.filter((l) => l.msg === "request refused");

  it('a refused /graphql request is logged with "path":"/graphql" (not the mount-relative "/")', async () => {
    const res = await fetch(`${baseUrl}/graphql?x=1`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ noSuchField }" }) });
    expect(res.status).toBe(400);
    await new Promise((r) => setTimeout(r, 50));
    expect(refused()).toContainEqual(expect.objectContaining({ method: "POST", path: "/graphql", status: 400 }));
  });

  it("a refused REST request is logged with its own path", async () => {
    const res = await fetch(`${baseUrl}/panchanga?date=nonsense`);
    expect(res.status).toBe(422);
    await new Promise((r) => setTimeout(r, 50));
    expect(refused()).toContainEqual(expect.objectContaining({ method: "GET", path: "/panchanga", status: 422 }));
  });
});
