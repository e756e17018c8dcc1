import { DASHA_YEAR_DAYS, DEFAULT_DASHA_YEAR } from "../../engine/dasha/vimshottari.js";
import { dateTimeProblem } from "../../resolvers/common/moment.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, DASHA_PERIOD_FRAGMENT, birthVariable, currentPeriodBody, periodBody } from "./kundali-route.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();

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

export const dashaRoute: RouteEntry = {
  method: "post",
  path: "/dasha",
  operationId: "dasha",
  summary: "Vimshottari dasha",
  description:
    "Maha dashas, antardashas and pratyantardashas from the Moon's birth nakshatra (BPHS ch. 46), the balance at birth, " +
    "and the periods running at query_datetime (default: now). Dates in the offset of the birth datetime. " +
    "dasha_year sets the year length: julian 365.25 days (default), sidereal 365.256363, savana 360.",
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
    },
  },
  document: DASHA_DOCUMENT,
  variables: ({ body }: ValidInput) => ({
    birth: birthVariable(body),
    at: (body.query_datetime as string | undefined) ?? null,
    year: String(body.dasha_year).toUpperCase(),
  }),
  errorLocs: { ...BIRTH_ERROR_LOCS, queryDatetime: ["body", "query_datetime"] },
  result: (data, { body }) => {
    const d = (data as Json).dasha;
    const cur = d.current;
    return {
      body: {
        datetime: body.datetime, latitude: body.latitude, longitude: body.longitude,
        query_datetime: d.queryDatetime,
        conventions: { ayanamsha: body.ayanamsha, node: body.node, dasha_year: lower(d.yearConvention), year_days: d.yearDays },
        system: d.system,
        moon_nakshatra: d.moonNakshatraName,
        balance: { planet: lower(d.balance.planet), years: d.balance.years, elapsed_fraction: d.balance.elapsedFraction },
        maha_dashas: d.mahaDashas.map((m: Json) => ({
          ...periodBody(m),
          antardashas: m.subPeriods.map((a: Json) => ({ ...periodBody(a), pratyantardashas: a.subPeriods.map(periodBody) })),
        })),
        current: currentPeriodBody(cur),
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "query_datetime", "conventions", "system", "balance", "maha_dashas", "current"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      query_datetime: { type: "string" }, conventions: { type: "object" }, system: { type: "string" },
      moon_nakshatra: { type: "string" }, balance: { type: "object" },
      maha_dashas: { type: "array", description: "DashaPeriodFull", items: { type: "object" } },
      current: { type: ["object", "null"], description: "CurrentPeriod: maha_dasha, antar_dasha, pratyantar_dasha" },
    },
  },
};
