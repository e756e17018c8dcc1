import { PRASHNA_QUESTION_TYPES } from "../../engine/tables/prashna.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { CHART_BODY, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;

export const PRASHNA_DOCUMENT = /* GraphQL */ `
  query Prashna($question: BirthInput!, $type: PrashnaQuestionType!) {
    prashna(question: $question, questionType: $type) {
      chart { name longitude sign signName house }
      reading {
        questionType significantHouses karakas lagnaLord lagnaLordHouse karyaLord karyaLordHouse
        moonHouse moonWaxing ithasala moonNextAspect { planet angle degreesToGo } tendency reasons
      }
    }
  }
`;

export const prashnaRoute: RouteEntry = {
  method: "post",
  path: "/prashna",
  operationId: "prashna",
  summary: "Prashna (horary chart)",
  description:
    "The chart for the moment and place of the question (whole-sign houses), the question type's significant houses and " +
    "karakas, the lagna lord and the lord of the matter (karya bhava) with their houses, Ithasala between them, the Moon's " +
    "house, paksha and next applying aspect, and an answer tendency (favourable / mixed / unfavourable) with every reason " +
    "counted (Prashna Tantra, Tajaka style).",
  tags: ["calculation"],
  credits: 2,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      datetime: { ...CHART_BODY.datetime!, description: "moment of the question, ISO 8601 with UTC offset, years 1800–2400" },
      question_type: { type: "string", enum: PRASHNA_QUESTION_TYPES, default: "general", description: "the matter asked about" },
    },
  },
  document: PRASHNA_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ question: birthVariable(body), type: String(body.question_type).toUpperCase() }),
  errorLocs: {
    "question.datetime": ["body", "datetime"], "question.latitude": ["body", "latitude"], "question.longitude": ["body", "longitude"],
    question: ["body", "latitude"],
  },
  result: (data, { body }) => {
    const p = (data as Json).prashna;
    const [lagna, ...planets] = p.chart as Json[];
    const r = p.reading;
    const low = (s: string) => s.toLowerCase();
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
      tendency: { type: "string" }, reasons: { type: "array", items: { type: "string" } }, conventions: { type: "object" },
    },
  },
};
