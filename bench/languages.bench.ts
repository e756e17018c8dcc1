/**
 * Languages (issue 25): a localised answer costs what an English one does, within noise. The
 * REST panchanga and kundali routes run in-process exactly as the router runs them — the stored
 * document through the schema, the route's mapping to the spec's JSON — once in English and once
 * with the Tamil rewrite of the body (i18n/localize.ts), new place-day / birth each call. Then the
 * same two routes over HTTP: the whole service (createApp: API key, pricing, hold and debit on an
 * in-memory PGlite, or BENCH_DATABASE_URL) on loopback, `POST /panchanga` and `POST /kundali`
 * sent with no language and with `?lang=ta` on the same inputs, alternating, one request at a time.
 * Each input is answered once untimed first, so whichever language goes first finds the engine's
 * caches as warm as the second does.
 */
import "reflect-metadata";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { sql } from "kysely";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { createApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { createLogger } from "../src/server/logger.js";
import { execute, parse, type DocumentNode } from "graphql";
import { localizeInPlace } from "../src/i18n/localize.js";
import type { Language } from "../src/i18n/languages.js";
import { createGraphQLContext } from "../src/resolvers/context.js";
import { buildAppSchema } from "../src/resolvers/schema.js";
import { LANGUAGE_ASKED, NO_LANGUAGE_ASKED, type RouteEntry } from "../src/rest-compat/route-entry.js";
import { ROUTES } from "../src/rest-compat/route-table.js";
import { preloadSeries } from "../src/engine/astro/positions.js";
import { medianMicros, type BenchResult } from "./run.js";

const route = (id: string): RouteEntry => ROUTES.find((r) => r.operationId === id)!;

export async function run(): Promise<BenchResult[]> {
  preloadSeries();
  const schema = await buildAppSchema();
  const answer = async (r: RouteEntry, doc: DocumentNode, given: Record<string, unknown>, lang: Language) => {
    // The body as the validator hands it on: defaults filled in.
    const body: Record<string, unknown> = { ...given };
    for (const [k, f] of Object.entries(r.input.body ?? {})) if (body[k] === undefined && f.default !== undefined) body[k] = f.default;
    const variables = r.variables({ path: {}, query: {}, body }, {});
    const out = await execute({ schema, document: doc, variableValues: variables, contextValue: createGraphQLContext({ requestId: "bench" }) }) as { data?: Record<string, unknown>; errors?: unknown };
    if (out.errors) throw new Error(JSON.stringify(out.errors));
    const reply = r.result(out.data!, { path: {}, query: {}, body }, lang === "en" ? NO_LANGUAGE_ASKED : LANGUAGE_ASKED) as { body: Record<string, any> };
    if (lang !== "en") {
      reply.body.conventions.language = lang;
      localizeInPlace(reply.body, lang);
    }
    return reply.body;
  };
  const panchanga = route("panchanga");
  const kundali = route("kundali");
  const pDoc = parse(panchanga.document);
  const kDoc = parse(kundali.document);
  let day = 0;
  const pBody = () => ({ datetime: new Date(Date.UTC(2024, 0, 1) + (day++ % 366) * 86_400_000).toISOString().replace("Z", "+00:00"), latitude: 13.08, longitude: 80.27 });
  let birth = 0;
  const kBody = () => ({ datetime: new Date(Date.UTC(1960, 0, 1) + (birth++) * 86_400_000 * 37.3).toISOString().replace("Z", "+00:00"), latitude: 13.08, longitude: 80.27 });
  const sample = await answer(panchanga, pDoc, pBody(), "en");

  const rewrite = () => localizeInPlace(structuredClone(sample), "ta");
  const clone = () => structuredClone(sample);
  /**
   * en and ta on the same inputs, alternating which goes first, after one untimed answer of the same
   * input (so the engine's month caches are as warm for both), so caches and JIT favour neither.
   */
  const paired = async (r: RouteEntry, doc: DocumentNode, next: () => Record<string, unknown>, n: number): Promise<[number, number]> => {
    for (let i = 0; i < 20; i++) await answer(r, doc, next(), i % 2 ? "ta" : "en");
    const en: number[] = [];
    const ta: number[] = [];
    for (let i = 0; i < n; i++) {
      const body = next();
      await answer(r, doc, body, "en");
      for (const lang of (i % 2 ? ["ta", "en"] : ["en", "ta"]) as Language[]) {
        const t0 = process.hrtime.bigint();
        await answer(r, doc, body, lang);
        (lang === "en" ? en : ta).push(Number(process.hrtime.bigint() - t0) / 1000);
      }
    }
    const med = (t: number[]) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
    return [med(en), med(ta)];
  };
  const [pEn, pTa] = await paired(panchanga, pDoc, pBody, 400);
  const [kEn, kTa] = await paired(kundali, kDoc, kBody, 200);
  const http = await overHttp(pBody, kBody);
  return [
    { name: "REST /panchanga in-process (document + mapping), en", microseconds: pEn },
    { name: "REST /panchanga in-process (document + mapping), ta (same inputs, alternating)", microseconds: pTa },
    { name: "REST /kundali in-process (document + mapping), new birth each call, en", microseconds: kEn },
    { name: "REST /kundali in-process (document + mapping), new birth each call, ta (same births, alternating)", microseconds: kTa },
    { name: "the Tamil rewrite of one panchanga body alone (minus a structuredClone)", microseconds: Math.max(0, medianMicros(rewrite, 2000, 200) - medianMicros(clone, 2000, 200)) },
    ...http,
  ];
}

/** POST /panchanga and POST /kundali over loopback HTTP, en and ?lang=ta on the same bodies, alternating which goes first. */
async function overHttp(pBody: () => Record<string, unknown>, kBody: () => Record<string, unknown>): Promise<BenchResult[]> {
  const ADMIN_KEY = "bench-admin-key-languages-0123456789";
  const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { inMemory: true });
  await migrateToLatest(database.db);
  const config = loadConfig({ HOST: "127.0.0.1", LOG_LEVEL: "silent", REGISTER_LIMIT_PER_HOUR: "0", FREE_REQUESTS_PER_ADDRESS_DAILY: "0", ADMIN_KEY });
  const app = await createApp({ config, database, logger: createLogger("silent"), accounts: {} });
  await new Promise<void>((r) => app.httpServer.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
  try {
    const reg = (await (await fetch(`${base}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as { api_key: string; account_id: string };
    await sql`update accounts set rate_limit = 1000000 where id = ${reg.account_id}`.execute(database.db);
    const grant = await fetch(`${base}/admin/grant-credits`, {
      method: "POST", headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
      body: JSON.stringify({ account_id: reg.account_id, credits: 1_000_000, reason: "languages bench" }),
    });
    if (grant.status !== 200) throw new Error(`grant-credits answered ${grant.status}`);
    const post = async (path: string, body: string, lang: "en" | "ta"): Promise<number> => {
      const t0 = process.hrtime.bigint();
      const res = await fetch(`${base}${path}${lang === "ta" ? "?lang=ta" : ""}`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": reg.api_key }, body });
      const text = await res.text();
      const us = Number(process.hrtime.bigint() - t0) / 1000;
      if (res.status !== 200) throw new Error(`${path} ${lang}: ${res.status} ${text.slice(0, 200)}`);
      if (lang === "ta" && res.headers.get("content-language") !== "ta") throw new Error(`${path}: not answered in Tamil`);
      return us;
    };
    const paired = async (path: string, next: () => Record<string, unknown>, n: number): Promise<[number, number]> => {
      for (let i = 0; i < 20; i++) await post(path, JSON.stringify(next()), i % 2 ? "ta" : "en");
      const en: number[] = [];
      const ta: number[] = [];
      for (let i = 0; i < n; i++) {
        const body = JSON.stringify(next());
        await post(path, body, "en"); // untimed: the same input's caches as warm for both
        for (const lang of (i % 2 ? ["ta", "en"] : ["en", "ta"]) as ("en" | "ta")[]) (lang === "en" ? en : ta).push(await post(path, body, lang));
      }
      const med = (t: number[]) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
      return [med(en), med(ta)];
    };
    const load = () => `load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`;
    const [pEn, pTa] = await paired("/panchanga", pBody, 300);
    const pLoad = load();
    const [kEn, kTa] = await paired("/kundali", kBody, 150);
    const kLoad = load();
    return [
      { name: "POST /panchanga over HTTP (key, price, hold, debit), en", microseconds: pEn, note: pLoad },
      { name: "POST /panchanga?lang=ta over HTTP, same bodies, alternating", microseconds: pTa, note: `ta ÷ en ${(pTa / pEn).toFixed(2)}` },
      { name: "POST /kundali over HTTP, new birth each pair, en", microseconds: kEn, note: kLoad },
      { name: "POST /kundali?lang=ta over HTTP, same births, alternating", microseconds: kTa, note: `ta ÷ en ${(kTa / kEn).toFixed(2)}` },
    ];
  } finally {
    await app.close();
    await database.close();
  }
}
