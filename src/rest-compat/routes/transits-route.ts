import { dateTimeProblem } from "../../resolvers/common/moment.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

/** POST /transits: the Chart's Transits node (gochar from the natal Moon). */
type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();

const SPECIAL = "graha sign start end";

const specialBody = (s: Json | null) => (s ? { graha: lower(s.graha), sign: s.sign, start: s.start, end: s.end } : null);

export const transitsRoute: RouteEntry = {
  method: "post",
  path: "/transits",
  operationId: "transits",
  summary: "Gochar (transits) from the natal Moon",
  description:
    "Each graha at query_datetime (default now) counted from the natal Moon's sign, with its result by the Phaladeepika " +
    "ch. 26 gochara table (favourable houses and their vedha houses; a favourable transit is obstructed while another graha " +
    "occupies its vedha house, except between the Sun and Saturn, the Moon and Mercury). Special transits in force — Sade Sati " +
    "(phase rising/peak/setting, with the phase's and the whole Sade Sati's start and end), Kantaka Shani (Saturn 4th/7th/10th), " +
    "Ashtama Shani (8th), Jupiter over the natal Moon, Rahu or Ketu over the natal Moon or lagna — each with the exact " +
    "sidereal ingresses that began and end it. Times in the offset of query_datetime (of datetime when now).",
  tags: ["calculation"],
  credits: 2,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      query_datetime: {
        type: "string", format: "date-time", check: dateTimeProblem, example: "2024-01-15T10:30:00+05:30",
        description: "transit instant, ISO 8601 with UTC offset; default now",
      },
    },
  },
  document: /* GraphQL */ `
    query Transits($birth: BirthInput!, $at: String) {
      chart(birth: $birth) {
        transits(at: $at) {
          at conventions { ayanamsha node } natalMoonSign natalLagnaSign
          planets { graha longitude sign retrograde houseFromMoon favourableHouse vedhaHouse vedhaBy effect }
          special {
            sadeSati { phase phaseStart phaseEnd start end }
            kantakaShani { ${SPECIAL} } ashtamaShani { ${SPECIAL} } guruOverMoon { ${SPECIAL} }
            nodeOverMoon { ${SPECIAL} } nodeOverLagna { ${SPECIAL} }
          }
        }
      }
    }
  `,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), at: (body.query_datetime as string | undefined) ?? null }),
  errorLocs: { ...BIRTH_ERROR_LOCS, at: ["body", "query_datetime"] },
  result: (data, { body }) => {
    const t = (data as Json).chart.transits;
    const s = t.special;
    return {
      body: {
        datetime: body.datetime, latitude: body.latitude, longitude: body.longitude,
        query_datetime: t.at,
        conventions: { ayanamsha: lower(t.conventions.ayanamsha), node: lower(t.conventions.node), gochar_table: "phaladeepika_26" },
        natal_moon_sign: t.natalMoonSign,
        natal_lagna_sign: t.natalLagnaSign,
        transits: t.planets.map((p: Json) => ({
          planet: lower(p.graha), longitude: p.longitude, sign: p.sign, retrograde: p.retrograde, house_from_moon: p.houseFromMoon,
          favourable_house: p.favourableHouse, vedha_house: p.vedhaHouse, vedha_by: p.vedhaBy.map(lower), effect: p.effect,
        })),
        special_transits: {
          sade_sati: s.sadeSati && {
            phase: s.sadeSati.phase, phase_start: s.sadeSati.phaseStart, phase_end: s.sadeSati.phaseEnd,
            start: s.sadeSati.start, end: s.sadeSati.end,
          },
          kantaka_shani: specialBody(s.kantakaShani),
          ashtama_shani: specialBody(s.ashtamaShani),
          guru_over_moon: specialBody(s.guruOverMoon),
          rahu_ketu_over_moon: specialBody(s.nodeOverMoon),
          rahu_ketu_over_lagna: specialBody(s.nodeOverLagna),
        },
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "query_datetime", "conventions", "natal_moon_sign", "transits", "special_transits"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      query_datetime: { type: "string" }, conventions: { type: "object" },
      natal_moon_sign: { type: "integer" }, natal_lagna_sign: { type: "integer" },
      transits: { type: "array", items: { type: "object" }, description: "per graha: house_from_moon, effect (favourable/unfavourable/obstructed), vedha" },
      special_transits: { type: "object", description: "sade_sati, kantaka_shani, ashtama_shani, guru_over_moon, rahu_ketu_over_moon/lagna; null when not in force" },
    },
  },
};
