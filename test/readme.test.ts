import { execFile } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configDocRows } from "../src/server/config.js";
import "reflect-metadata";
import { parse, validate } from "graphql";
import { fieldCostMilli } from "../src/costing/price.js";
import { buildAppSchema } from "../src/resolvers/schema.js";
import { ROUTES } from "../src/rest-compat/route-table.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

const README = new URL("../README.md", import.meta.url);
const DOCS = new URL("../docs/", import.meta.url);
const run = promisify(execFile);

/** The README and every page under docs/: the documentation a reader gets. */
async function documentation(): Promise<string> {
  const pages = (await readdir(DOCS)).filter((f) => f.endsWith(".md")).sort();
  const texts = await Promise.all([README, ...pages.map((f) => new URL(f, DOCS))].map((u) => readFile(u, "utf8")));
  return texts.join("\n");
}

/** The fenced blocks of one language in a text, in order. */
function fenced(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp("^```" + lang + "\\n([\\s\\S]*?)^```", "gm"))].map((m) => m[1]!);
}

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

/** The text of a page between a marker pair equals `expected`; UPDATE_README=1 rewrites it instead. */
async function checkGenerated(page: URL, name: string, expected: string): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = await readFile(page, "utf8");
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  expect(i).toBeGreaterThan(0);
  expect(j).toBeGreaterThan(i);
  const current = text.slice(i + start.length, j).trim();
  if (process.env.UPDATE_README === "1" && current !== expected) {
    await writeFile(page, `${text.slice(0, i + start.length)}\n${expected}\n${text.slice(j)}`);
    return;
  }
  expect(current).toBe(expected);
}

describe("the README is the front door", () => {
  it("its first screen (60 lines) says what it is, the Node version, the two commands, a try with credits, links", async () => {
    const text = await readFile(README, "utf8");
    const first = text.split("\n").slice(0, 60).join("\n");
    const pkg = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8")) as { engines: { node: string } };
    expect(first).toMatch(/^# .+\n\n.*astrology/i);
    expect(first).toContain(pkg.engines.node);
    expect(first).toContain("npm ci && npm start");
    expect(first).toMatch(/npm test .*minutes/);
    // The try: five command lines, the last two a self-hoster's credits beyond the free calls.
    const tryBlock = fenced(first, "sh")[1]!;
    expect(tryBlock.trim().split("\n")).toHaveLength(5);
    expect(tryBlock).toContain("/admin/grant-credits");
    expect(first).toMatch(/2 free calls/);
    expect(first).toMatch(/^## Documentation$/m);
    expect(first).toContain("](docs/payments.md)");
  });

  it("links every page under docs/, and every link it has leads to a page that exists", async () => {
    const text = await readFile(README, "utf8");
    const linked = new Set([...text.matchAll(/\]\(docs\/([^)#]+)\)/g)].map((m) => m[1]!));
    const pages = (await readdir(DOCS)).filter((f) => f.endsWith(".md"));
    for (const page of pages) expect(linked, `README links docs/${page}`).toContain(page);
    for (const page of linked) expect(pages, `docs/${page} exists`).toContain(page);
    for (const page of ["accuracy.md", "calendar-rules.md", "payments.md", "webhooks.md", "operations.md", "configuration.md", "rest-routes.md"]) {
      expect(pages).toContain(page);
    }
  });

  it("documents every configuration variable in docs/configuration.md (UPDATE_README=1 rewrites the table)", async () => {
    await checkGenerated(new URL("configuration.md", DOCS), "env-table", envTable());
  });

  it("lists exactly the REST routes the route table serves in docs/rest-routes.md (UPDATE_README=1 rewrites the table)", async () => {
    await checkGenerated(new URL("rest-routes.md", DOCS), "route-table", routeTable());
  });

  it("points at the architecture document in the repository, never outside it (README and docs/)", async () => {
    const text = await readFile(README, "utf8");
    expect(text).toContain("docs/architecture.md");
    expect(await documentation()).not.toMatch(/\.\.\/shared|\/work\/shared|DESIGN\.md/);
    await readFile(new URL("../docs/architecture.md", import.meta.url), "utf8");
  });

  it("describes the Subscription fields the schema has (and mentions subscriptions only if there are any)", async () => {
    const text = await documentation();
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

  it("its examples use REST routes the service serves (README and docs/)", async () => {
    const text = await documentation();
    const used = [...text.matchAll(/localhost:8000(\/[a-z/.-]+)/g)].map((m) => m[1]!);
    const served = new Set(["/graphql", "/docs", "/openapi.json", "/metrics", ...ROUTES.map((r) => r.path)]);
    for (const path of used) expect(served, `README uses ${path}`).toContain(path);
  });

  it("its GraphQL examples are valid against the schema (README and docs/)", async () => {
    const text = await documentation();
    const queries = [...text.matchAll(/(?:"query"|\bquery): "((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(queries.length).toBeGreaterThan(0);
    const schema = await buildAppSchema();
    for (const q of queries) expect(validate(schema, parse(q)).map((e) => e.message), q).toEqual([]);
  });
});

describe("the README's examples run against a live server", () => {
  const ADMIN_KEY = "readme-admin-key-0123456789abcdef0123";
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  }, 60_000);
  afterAll(async () => server?.close());

  it("the five-line try: a key, a REST and a GraphQL call, the operator's grant, the account with 100 credits", async () => {
    const text = await readFile(README, "utf8");
    const lines = fenced(text, "sh")[1]!.trim().split("\n").map((l) => l.replaceAll("localhost:8000", server.baseUrl.replace("http://", "")));
    const script = lines.map((l) => `${l}\necho; echo '<<>>'`).join("\n");
    const { stdout } = await run("bash", ["-euc", script], { env: { ...process.env, ADMIN_KEY }, timeout: 60_000 });
    const outs = stdout.split("<<>>").map((o) => o.trim()).slice(0, 5);
    expect(outs[0]).toBe("");
    const ephemeris = JSON.parse(outs[1]!);
    expect(JSON.stringify(ephemeris)).toMatch(/"sun"|"Sun"/);
    const gql = JSON.parse(outs[2]!);
    expect(gql.errors).toBeUndefined();
    expect(gql.data.chart.lagna.sign).toEqual(expect.any(String));
    expect(JSON.parse(outs[3]!)).toMatchObject({ credits_added: 100, new_balance: 100 });
    expect(JSON.parse(outs[4]!)).toMatchObject({ balance: 100 });
  }, 90_000);

  /** Runs the subscription snippet of docs/subscriptions.md against `url` with `key`; a file beside node_modules resolves its imports. */
  async function runSnippet(url: string, key: string): Promise<{ code: number; stdout: string; stderr: string }> {
    const snippet = fenced(await readFile(new URL("subscriptions.md", DOCS), "utf8"), "js")[0]!;
    expect(snippet).toContain("ws://localhost:8000/graphql");
    const dir = new URL("../test-results/readme-snippets/", import.meta.url);
    await mkdir(dir, { recursive: true });
    const file = new URL(`subscribe-${process.pid}-${Date.now()}.mjs`, dir);
    await writeFile(file, snippet.replace("ws://localhost:8000/graphql", url));
    try {
      const r = await run(process.execPath, [file.pathname], { env: { ...process.env, KEY: key }, timeout: 30_000 });
      return { code: 0, stdout: r.stdout, stderr: r.stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  it("the subscription snippet prints the reason of a refused connection in one line: an unknown key (4401)", async () => {
    const r = await runSnippet(`${server.baseUrl.replace("http", "ws")}/graphql`, "not-a-key");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^subscription ended: 4401 \S/);
  }, 60_000);

  it("the subscription snippet prints the reason of a refused connection in one line: nothing listening", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const r = await runSnippet(`ws://127.0.0.1:${port}/graphql`, "not-a-key");
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^subscription ended: .*ECONNREFUSED/);
  }, 60_000);
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
