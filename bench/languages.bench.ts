/**
 * Languages (issue 25): a localised answer costs what an English one does, within noise. The
 * REST panchanga and kundali routes run in-process exactly as the router runs them — the stored
 * document through the schema, the route's mapping to the spec's JSON — once in English and once
 * with the Tamil rewrite of the body (i18n/localize.ts), new place-day / birth each call.
 */
import "reflect-metadata";
import { execute, parse, type DocumentNode } from "graphql";
import { localizeInPlace } from "../src/i18n/localize.js";
import type { Language } from "../src/i18n/languages.js";
import { createGraphQLContext } from "../src/resolvers/context.js";
import { buildAppSchema } from "../src/resolvers/schema.js";
import type { RouteEntry } from "../src/rest-compat/route-entry.js";
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
    const reply = r.result(out.data!, { path: {}, query: {}, body }) as { body: Record<string, any> };
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
  /** en and ta on the same inputs, alternating which goes first, so caches and JIT favour neither. */
  const paired = async (r: RouteEntry, doc: DocumentNode, next: () => Record<string, unknown>, n: number): Promise<[number, number]> => {
    for (let i = 0; i < 20; i++) await answer(r, doc, next(), i % 2 ? "ta" : "en");
    const en: number[] = [];
    const ta: number[] = [];
    for (let i = 0; i < n; i++) {
      const body = next();
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
  return [
    { name: "REST /panchanga in-process (document + mapping), en", microseconds: pEn },
    { name: "REST /panchanga in-process (document + mapping), ta (same inputs, alternating)", microseconds: pTa },
    { name: "REST /kundali in-process (document + mapping), new birth each call, en", microseconds: kEn },
    { name: "REST /kundali in-process (document + mapping), new birth each call, ta (same births, alternating)", microseconds: kTa },
    { name: "the Tamil rewrite of one panchanga body alone (minus a structuredClone)", microseconds: Math.max(0, medianMicros(rewrite, 2000, 200) - medianMicros(clone, 2000, 200)) },
  ];
}
