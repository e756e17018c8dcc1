import { BHAVA_SYSTEMS } from "../../engine/chart/bhava-chalit.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();

export const BHAVA_CHALIT_DOCUMENT = /* GraphQL */ `
  query BhavaChalit($birth: BirthInput!, $system: BhavaSystem!) {
    chart(birth: $birth) {
      datetime latitude longitude conventions { ayanamsha node }
      bhavaChalit(system: $system) {
        system
        cusps { house madhyaSidDeg startSidDeg endSidDeg madhyaSign }
        planets { graha lonSidDeg rashiHouse bhavaHouse shifted }
        shiftedPlanets
      }
    }
  }
`;

export const bhavaChalitRoute: RouteEntry = {
  method: "post",
  path: "/bhava-chalit",
  operationId: "bhavaChalit",
  summary: "Bhava chalit chart (BhavaResponse)",
  description:
    "Equal houses with the ascendant as the 1st bhava's midpoint (default; system=sripati: Porphyry madhyas): each bhava's " +
    "midpoint, start and end, and each planet's whole-sign house against its bhava house.",
  tags: ["calculation"],
  credits: 3,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      system: { type: "string", enum: BHAVA_SYSTEMS, default: "equal", description: "equal (lagna = 1st madhya) or sripati (Porphyry)" },
    },
  },
  document: BHAVA_CHALIT_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), system: String(body.system).toUpperCase() }),
  errorLocs: BIRTH_ERROR_LOCS,
  result: (data) => {
    const c = (data as Json).chart;
    const bc = c.bhavaChalit;
    return {
      body: {
        datetime: c.datetime, latitude: c.latitude, longitude: c.longitude,
        conventions: { ayanamsha: lower(c.conventions.ayanamsha), node: lower(c.conventions.node), bhava_system: lower(bc.system) },
        cusps: bc.cusps.map((x: Json) => ({ house: x.house, midpoint: x.madhyaSidDeg, start: x.startSidDeg, end: x.endSidDeg, midpoint_rashi: x.madhyaSign })),
        planets: bc.planets.map((p: Json) => ({
          planet: lower(p.graha), longitude: p.lonSidDeg, rashi_house: p.rashiHouse, bhava_house: p.bhavaHouse, shifted: p.shifted,
        })),
        shifted_count: bc.shiftedPlanets.length,
        shifted_planets: bc.shiftedPlanets.map(lower),
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "latitude", "longitude", "cusps", "planets", "shifted_count", "shifted_planets"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" }, conventions: { type: "object" },
      cusps: { type: "array", description: "BhavaCusp", items: { type: "object" } },
      planets: { type: "array", description: "BhavaPlanet", items: { type: "object" } },
      shifted_count: { type: "integer" }, shifted_planets: { type: "array", items: { type: "string" } },
    },
  },
};
