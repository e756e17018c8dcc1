import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthDateTimeProblem, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();

export const REMEDIES_DOCUMENT = /* GraphQL */ `
  query Remedies($birth: BirthInput!, $queryDatetime: String) {
    chart(birth: $birth) {
      datetime latitude longitude conventions { ayanamsha node }
      remedies(queryDatetime: $queryDatetime) {
        queryDatetime
        findings { id kind grahas description }
        remedies {
          graha triggeredBy beejMantra japaCount gemstone { stone recommended caution }
          charityItems charityDay fastingDay deity lalKitab
        }
      }
    }
  }
`;

export const remediesRoute: RouteEntry = {
  method: "post",
  path: "/remedies",
  operationId: "remedies",
  summary: "Remedies from the chart's own findings",
  description:
    "Mantras (beej mantra and count), gemstones (never for a functional malefic of the lagna), charity, fasting, deity worship and " +
    "Lal Kitab remedies for weak (shadbala below required), debilitated, combust and dusthana planets, active doshas (Mangal, Kalsarpa, " +
    "Pitra) and the running dasha lord; each remedy names the findings that triggered it. Deterministic rules, no judgement.",
  tags: ["calculation"],
  credits: 3,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      query_datetime: {
        type: "string", format: "date-time", check: birthDateTimeProblem,
        description: "instant whose running maha dasha counts as a finding (default now)",
      },
    },
  },
  document: REMEDIES_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), queryDatetime: (body.query_datetime as string | undefined) ?? null }),
  errorLocs: { ...BIRTH_ERROR_LOCS, queryDatetime: ["body", "query_datetime"] },
  result: (data) => {
    const c = (data as Json).chart;
    const r = c.remedies;
    return {
      body: {
        datetime: c.datetime, latitude: c.latitude, longitude: c.longitude, query_datetime: r.queryDatetime,
        conventions: { ayanamsha: lower(c.conventions.ayanamsha), node: lower(c.conventions.node), houses: "whole_sign", shadbala: "raman" },
        findings: r.findings.map((f: Json) => ({ id: f.id, kind: f.kind, planets: f.grahas.map(lower), description: f.description })),
        remedies: r.remedies.map((x: Json) => ({
          planet: lower(x.graha), triggered_by: x.triggeredBy,
          mantra: { beej_mantra: x.beejMantra, count: x.japaCount },
          gemstone: { stone: x.gemstone.stone, recommended: x.gemstone.recommended, caution: x.gemstone.caution },
          charity: { items: x.charityItems, day: x.charityDay },
          fasting_day: x.fastingDay, deity: x.deity, lal_kitab: x.lalKitab,
        })),
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "latitude", "longitude", "findings", "remedies"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" }, query_datetime: { type: "string" },
      conventions: { type: "object" },
      findings: { type: "array", items: { type: "object" } },
      remedies: { type: "array", items: { type: "object" } },
    },
  },
};
