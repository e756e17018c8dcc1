/**
 * English unchanged (issue 25, docs/languages.md): an answer nobody asked a language of is, byte for
 * byte, what the service answered before languages existed. The golden answers of 19 spec routes were
 * recorded from the build before the first languages commit (test/fixtures/README.md); the same
 * requests are sent here with no `lang` and no Accept-Language, and the bodies compared as bytes.
 * Two things are set apart, neither of them the languages' doing: fields a later issue added on
 * purpose (named below with their commit), and the time the dasha is read at (`now`), so the
 * running period moves with the clock.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { fundedAccount } from "../helpers/accounts.js";

interface Golden { readonly method: string; readonly url: string; readonly body?: unknown; readonly text: string }
const GOLDEN = JSON.parse(readFileSync(new URL("../fixtures/english-before-languages.json", import.meta.url), "utf8")) as { entries: Golden[] };

/** Fields added to a spec answer after the recording by another issue, with the commit that added them. */
const ADDED_SINCE: Readonly<Record<string, readonly (readonly string[])[]>> = {
  // d1456d7 (regional calendars): the samvatsara carries the Vikram and Shaka years.
  "POST /panchanga": [["samvatsara", "vikram_year"], ["samvatsara", "shaka_year"]],
  "GET /panchanga": [["samvatsara", "vikram_year"], ["samvatsara", "shaka_year"]],
};
/** Values read at the request's own moment (`now`): nulled on both sides. */
const AT_NOW: Readonly<Record<string, readonly (readonly string[])[]>> = {
  "POST /kundali": [["dasha", "query_datetime"], ["dasha", "current"], ["dasha", "current_period"]],
};

const ADMIN_KEY = "admin-key-for-english-unchanged-01";
let server: TestServer;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  apiKey = (await fundedAccount(server, ADMIN_KEY, 1_000)).key;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const at = (o: any, p: readonly string[]) => p.slice(0, -1).reduce((x, k) => x?.[k], o);

describe("English answers are byte for byte the answers from before languages", () => {
  it("the fixture covers the representative spec routes", () => {
    expect(GOLDEN.entries.map((e) => `${e.method} ${e.url.split("?")[0]}`)).toEqual(expect.arrayContaining([
      "POST /panchanga", "GET /panchanga", "POST /kundali", "POST /compatibility", "POST /choghadiya", "POST /varshaphal", "POST /pancha-pakshi", "POST /upagrahas", "POST /remedies",
    ]));
  });

  for (const golden of GOLDEN.entries) {
    const name = `${golden.method} ${golden.url.split("?")[0]}`;
    it(name, async () => {
      const res = await fetch(server.baseUrl + golden.url, {
        method: golden.method,
        headers: { "x-api-key": apiKey, ...(golden.body !== undefined ? { "content-type": "application/json" } : {}) },
        body: golden.body !== undefined ? JSON.stringify(golden.body) : undefined,
      });
      const text = await res.text();
      expect(res.status, text.slice(0, 300)).toBe(200);
      const added = ADDED_SINCE[name] ?? [];
      const now = AT_NOW[name] ?? [];
      if (added.length === 0 && now.length === 0) {
        expect(text).toBe(golden.text);
        return;
      }
      const mine = JSON.parse(text);
      const theirs = JSON.parse(golden.text);
      for (const p of added) {
        expect(at(mine, p), `${name}: ${p.join(".")} (added since)`).toHaveProperty(p.at(-1)!);
        delete at(mine, p)[p.at(-1)!];
      }
      for (const p of now) {
        at(mine, p)[p.at(-1)!] = null;
        at(theirs, p)[p.at(-1)!] = null;
      }
      // Re-serialised both sides: same keys, same order, same numbers.
      expect(JSON.stringify(mine)).toBe(JSON.stringify(theirs));
    });
  }
});
