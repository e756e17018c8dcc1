import { DASHA_YEAR_DAYS, DEFAULT_DASHA_YEAR } from "../../engine/dasha/vimshottari.js";
import { DASHA_SYSTEMS } from "../../engine/dasha/dasha-systems.js";
import { dateTimeProblem } from "../../resolvers/common/moment.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, DASHA_PERIOD_FRAGMENT, birthVariable, currentPeriodBody, periodBody } from "./kundali-route.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();

/** The spec's answer (Vimshottari to pratyantar): the route's default document, the one its 2 credits are checked against. */
export const DASHA_DOCUMENT = /* GraphQL */ `
  query Dasha($birth: BirthInput!, $at: String, $year: DashaYear!) {
    dasha(birth: $birth, queryDatetime: $at, year: $year) {
      system yearConvention yearDays moonNakshatra moonNakshatraName queryDatetime
      balance { planet years elapsedFraction }
      current { mahaDasha { ...P } antarDasha { ...P } pratyantarDasha { ...P } }
      mahaDashas { ...P subPeriods { ...P subPeriods { ...P } } }
    }
  }
  ${DASHA_PERIOD_FRAGMENT}
`;

/** `levels` nested selections of `fragment` below the maha periods' (maha = level 1). */
const nested = (fragment: string, levels: number): string =>
  levels <= 1 ? `...${fragment}` : `...${fragment} subPeriods { ${nested(fragment, levels - 1)} }`;

/**
 * Deepest `levels` REST serves. The full fifth level of Vimshottari is 59,049 prana periods
 * (≈ 8.5 MB, ≈ 0.7 s of work): past the work budget and the answer-size limit. So `levels: 5`
 * answers the tree to sookshma (6,561 periods) and, in its place in the tree, the nine prana
 * periods of the sookshma running at query_datetime (docs/dashas-and-jaimini.md); GraphQL serves
 * prana under any periods a caller selects (docs/limits.md).
 */
export const REST_DASHA_MAX_LEVELS = 5;

/** Vimshottari to `levels` (1..REST_DASHA_MAX_LEVELS); 3 is the spec's document itself. */
function vimshottariDocument(levels: number): string {
  if (levels === 3) return DASHA_DOCUMENT;
  // Level 5: prana under the running sookshma only (its subPeriods in `current`).
  const sookshma = levels >= 5 ? "sookshmaDasha { ...P subPeriods { ...P } }" : "sookshmaDasha { ...P }";
  return /* GraphQL */ `
  query Dasha($birth: BirthInput!, $at: String, $year: DashaYear!) {
    dasha(birth: $birth, queryDatetime: $at, year: $year) {
      system yearConvention yearDays moonNakshatra moonNakshatraName queryDatetime
      balance { planet years elapsedFraction }
      current { mahaDasha { ...P } antarDasha { ...P } pratyantarDasha { ...P } ${sookshma} pranaDasha { ...P } }
      mahaDashas { ${nested("P", Math.min(levels, 4))} }
    }
  }
  ${DASHA_PERIOD_FRAGMENT}
`;
}

/** The tree's running sookshma (the current one's start) gets its prana periods, in place (levels 5). */
function withRunningPrana(mahas: Json[], running: Json | null | undefined, body: (x: Json) => Json): void {
  if (!running?.subPeriods) return;
  const start = running.start as string;
  const holding = (list: Json[] | undefined): Json | undefined => list?.find((p) => p.start <= start && start < p.end);
  const pratyantar = holding(holding(holding(mahas)?.antardashas)?.pratyantardashas);
  const sookshma = pratyantar?.sookshmadashas?.find((p: Json) => p.start === start);
  if (sookshma) sookshma.pranadashas = running.subPeriods.map((p: Json) => body(p));
}

/** Any other system (Query.systemDasha) to `levels`. */
function systemDocument(levels: number): string {
  return /* GraphQL */ `
  query SystemDasha($birth: BirthInput!, $system: DashaSystem!, $at: String, $year: DashaYear!, $levels: Int) {
    systemDasha(birth: $birth, system: $system, queryDatetime: $at, year: $year, levels: $levels) {
      system name kind rules yearDays maxLevel moonNakshatra queryDatetime
      condition { met rule clauses { rule met } source }
      balance { lord planet sign years elapsedFraction }
      narayana { seed seedFrom strengthRule direction progression exception order }
      kalachakra { nakshatra pada group chakra signs paramayush deha jeeva padaElapsedFraction }
      current { ...S }
      mahaDashas { ${nested("S", levels)} }
    }
  }
  fragment S on DashaSpan { lord planet sign start end durationYears }
`;
}

// Fixed texts, built once: the direct path compiles each once.
const DEPTHS = Array.from({ length: REST_DASHA_MAX_LEVELS }, (_, i) => i + 1);
const VIMSHOTTARI_DOCS = DEPTHS.map(vimshottariDocument);
const SYSTEM_DOCS = DEPTHS.map(systemDocument);

/** Sub-period keys of the REST answer by level (2 antar … 5 prana). */
const SUB_KEYS = ["", "", "antardashas", "pratyantardashas", "sookshmadashas", "pranadashas"];
const LEVEL_KEYS = ["maha_dasha", "antar_dasha", "pratyantar_dasha", "sookshma_dasha", "prana_dasha"];

function tree<T extends Json>(p: Json, level: number, body: (x: Json) => T): Json {
  const out: Json = { ...body(p) };
  if (p.subPeriods) out[SUB_KEYS[level + 1]!] = p.subPeriods.map((s: Json) => tree(s, level + 1, body));
  return out;
}

const spanBody = (p: Json): Json => ({
  lord: p.planet ? lower(p.planet) : p.lord, ...(p.planet ? { planet: lower(p.planet) } : {}), ...(p.sign ? { sign: p.sign } : {}),
  start: p.start, end: p.end, duration_years: p.durationYears,
});

const LEVELS = { type: "integer", min: 1, max: REST_DASHA_MAX_LEVELS, default: 3 } as const;

export const dashaRoute: RouteEntry = {
  method: "post",
  path: "/dasha",
  operationId: "dasha",
  summary: "Dasha periods (Vimshottari by default; Yogini, Ashtottari, the BPHS conditional dashas, Chara, Narayana, Kalachakra)",
  description:
    "By default the spec's Vimshottari answer: maha dashas, antardashas and pratyantardashas from the Moon's birth nakshatra " +
    "(BPHS ch. 46), the balance at birth and the periods running at query_datetime (default: now). Dates in the offset of the " +
    "birth datetime. dasha_year sets the year length: julian 365.25 days (default), sidereal 365.256363, savana 360. " +
    "`system` picks another dasha (docs/dashas-and-jaimini.md) and `levels` the depth: Vimshottari 1–5 (at 4 and 5 " +
    "`current` runs to prana; at 5 the tree to sookshma and, in their place, the prana periods of the running sookshma — the full fifth level is served by GraphQL under selected periods), the others to their deepest level (3). " +
    "Priced like the GraphQL fields: 1 credit for the dasha and its maha periods, 0.5 per level below them — 2 credits at the " +
    "default 3 levels, 2.5 at 4, 3 at 5.",
  tags: ["calculation"],
  credits: 2,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      query_datetime: {
        type: "string", format: "date-time", check: dateTimeProblem, example: "2024-01-15T10:30:00+05:30",
        description: "instant for `current`, ISO 8601 with UTC offset; default now",
      },
      dasha_year: {
        type: "string", enum: Object.keys(DASHA_YEAR_DAYS), default: DEFAULT_DASHA_YEAR,
        description: "dasha year length convention, echoed back in conventions",
      },
      system: {
        type: "string", enum: ["vimshottari", ...DASHA_SYSTEMS], default: "vimshottari",
        description: "dasha system; anything but vimshottari answers with `lord` per period and the system's `condition`",
      },
      levels: {
        ...LEVELS,
        description: "depth: 1 maha … 4 sookshma, 5 prana (Vimshottari: at 4 and 5 `current` runs to prana; at 5 the tree to sookshma " +
          "and the prana periods of the running sookshma in its place, the full fifth level being 59,049 periods); other systems to their maxLevel (3). " +
          "Prana periods under any other periods: GraphQL `dasha { mahaDashas(planet:) { subPeriods … } }`.",
      },
    },
  },
  document: DASHA_DOCUMENT,
  documentFor: ({ body }: ValidInput) =>
    body.system === "vimshottari" ? VIMSHOTTARI_DOCS[Number(body.levels) - 1]! : SYSTEM_DOCS[Number(body.levels) - 1]!,
  variables: ({ body }: ValidInput) => ({
    birth: birthVariable(body),
    at: (body.query_datetime as string | undefined) ?? null,
    year: String(body.dasha_year).toUpperCase(),
    ...(body.system === "vimshottari" ? {} : { system: String(body.system).toUpperCase(), levels: body.levels }),
  }),
  errorLocs: { ...BIRTH_ERROR_LOCS, queryDatetime: ["body", "query_datetime"], levels: ["body", "levels"], system: ["body", "system"] },
  result: (data, { body }) => {
    const base = { datetime: body.datetime, latitude: body.latitude, longitude: body.longitude };
    if (body.system !== "vimshottari") {
      const d = (data as Json).systemDasha;
      return {
        body: {
          ...base, query_datetime: d.queryDatetime,
          conventions: { ayanamsha: body.ayanamsha, node: body.node, dasha_year: body.dasha_year, year_days: d.yearDays },
          system: d.system.toLowerCase(), name: d.name, kind: d.kind, rules: d.rules, levels: body.levels, max_level: d.maxLevel,
          moon_nakshatra: d.moonNakshatra,
          condition: d.condition,
          balance: d.balance ? { lord: d.balance.planet ? lower(d.balance.planet) : d.balance.lord, years: d.balance.years, elapsed_fraction: d.balance.elapsedFraction } : null,
          ...(d.narayana ? {
            narayana: {
              seed: d.narayana.seed, seed_from: d.narayana.seedFrom, strength_rule: d.narayana.strengthRule, direction: d.narayana.direction,
              progression: d.narayana.progression, exception: d.narayana.exception, order: d.narayana.order,
            },
          } : {}),
          ...(d.kalachakra ? {
            kalachakra: {
              nakshatra: d.kalachakra.nakshatra, pada: d.kalachakra.pada, group: d.kalachakra.group, chakra: d.kalachakra.chakra,
              signs: d.kalachakra.signs, paramayush: d.kalachakra.paramayush, deha: d.kalachakra.deha, jeeva: d.kalachakra.jeeva,
              pada_elapsed_fraction: d.kalachakra.padaElapsedFraction,
            },
          } : {}),
          maha_dashas: d.mahaDashas.map((m: Json) => tree(m, 1, spanBody)),
          current: d.current ? Object.fromEntries(d.current.map((p: Json, i: number) => [LEVEL_KEYS[i], spanBody(p)])) : null,
        },
      };
    }
    const d = (data as Json).dasha;
    const cur = d.current;
    const levels = Number(body.levels);
    // levels 4: the running chain to prana (five periods, cheap) though the tree stops at sookshma.
    const current = levels === 3 || !cur ? currentPeriodBody(cur)
      : Object.fromEntries(["mahaDasha", "antarDasha", "pratyantarDasha", "sookshmaDasha", "pranaDasha"].slice(0, levels >= 4 ? 5 : 3)
        .map((k, i) => [LEVEL_KEYS[i], periodBody(cur[k])]));
    const mahaDashas = d.mahaDashas.map((m: Json) => tree(m, 1, (p) => periodBody(p)!));
    if (levels >= 5) withRunningPrana(mahaDashas, cur?.sookshmaDasha, (p) => periodBody(p)!);
    return {
      body: {
        ...base,
        query_datetime: d.queryDatetime,
        conventions: { ayanamsha: body.ayanamsha, node: body.node, dasha_year: lower(d.yearConvention), year_days: d.yearDays },
        system: d.system,
        moon_nakshatra: d.moonNakshatraName,
        balance: { planet: lower(d.balance.planet), years: d.balance.years, elapsed_fraction: d.balance.elapsedFraction },
        maha_dashas: mahaDashas,
        current,
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "query_datetime", "conventions", "system", "balance", "maha_dashas", "current"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      query_datetime: { type: "string" }, conventions: { type: "object" }, system: { type: "string" },
      moon_nakshatra: { type: ["string", "integer", "null"] }, balance: { type: ["object", "null"] },
      condition: { type: ["object", "null"], description: "other systems: when the system applies (met, rule, clauses, source)" },
      narayana: { type: "object", description: "system narayana: seed, seed_from, strength_rule, direction, progression, exception, order" },
      kalachakra: { type: "object", description: "system kalachakra: nakshatra, pada, group, chakra, signs, paramayush, deha, jeeva, pada_elapsed_fraction" },
      maha_dashas: { type: "array", description: "DashaPeriodFull (antardashas, pratyantardashas … as deep as `levels`)", items: { type: "object" } },
      current: { type: ["object", "null"], description: "CurrentPeriod: maha_dasha, antar_dasha, pratyantar_dasha (… prana_dasha)" },
    },
  },
};
