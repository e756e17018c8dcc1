import { AYANAMSHAS, NODE_KINDS } from "../../engine/types.js";
import type { FieldSet, ValidInput } from "../input-schema.js";
import { KOOTS } from "../../i18n/tables/koots.js";
import type { RouteEntry } from "../route-entry.js";
import { birthDateTimeProblem } from "./kundali-route.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();

/** One partner's three required fields, prefixed groom_ or bride_ (the spec's Compatibility request). */
export function partnerFields(side: "groom" | "bride"): FieldSet {
  return {
    [`${side}_datetime`]: {
      type: "string", required: true, format: "date-time", check: birthDateTimeProblem,
      example: side === "groom" ? "1990-05-15T14:30:00+05:30" : "1992-08-20T09:15:00+05:30",
      description: `${side}'s birth moment, ISO 8601 with UTC offset, years 1800–2400`,
    },
    [`${side}_latitude`]: { type: "number", required: true, min: -90, max: 90, example: 28.6139, description: "degrees, north positive" },
    [`${side}_longitude`]: { type: "number", required: true, min: -180, max: 180, example: 77.209, description: "degrees, east positive" },
  };
}

export const partnerVariable = (body: Json, side: "groom" | "bride"): Json => ({
  datetime: body[`${side}_datetime`], latitude: body[`${side}_latitude`], longitude: body[`${side}_longitude`],
  options: { ayanamsha: String(body.ayanamsha).toUpperCase(), node: String(body.node).toUpperCase() },
});

/** Where a GraphQL error about a partner points in the flat groom_/bride_ body. */
export const PARTNER_ERROR_LOCS = {
  "groom.datetime": ["body", "groom_datetime"], "groom.latitude": ["body", "groom_latitude"], "groom.longitude": ["body", "groom_longitude"],
  "bride.datetime": ["body", "bride_datetime"], "bride.latitude": ["body", "bride_latitude"], "bride.longitude": ["body", "bride_longitude"],
  groom: ["body", "groom_latitude"], bride: ["body", "bride_latitude"],
} as const;

export const COMPATIBILITY_DOCUMENT = /* GraphQL */ `
  query Compatibility($groom: BirthInput!, $bride: BirthInput!) {
    compatibility(groom: $groom, bride: $bride) {
      ashtakoota {
        groomMoon { ...M } brideMoon { ...M }
        koots { name score max boy girl description }
        totalScore maxScore recommendation reasons
        nadiDosha { present cancelled cancellations } bhakootDosha { present cancelled cancellations }
      }
      mangalDosha {
        mutuallyCancelled blocksMatch description
        groom { ...D } bride { ...D }
      }
    }
  }
  fragment M on MatchMoon { longitude nakshatra nakshatraName pada rashi rashiName rashiLord }
  fragment D on Dosha { present formed cancelled severity cancellationFactors rulesMet description }
`;

const moonBody = (m: Json) => ({
  longitude: m.longitude, nakshatra: m.nakshatra, nakshatra_name: m.nakshatraName, pada: m.pada,
  rashi: m.rashi, rashi_name: m.rashiName, rashi_lord: lower(m.rashiLord),
});
const doshaNote = (d: Json) => ({ present: d.present, cancelled: d.cancelled, cancellations: d.cancellations });
const mangalBody = (d: Json) => ({
  present: d.present, formed: d.formed, cancelled: d.cancelled, severity: d.severity,
  cancellation_factors: d.cancellationFactors, rules_met: d.rulesMet, description: d.description,
});

export const compatibilityRoute: RouteEntry = {
  method: "post",
  path: "/compatibility",
  operationId: "compatibility",
  summary: "Ashtakoota marriage compatibility",
  description:
    "The eight kootas (Varna 1, Vashya 2, Tara 3, Yoni 4, Graha Maitri 5, Gana 6, Bhakoot 7, Nadi 8; 36 in all) from both " +
    "Moons' nakshatra and rashi (Muhurta Chintamani, Vivaha prakarana). Tara is counted both ways (1.5 each unless the " +
    "remainder mod 9 is 3, 5 or 7); Varna uses the common table (earth signs Vaishya). recommendation: excellent ≥ 33, " +
    "good ≥ 25, average ≥ 18, else not_recommended, one band lower for each uncancelled Nadi or Bhakoot dosha. " +
    "Mangal dosha of both charts is reported, cancelled when both have it.",
  tags: ["calculation"],
  credits: 5,
  auth: "api_key",
  input: {
    body: {
      ...partnerFields("groom"),
      ...partnerFields("bride"),
      ayanamsha: { type: "string", enum: AYANAMSHAS, default: "lahiri", description: "ayanamsha" },
      node: { type: "string", enum: NODE_KINDS, default: "mean", description: "Rahu/Ketu: mean or true lunar node" },
    },
  },
  document: COMPATIBILITY_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ groom: partnerVariable(body, "groom"), bride: partnerVariable(body, "bride") }),
  errorLocs: PARTNER_ERROR_LOCS,
  result: (data, { body }, asked) => {
    const c = (data as Json).compatibility;
    const a = c.ashtakoota;
    const m = c.mangalDosha;
    return {
      body: {
        total_score: a.totalScore,
        max_score: a.maxScore,
        recommendation: a.recommendation,
        // The spec's KootScore; its title (GraphQL's KootScore.title, put in the language on the way out) only when a language was asked.
        koots: a.koots.map((k: Json) => ({ name: k.name, ...(asked.language ? { title: KOOTS.rows[k.name]?.en } : {}), score: k.score, max: k.max, boy: k.boy, girl: k.girl, description: k.description })),
        reasons: a.reasons,
        groom_moon: moonBody(a.groomMoon),
        bride_moon: moonBody(a.brideMoon),
        nadi_dosha: doshaNote(a.nadiDosha),
        bhakoot_dosha: doshaNote(a.bhakootDosha),
        mangal_dosha: {
          groom: mangalBody(m.groom), bride: mangalBody(m.bride),
          mutually_cancelled: m.mutuallyCancelled, blocks_match: m.blocksMatch, description: m.description,
        },
        conventions: { ayanamsha: body.ayanamsha, node: body.node, tara: "classical", varna_table: "common" },
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["total_score", "max_score", "recommendation", "koots"],
    properties: {
      total_score: { type: "number" }, max_score: { type: "integer" }, recommendation: { type: "string" },
      koots: { type: "array", description: "KootScore: name, score, max, boy, girl, description", items: { type: "object" } },
      reasons: { type: "array", items: { type: "string" } },
      groom_moon: { type: "object" }, bride_moon: { type: "object" },
      nadi_dosha: { type: "object" }, bhakoot_dosha: { type: "object" }, mangal_dosha: { type: "object" }, conventions: { type: "object" },
    },
  },
};
