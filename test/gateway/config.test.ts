import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, loadConfig } from "../../src/server/config.js";

describe("configuration from the environment", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8000, host: "0.0.0.0", dataDir: "./data", logLevel: "info", bodyLimitKb: 100 });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.adminKey).toBeUndefined();
    expect(c.baseUrl).toBe("http://localhost:8000");
  });

  it("reads every variable", () => {
    const c = loadConfig({
      PORT: "9000", HOST: "127.0.0.1", DATABASE_URL: "postgres://u:p@localhost:5432/db", DATA_DIR: "/tmp/x",
      LOG_LEVEL: "DEBUG", ADMIN_KEY: "an-admin-key-123-0123456789abcde", PUBLIC_BASE_URL: "https://astro.example.com/",
    });
    expect(c).toMatchObject({
      port: 9000, host: "127.0.0.1", databaseUrl: "postgres://u:p@localhost:5432/db", dataDir: "/tmp/x", logLevel: "debug",
      adminKey: "an-admin-key-123-0123456789abcde", baseUrl: "https://astro.example.com",
    });
  });

  it.each([
    [{ PORT: "abc" }, 'PORT must be an integer 1–65535, got "abc"'],
    [{ PORT: "70000" }, 'PORT must be an integer 1–65535, got "70000"'],
    [{ PORT: "80.5" }, 'PORT must be an integer 1–65535, got "80.5"'],
    [{ LOG_LEVEL: "loud" }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    [{ DATABASE_URL: "mysql://secret@host/db" }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://, got "…"'],
    [{ PUBLIC_BASE_URL: "astro.example.com" }, 'PUBLIC_BASE_URL must be a URL starting with http:// or https://, got "astro.example.com"'],
    [{ ADMIN_KEY: "short" }, 'ADMIN_KEY must be at least 32 characters long, got "…"'],
  ])("%o stops the service with one line naming the variable", (env, line) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(line);
    expect(line).not.toContain("\n");
  });

  it("the table documents every variable", () => {
    for (const v of Object.values(CONFIG_VARIABLES)) {
      expect(v.env).toMatch(/^[A-Z_]+$/);
      expect(v.description.length).toBeGreaterThan(10);
    }
  });
});
