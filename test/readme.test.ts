import { readdir, readFile, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { configDocRows } from "../src/server/config.js";
import "reflect-metadata";
import { parse, validate } from "graphql";
import { fieldCostMilli } from "../src/costing/price.js";
import { buildAppSchema } from "../src/resolvers/schema.js";
import { ROUTES } from "../src/rest-compat/route-table.js";

const README = new URL("../README.md", import.meta.url);

function envTable(): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  return [
    "| variable | default | meaning |",
    "|---|---|---|",
    ...configDocRows().map((r) => `| \`${r.env}\` | ${esc(r.defaultText)} | ${esc(r.description)} |`),
  ].join("\n");
}

const AUTH_TEXT = { none: "—", api_key: "API key", admin: "admin key" } as const;

/** The REST routes served, from the route table: the README's list cannot claim a route that is not there. */
function routeTable(): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  return [
    "| method | path | credits | key | what |",
    "|---|---|---|---|---|",
    ...ROUTES.map((r) => `| ${r.method.toUpperCase()} | \`${r.path}\` | ${r.credits} | ${AUTH_TEXT[r.auth]} | ${esc(r.summary)} |`),
  ].join("\n");
}

/** The README text between a marker pair equals `expected`; UPDATE_README=1 rewrites it instead. */
async function checkGenerated(name: string, expected: string): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = await readFile(README, "utf8");
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  expect(i).toBeGreaterThan(0);
  expect(j).toBeGreaterThan(i);
  const current = text.slice(i + start.length, j).trim();
  if (process.env.UPDATE_README === "1" && current !== expected) {
    await writeFile(README, `${text.slice(0, i + start.length)}\n${expected}\n${text.slice(j)}`);
    return;
  }
  expect(current).toBe(expected);
}

describe("the README is the front door", () => {
  it("documents every configuration variable (UPDATE_README=1 rewrites the table)", async () => {
    await checkGenerated("env-table", envTable());
  });

  it("lists exactly the REST routes the route table serves (UPDATE_README=1 rewrites the table)", async () => {
    await checkGenerated("route-table", routeTable());
  });

  it("points at the architecture document in the repository, never outside it", async () => {
    const text = await readFile(README, "utf8");
    expect(text).toContain("docs/architecture.md");
    expect(text).not.toMatch(/\.\.\/shared|DESIGN\.md/);
    await readFile(new URL("../docs/architecture.md", import.meta.url), "utf8");
  });

  it("describes the Subscription fields the schema has (and mentions subscriptions only if there are any)", async () => {
    const text = await readFile(README, "utf8");
    const schema = await buildAppSchema();
    const subscription = schema.getSubscriptionType();
    if (!subscription) {
      expect(text.toLowerCase()).not.toContain("subscription");
      return;
    }
    // Each field by name, with its price as the schema states it, and how to connect.
    for (const field of Object.values(subscription.getFields())) {
      expect(text, field.name).toContain(`subscription { ${field.name}(`);
      const credits = fieldCostMilli(field) / 1000;
      expect(text, `${field.name} price`).toContain(`costs **${credits} credit${credits === 1 ? "" : "s"}**`);
    }
    expect(text).toContain("graphql-ws");
    expect(text).toMatch(/connectionParams: \{ "X-API-Key"/);
  });

  it("shows the two set-up commands", async () => {
    const text = await readFile(README, "utf8");
    expect(text).toContain("npm ci && npm start");
    expect(text).toContain("npm test");
  });

  it("its examples use REST routes the service serves", async () => {
    const text = await readFile(README, "utf8");
    const used = [...text.matchAll(/localhost:8000(\/[a-z/.-]+)/g)].map((m) => m[1]!);
    const served = new Set(["/graphql", "/docs", "/openapi.json", "/metrics", ...ROUTES.map((r) => r.path)]);
    for (const path of used) expect(served, `README uses ${path}`).toContain(path);
  });

  it("its GraphQL examples are valid against the schema", async () => {
    const text = await readFile(README, "utf8");
    const queries = [...text.matchAll(/(?:"query"|\bquery): "((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(queries.length).toBeGreaterThan(0);
    const schema = await buildAppSchema();
    for (const q of queries) expect(validate(schema, parse(q)).map((e) => e.message), q).toEqual([]);
  });
});

describe("the architecture document", () => {
  const ARCH = new URL("../docs/architecture.md", import.meta.url);

  it("has the twelve numbered sections that code comments cite", async () => {
    const text = await readFile(ARCH, "utf8");
    const sections = [...text.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
    expect(sections).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("is what source, test and bench comments cite (never a file outside the repository)", async () => {
    const files: string[] = [];
    const walk = async (dir: URL) => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        const u = new URL(e.name + (e.isDirectory() ? "/" : ""), dir);
        if (e.isDirectory()) await walk(u);
        else if (/\.(ts|md)$/.test(e.name)) files.push(u.pathname);
      }
    };
    for (const d of ["../src/", "../test/", "../bench/"]) await walk(new URL(d, import.meta.url));
    const offenders: string[] = [];
    for (const f of files) {
      const text = await readFile(f, "utf8");
      if (f.endsWith("readme.test.ts")) continue;
      if (/\.\.\/shared\/|DESIGN\.md/.test(text)) offenders.push(f);
      for (const m of text.matchAll(/docs\/architecture\.md §(\d+)/g)) {
        const n = Number(m[1]);
        if (n < 1 || n > 12) offenders.push(`${f}: §${n}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
