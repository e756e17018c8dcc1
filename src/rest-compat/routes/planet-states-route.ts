import { AVASTHA_SOURCE } from "../../engine/tables/avasthas.js";
import { COMBUSTION_ORB_SOURCE } from "../../engine/tables/dignities.js";
import { dateTimeProblem } from "../../resolvers/common/moment.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

/** POST /planet-states: the Chart's planetStates with the heliacal searches. */
type Json = Record<string, any>;

const EVENT = "kind datetime orb retrograde";
const event = (e: Json | null) => e && { datetime: e.datetime, orb: e.orb, retrograde: e.retrograde };

export const planetStatesRoute: RouteEntry = {
  method: "post",
  path: "/planet-states",
  operationId: "planetStates",
  summary: "Combustion, heliacal setting/rising and avasthas of the seven grahas",
  description:
    "For Sun … Saturn in the birth chart: the distance from the Sun, combust or not by the Surya Siddhanta orbs (Moon 12°, Mars 17°, " +
    "Mercury 14° / 12° retrograde, Jupiter 11°, Venus 10° / 8° retrograde, Saturn 15°), the baladi, jagradadi and deeptadi avasthas " +
    "(BPHS ch. 45; vikala and kopa beside the deeptadi sign state), and the heliacal setting (entering the orb) and rising (leaving it) " +
    "last before and next after `at` (default the birth).",
  tags: ["calculation"],
  credits: 1.5,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      at: { type: "string", format: "date-time", check: dateTimeProblem, example: "2024-01-15T10:30:00+05:30", description: "the date the heliacal events are found around, ISO 8601 with offset; default the birth" },
    },
  },
  document: /* GraphQL */ `
    query PlanetStates($birth: BirthInput!, $at: String) {
      chart(birth: $birth) {
        planetStates {
          graha longitude retrograde distanceFromSun combust combustionOrb
          avasthas { baladi baladiResult jagradadi jagradadiResult deeptadi vikala kopa }
          heliacal(at: $at) { at combust lastSetting { ${EVENT} } lastRising { ${EVENT} } nextSetting { ${EVENT} } nextRising { ${EVENT} } }
        }
      }
    }
  `,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), at: (body.at as string | undefined) ?? null }),
  errorLocs: { ...BIRTH_ERROR_LOCS, at: ["body", "at"] },
  result: (data, { body }) => {
    const states = (data as Json).chart.planetStates as Json[];
    return {
      body: {
        datetime: body.datetime, latitude: body.latitude, longitude: body.longitude,
        combustion_orbs_source: COMBUSTION_ORB_SOURCE, avasthas_source: AVASTHA_SOURCE,
        planets: states.map((s) => ({
          planet: s.graha, longitude: s.longitude, retrograde: s.retrograde, distance_from_sun: s.distanceFromSun,
          combust: s.combust, combustion_orb: s.combustionOrb,
          avasthas: {
            baladi: s.avasthas.baladi, baladi_result: s.avasthas.baladiResult, jagradadi: s.avasthas.jagradadi,
            jagradadi_result: s.avasthas.jagradadiResult, deeptadi: s.avasthas.deeptadi, vikala: s.avasthas.vikala, kopa: s.avasthas.kopa,
          },
          heliacal: s.heliacal && {
            at: s.heliacal.at, combust: s.heliacal.combust,
            last_setting: event(s.heliacal.lastSetting), last_rising: event(s.heliacal.lastRising),
            next_setting: event(s.heliacal.nextSetting), next_rising: event(s.heliacal.nextRising),
          },
        })),
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["planets"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      combustion_orbs_source: { type: "string" }, avasthas_source: { type: "string" },
      planets: { type: "array", items: { type: "object" }, description: "Sun … Saturn: combustion, avasthas, heliacal events (null for the Sun)" },
    },
  },
};
