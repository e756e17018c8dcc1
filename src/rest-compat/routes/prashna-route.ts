import { PRASHNA_QUESTION_TYPES } from "../../engine/tables/prashna.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { KP_NUMBER_MAX, KP_NUMBER_MIN } from "../../engine/kp/horary-249.js";
import { CHART_BODY, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;

export const PRASHNA_DOCUMENT = /* GraphQL */ `
  query Prashna($question: BirthInput!, $type: PrashnaQuestionType!, $kpNumber: Int) {
    prashna(question: $question, questionType: $type, kpNumber: $kpNumber) {
      chart { name longitude sign signName house }
      reading {
        questionType significantHouses karakas lagnaLord lagnaLordHouse karyaLord karyaLordHouse
        moonHouse moonWaxing ithasala moonNextAspect { planet angle degreesToGo } tendency reasons
      }
      kp249 {
        number sign signLord starLord subLord ascendant end ayanamsha houseSystem houseFallback
        cusps { name longitude signLord starLord subLord subSubLord }
        planets { name longitude signLord starLord subLord subSubLord house signifiedHouses }
        significators { house all }
        judgement { cusp subLord subLordSignifies favourableHouses negatingHouses verdict reason }
      }
    }
  }
`;

const low = (s: string) => s.toLowerCase();

/** The KP-249 part in the REST casing, or null when no kp_number was sent. */
function kp249Body(k: Json | null): Json | null {
  if (!k) return null;
  const lords = (p: Json) => ({ sign_lord: low(p.signLord), star_lord: low(p.starLord), sub_lord: low(p.subLord), sub_sub_lord: low(p.subSubLord) });
  return {
    number: k.number, sign: k.sign, sign_lord: low(k.signLord), star_lord: low(k.starLord), sub_lord: low(k.subLord),
    ascendant: k.ascendant, end: k.end, ayanamsha: k.ayanamsha, house_system: k.houseSystem, house_fallback: k.houseFallback,
    cusps: k.cusps.map((c: Json) => ({ house: Number(c.name), longitude: c.longitude, ...lords(c) })),
    planets: k.planets.map((p: Json) => ({ planet: p.name, longitude: p.longitude, house: p.house, ...lords(p), signified_houses: p.signifiedHouses })),
    significators: k.significators.map((s: Json) => ({ house: s.house, planets: s.all.map(low) })),
    judgement: {
      cusp: k.judgement.cusp, sub_lord: low(k.judgement.subLord), sub_lord_signifies: k.judgement.subLordSignifies,
      favourable_houses: k.judgement.favourableHouses, negating_houses: k.judgement.negatingHouses, verdict: k.judgement.verdict, reason: k.judgement.reason,
    },
  };
}

export const prashnaRoute: RouteEntry = {
  method: "post",
  path: "/prashna",
  operationId: "prashna",
  summary: "Prashna (horary chart)",
  description:
    "The chart for the moment and place of the question (whole-sign houses), the question type's significant houses and " +
    "karakas, the lagna lord and the lord of the matter (karya bhava) with their houses, Ithasala and the other Tajaka yogas " +
    "between them, the Moon's " +
    "house, paksha and next applying aspect, and an answer tendency (favourable / mixed / unfavourable) with every reason " +
    "counted (Prashna Tantra, Tajaka style). With `kp_number` (1–249) also the KP horary chart (K. S. Krishnamurti, KP Reader " +
    "VI): the number's row of the 249-sub table gives the ascendant, Placidus cusps for that rising degree at the place, the " +
    "planets at the moment with their star and sub lords (Krishnamurti ayanamsha), and the judgement by the sub lord of the " +
    "cusp of the matter (favourable and negating houses per question type).",
  tags: ["calculation"],
  credits: 2,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      datetime: { ...CHART_BODY.datetime!, description: "moment of the question, ISO 8601 with UTC offset, years 1800–2400" },
      question_type: { type: "string", enum: PRASHNA_QUESTION_TYPES, default: "general", description: "the matter asked about" },
      kp_number: { type: "integer", required: false, min: KP_NUMBER_MIN, max: KP_NUMBER_MAX, example: 100, description: "optional KP horary number 1–249: adds the KP-249 chart and judgement" },
    },
  },
  document: PRASHNA_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ question: birthVariable(body), type: String(body.question_type).toUpperCase(), kpNumber: body.kp_number ?? null }),
  errorLocs: {
    "question.datetime": ["body", "datetime"], "question.latitude": ["body", "latitude"], "question.longitude": ["body", "longitude"],
    question: ["body", "latitude"], kpNumber: ["body", "kp_number"],
  },
  result: (data, { body }) => {
    const p = (data as Json).prashna;
    const [lagna, ...planets] = p.chart as Json[];
    const r = p.reading;
    return {
      body: {
        datetime: body.datetime, latitude: body.latitude, longitude: body.longitude, question_type: r.questionType,
        lagna: { longitude: lagna!.longitude, sign: lagna!.sign, sign_name: lagna!.signName },
        planets: planets.map((x) => ({ planet: x.name, longitude: x.longitude, sign: x.sign, sign_name: x.signName, house: x.house })),
        houses: Array.from({ length: 12 }, (_, i) => ({ house: i + 1, sign: ((lagna!.sign - 1 + i) % 12) + 1 })),
        significant_houses: r.significantHouses, karakas: r.karakas.map(low),
        lagna_lord: { planet: low(r.lagnaLord), house: r.lagnaLordHouse },
        karya_lord: { planet: low(r.karyaLord), house: r.karyaLordHouse },
        moon: { house: r.moonHouse, waxing: r.moonWaxing },
        ithasala: r.ithasala,
        moon_next_aspect: r.moonNextAspect ? { planet: low(r.moonNextAspect.planet), angle: r.moonNextAspect.angle, degrees_to_go: r.moonNextAspect.degreesToGo } : null,
        tendency: r.tendency, reasons: r.reasons,
        kp_249: kp249Body(p.kp249),
        conventions: { ayanamsha: body.ayanamsha, node: body.node, houses: "whole_sign" },
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["question_type", "lagna", "planets", "houses", "tendency", "reasons"],
    properties: {
      question_type: { type: "string" }, lagna: { type: "object" }, planets: { type: "array", items: { type: "object" } },
      houses: { type: "array", items: { type: "object" } }, significant_houses: { type: "array", items: { type: "integer" } },
      karakas: { type: "array", items: { type: "string" } }, lagna_lord: { type: "object" }, karya_lord: { type: "object" },
      moon: { type: "object" }, ithasala: { type: "boolean" }, moon_next_aspect: { type: ["object", "null"] },
      tendency: { type: "string" }, reasons: { type: "array", items: { type: "string" } }, kp_249: { type: ["object", "null"] }, conventions: { type: "object" },
    },
  },
};
