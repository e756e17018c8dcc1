import { dateTimeProblem } from "../../resolvers/common/moment.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;

const DAILY_DOCUMENT = /* GraphQL */ `
  query DailyStrength($birth: BirthInput!, $datetime: String!) {
    dailyStrength(birth: $birth, datetime: $datetime) {
      datetime moonLongitude nakshatraEnds signEnds source
      taraBala { natalNakshatra nakshatra nakshatraName count taraNumber tara alsoCalled meaning favourable }
      chandraBala { natalSign sign count favourable chandrashtama }
    }
  }
`;

export const dailyStrengthRoute: RouteEntry = {
  method: "post",
  path: "/daily-strength",
  operationId: "dailyStrength",
  summary: "Tara bala and chandra bala of a moment for a birth",
  description:
    "The transit Moon's nakshatra counted from the birth nakshatra (tara: Janma … Parama Mitra) and its sign counted from the natal Moon " +
    "sign (good in 1, 3, 6, 7, 10, 11; the 8th is Chandrashtama), Muhurta Chintamani ch. 1, with when each changes next.",
  tags: ["calculation"],
  credits: 1,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      at: { type: "string", required: true, format: "date-time", check: dateTimeProblem, example: "2024-01-15T06:00:00+05:30", description: "the moment, ISO 8601 with offset" },
    },
  },
  document: DAILY_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), datetime: body.at }),
  errorLocs: { ...BIRTH_ERROR_LOCS, datetime: ["body", "at"] },
  result: (data) => {
    const d = (data as Json).dailyStrength;
    const t = d.taraBala;
    const c = d.chandraBala;
    return {
      body: {
        at: d.datetime, moon_longitude: d.moonLongitude,
        tara_bala: {
          natal_nakshatra: t.natalNakshatra, nakshatra: t.nakshatra, nakshatra_name: t.nakshatraName, count: t.count, tara_number: t.taraNumber,
          tara: t.tara, also_called: t.alsoCalled, meaning: t.meaning, favourable: t.favourable, changes_at: d.nakshatraEnds,
        },
        chandra_bala: { natal_sign_number: c.natalSign, sign_number: c.sign, count: c.count, favourable: c.favourable, chandrashtama: c.chandrashtama, changes_at: d.signEnds },
        source: d.source,
      },
    };
  },
  responseSchema: {
    type: "object", required: ["at", "tara_bala", "chandra_bala"],
    properties: { at: { type: "string" }, moon_longitude: { type: "number" }, tara_bala: { type: "object" }, chandra_bala: { type: "object" }, source: { type: "string" } },
  },
};

const CHANDRASHTAMA_DOCUMENT = /* GraphQL */ `
  query Chandrashtama($birth: BirthInput!, $start: String!, $end: String!) {
    chandrashtama(birth: $birth, start: $start, end: $end) { sign signName start end }
  }
`;

export const chandrashtamaRoute: RouteEntry = {
  method: "post",
  path: "/chandrashtama",
  operationId: "chandrashtama",
  summary: "Chandrashtama periods in a range",
  description:
    "Every period the transit Moon spends in the 8th sign from the natal Moon sign that overlaps [start, end) (at most 366 days), " +
    "with its exact start and end (a period running at either end of the range is given whole).",
  tags: ["calculation"],
  credits: 1,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      start: { type: "string", required: true, format: "date-time", check: dateTimeProblem, example: "2024-01-01T00:00:00+05:30", description: "range start, ISO 8601 with offset" },
      end: { type: "string", required: true, format: "date-time", check: dateTimeProblem, example: "2024-03-01T00:00:00+05:30", description: "range end, at most 366 days after start" },
    },
  },
  document: CHANDRASHTAMA_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), start: body.start, end: body.end }),
  errorLocs: { ...BIRTH_ERROR_LOCS, start: ["body", "start"], end: ["body", "end"] },
  result: (data, { body }) => ({
    body: {
      start: body.start, end: body.end,
      periods: ((data as Json).chandrashtama as Json[]).map((p) => ({ sign: p.signName, sign_number: p.sign, start: p.start, end: p.end })),
    },
  }),
  responseSchema: {
    type: "object", required: ["periods"],
    properties: { start: { type: "string" }, end: { type: "string" }, periods: { type: "array", items: { type: "object" } } },
  },
};
