import { readFile, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { configDocRows } from "../src/server/config.js";
import "reflect-metadata";
import { parse, validate } from "graphql";
import { buildAppSchema } from "../src/resolvers/schema.js";
import { ROUTES } from "../src/rest-compat/route-table.js";

const README = new URL("../README.md", import.meta.url);
const START = "<!-- env-table:start -->";
const END = "<!-- env-table:end -->";

function envTable(): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  return [
    "| variable | default | meaning |",
    "|---|---|---|",
    ...configDocRows().map((r) => `| \`${r.env}\` | ${esc(r.defaultText)} | ${esc(r.description)} |`),
  ].join("\n");
}

describe("the README is the front door", () => {
  it("documents every configuration variable (UPDATE_README=1 rewrites the table)", async () => {
    const text = await readFile(README, "utf8");
    const i = text.indexOf(START);
    const j = text.indexOf(END);
    expect(i).toBeGreaterThan(0);
    expect(j).toBeGreaterThan(i);
    const current = text.slice(i + START.length, j).trim();
    if (process.env.UPDATE_README === "1" && current !== envTable()) {
      await writeFile(README, `${text.slice(0, i + START.length)}\n${envTable()}\n${text.slice(j)}`);
      return;
    }
    expect(current).toBe(envTable());
  });

  it("shows the two set-up commands", async () => {
    const text = await readFile(README, "utf8");
    expect(text).toContain("npm ci && npm start");
    expect(text).toContain("npm test");
  });

  it("its examples use REST routes the service serves", async () => {
    const text = await readFile(README, "utf8");
    const used = [...text.matchAll(/localhost:8000(\/[a-z/.-]+)/g)].map((m) => m[1]!);
    const served = new Set(["/graphql", "/docs", "/openapi.json", ...ROUTES.map((r) => r.path)]);
    for (const path of used) expect(served, `README uses ${path}`).toContain(path);
  });

  it("its GraphQL examples are valid against the schema", async () => {
    const text = await readFile(README, "utf8");
    const queries = [...text.matchAll(/"query": "((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(queries.length).toBeGreaterThan(0);
    const schema = await buildAppSchema();
    for (const q of queries) expect(validate(schema, parse(q)).map((e) => e.message), q).toEqual([]);
  });
});
