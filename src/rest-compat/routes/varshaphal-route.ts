import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { VARSHAPHAL_YEAR_MAX } from "../../engine/tajaka/varshaphal.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;

export const VARSHAPHAL_DOCUMENT = /* GraphQL */ `
  query Varshaphal($birth: BirthInput!, $year: Int!) {
    varshaphal(birth: $birth, year: $year) {
      year completedYears praveshDatetime dayChart
      annualChart { name longitude sign signName house retrograde }
      muntha { sign signName house lord }
      officeBearers { role planet aspectOnLagna panchaVargeeyaBala { kshetra uchcha hadda drekkana navamsha total } }
      yearLord { planet roles rule tieBrokenBy aspectOnLagna panchaVargeeyaBala { kshetra uchcha hadda drekkana navamsha total } reason }
      muddaDasha { planet start end days }
      tajakaYogas { name key planets description }
    }
  }
`;

export const varshaphalRoute: RouteEntry = {
  method: "post",
  path: "/varshaphal",
  operationId: "varshaphal",
  summary: "Varshaphal (Tajaka annual chart)",
  description:
    "The varsha pravesh — the instant the sidereal Sun returns to its natal longitude near the birthday in `year` — and the " +
    "annual chart there at the birth place (whole-sign houses from the varsha lagna); Muntha (natal lagna sign + completed " +
    "years) and the five office bearers (Panchadhikaris: Muntha lord, Janma lagna lord, Varsha lagna lord, Tri-rashi pati, " +
    "Dina-ratri pati) with their Tajaka aspect on the varsha lagna and their pancha-vargeeya bala (kshetra, uchcha, hadda, drekkana, " +
    "navamsha), the Year Lord (the strongest office bearer aspecting the varsha lagna, with the reason), the Mudda dasha of the " +
    "year, and the sixteen Tajaka yogas (Ikkavala … Durudhura) present, with their planets (Tajaka Neelakanthi). " +
    "Times in the birth's offset.",
  tags: ["calculation"],
  credits: 2,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      year: { type: "integer", required: true, min: 1800, max: VARSHAPHAL_YEAR_MAX, example: 2025, description: "calendar year of the solar return; the birth year or later" },
    },
  },
  document: VARSHAPHAL_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), year: body.year }),
  errorLocs: { ...BIRTH_ERROR_LOCS, year: ["body", "year"], birth: ["body", "latitude"] },
  result: (data, { body }, asked) => {
    const v = (data as Json).varshaphal;
    const [lagna, ...planets] = v.annualChart as Json[];
    const point = (p: Json) => ({ longitude: p.longitude, sign: p.sign, sign_name: p.signName, house: p.house, retrograde: p.retrograde });
    return {
      body: {
        datetime: body.datetime, latitude: body.latitude, longitude: body.longitude,
        year: v.year, completed_years: v.completedYears, varsha_pravesh: v.praveshDatetime, day_chart: v.dayChart,
        lagna: { longitude: lagna!.longitude, sign: lagna!.sign, sign_name: lagna!.signName },
        planets: planets.map((p) => ({ planet: p.name, ...point(p) })),
        muntha: { sign: v.muntha.sign, sign_name: v.muntha.signName, house: v.muntha.house, lord: v.muntha.lord.toLowerCase() },
        office_bearers: v.officeBearers.map((o: Json) => ({
          role: o.role, planet: o.planet.toLowerCase(), aspect_on_lagna: o.aspectOnLagna, pancha_vargeeya_bala: o.panchaVargeeyaBala,
        })),
        year_lord: {
          planet: v.yearLord.planet.toLowerCase(), roles: v.yearLord.roles, rule: v.yearLord.rule, tie_broken_by: v.yearLord.tieBrokenBy,
          aspect_on_lagna: v.yearLord.aspectOnLagna, pancha_vargeeya_bala: v.yearLord.panchaVargeeyaBala, reason: v.yearLord.reason,
        },
        mudda_dasha: v.muddaDasha.map((p: Json) => ({ planet: p.planet.toLowerCase(), start: p.start, end: p.end, days: p.days })),
        tajaka_yogas: v.tajakaYogas.map((y: Json) => ({ name: y.name, ...(asked.language ? { key: y.key } : {}), planets: y.planets.map((p: string) => p.toLowerCase()), description: y.description })),
        conventions: { ayanamsha: body.ayanamsha, node: body.node, houses: "whole_sign", return: "sidereal_sun" },
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["year", "varsha_pravesh", "lagna", "planets", "muntha", "office_bearers", "year_lord"],
    properties: {
      year: { type: "integer" }, completed_years: { type: "integer" }, varsha_pravesh: { type: "string" }, day_chart: { type: "boolean" },
      lagna: { type: "object" }, planets: { type: "array", items: { type: "object" } }, muntha: { type: "object" },
      office_bearers: { type: "array", items: { type: "object" } }, year_lord: { type: "object" }, mudda_dasha: { type: "array", items: { type: "object" } }, tajaka_yogas: { type: "array", items: { type: "object" } }, conventions: { type: "object" },
    },
  },
};
