import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();
const lowers = (xs: readonly string[]): string[] => xs.map(lower);

export const ASPECTS_DOCUMENT = /* GraphQL */ `
  query Aspects($birth: BirthInput!) {
    chart(birth: $birth) {
      datetime latitude longitude conventions { ayanamsha node }
      lagna { longitude rashi sign degree nakshatraName pada lord }
      grahaDrishti {
        graha rashi sign house
        targets { nth rashi sign house strengthPercent special grahas }
        virupas { graha virupas }
      }
      rashiDrishti { rashi sign house grahas aspects aspectSigns aspectedGrahas }
      mutualAspects { a b aToBPercent bToAPercent full }
    }
  }
`;

/** Aspects selection → the spec's AspectsResponse (snake_case). */
export function aspectsBody(c: Json): Json {
  const l = c.lagna;
  return {
    datetime: c.datetime, latitude: c.latitude, longitude: c.longitude,
    conventions: {
      ayanamsha: lower(c.conventions.ayanamsha), node: lower(c.conventions.node), houses: "whole_sign",
      graha_drishti: "parashari (BPHS ch. 26): 3rd/10th 25%, 5th/9th 50%, 4th/8th 75%, 7th 100%; Mars 4/8, Jupiter 5/9, Saturn 3/10 full",
      rashi_drishti: "jaimini", sphuta_drishti: "virupas, BPHS ch. 26 as worked by B.V. Raman",
    },
    lagna: { sign: l.sign, sign_number: l.rashi, degree: l.degree, longitude: l.longitude, nakshatra: l.nakshatraName, pada: l.pada, lord: lower(l.lord) },
    graha_drishti: Object.fromEntries(c.grahaDrishti.map((d: Json) => [lower(d.graha), {
      planet: lower(d.graha), sign: d.sign, sign_number: d.rashi, house: d.house,
      aspects: d.targets.map((t: Json) => ({
        aspect_house: t.nth, sign: t.sign, sign_number: t.rashi, house: t.house, strength_percent: t.strengthPercent,
        special: t.special, planets: lowers(t.grahas),
      })),
      full_aspect_houses: d.targets.filter((t: Json) => t.strengthPercent === 100).map((t: Json) => t.house),
      aspected_planets: Object.fromEntries(d.targets.flatMap((t: Json) => t.grahas.map((g: string) => [lower(g), t.strengthPercent]))),
      sphuta_drishti: Object.fromEntries(d.virupas.map((v: Json) => [lower(v.graha), v.virupas])),
    }])),
    rashi_drishti: c.rashiDrishti.map((r: Json) => ({
      sign: r.sign, sign_number: r.rashi, house: r.house, planets: lowers(r.grahas),
      aspects_signs: r.aspectSigns, aspects_sign_numbers: r.aspects, aspected_planets: lowers(r.aspectedGrahas),
    })),
    mutual_aspects: c.mutualAspects.map((m: Json) => ({
      planet_a: lower(m.a), planet_b: lower(m.b), a_to_b_percent: m.aToBPercent, b_to_a_percent: m.bToAPercent, full: m.full,
    })),
  };
}

export const aspectsRoute: RouteEntry = {
  method: "post",
  path: "/aspects",
  operationId: "aspects",
  summary: "Vedic aspects: graha drishti, Jaimini rashi drishti, mutual aspects",
  description:
    "Parashari graha drishti per planet with strengths 25/50/75/100% (special full aspects: Mars 4th/8th, Jupiter 5th/9th, " +
    "Saturn 3rd/10th) and sphuta drishti in virupas; Jaimini rashi drishti with the planets in the aspected signs; mutual aspects.",
  tags: ["calculation"],
  credits: 3,
  auth: "api_key",
  input: { body: CHART_BODY },
  document: ASPECTS_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body) }),
  errorLocs: BIRTH_ERROR_LOCS,
  result: (data) => ({ body: aspectsBody((data as Json).chart) }),
  responseSchema: {
    type: "object",
    required: ["datetime", "latitude", "longitude", "lagna", "graha_drishti", "rashi_drishti", "mutual_aspects"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      conventions: { type: "object" }, lagna: { type: "object", description: "LagnaInfo" },
      graha_drishti: { type: "object", description: "GrahaDrishtiEntry per planet", additionalProperties: { type: "object" } },
      rashi_drishti: { type: "array", description: "RashiDrishtiEntry", items: { type: "object" } },
      mutual_aspects: { type: "array", description: "MutualAspectEntry", items: { type: "object" } },
    },
  },
};
