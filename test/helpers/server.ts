import "reflect-metadata";
import type { AddressInfo } from "node:net";
import { createApp, type App, type AppOptions } from "../../src/server/app.js";
import { loadConfig, type Config } from "../../src/server/config.js";
import { createLogger, type Logger } from "../../src/server/logger.js";
import { openTestDatabase, type TestDatabase } from "./test-database.js";

export interface TestServer {
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
  readonly database: TestDatabase;
  readonly app: App;
  readonly config: Config;
  /** Drain the server, then dispose of the database. */
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Environment variables on top of the test defaults (LOG_LEVEL=silent). */
  readonly env?: Record<string, string>;
  readonly appOptions?: Omit<AppOptions, "config" | "database" | "logger">;
  /** Default: a pino logger at LOG_LEVEL (silent). */
  readonly logger?: Logger;
}

/**
 * A real HTTP server on 127.0.0.1 with an ephemeral port, on a private migrated database
 * (PGlite in memory, or a fresh PostgreSQL database when DATABASE_URL is set). One per test file.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  // Every test client shares 127.0.0.1: the per-client registration limit and the free requests
  // per address are off unless a test sets them.
  const config = loadConfig({
    HOST: "127.0.0.1", LOG_LEVEL: "silent", SHUTDOWN_GRACE_MS: "2000", REGISTER_LIMIT_PER_HOUR: "0",
    FREE_REQUESTS_PER_ADDRESS_DAILY: "0", ...opts.env,
  });
  const app = await createApp({ ...opts.appOptions, config, database, logger: opts.logger ?? createLogger(config.logLevel) });
  await new Promise<void>((resolve) => app.httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = app.httpServer.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    app,
    config,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** POST a GraphQL operation; returns status and parsed body. */
export async function graphql(
  baseUrl: string, query: string, variables?: Record<string, unknown>,
): Promise<{ status: number; body: { data?: any; errors?: any } }> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: any } };
}

/** POST a JSON body to a REST route; returns status, headers and the parsed body. */
export async function postJson(
  baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(baseUrl + path, {
    method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
