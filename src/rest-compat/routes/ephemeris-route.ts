import { AYANAMSHAS, GRAHAS, NODE_KINDS } from "../../engine/types.js";
import { dateOrDateTimeProblem } from "../../resolvers/common/moment.js";
import type { RouteEntry } from "../route-entry.js";

interface PlanetData {
  graha: string; longitude: number; latitude: number; speed: number; retrograde: boolean;
  rashiName: string; rashiDegree: number; nakshatraName: string; pada: number; nakshatraLord: string;
}
interface EphemerisData {
  ephemeris: {
    datetime: string; ayanamsha: number; planets: PlanetData[];
    conventions: { ayanamsha: string; node: string; sunrise: string; month: string };
  };
}

const lower = (s: string): string => s.toLowerCase();

const planetSchema = {
  type: "object",
  properties: {
    longitude: { type: "number", description: "sidereal longitude, degrees [0, 360)" },
    latitude: { type: "number", description: "ecliptic latitude, degrees" },
    speed: { type: "number", description: "degrees per day; negative when retrograde" },
    retrograde: { type: "boolean" },
    sign: { type: "string", description: "rashi, English name (Aries … Pisces)" },
    sign_degree: { type: "number", description: "degrees within the sign, [0, 30)" },
    nakshatra: { type: "string" },
    nakshatra_pada: { type: "integer", minimum: 1, maximum: 4 },
    nakshatra_lord: { type: "string", enum: [...GRAHAS] },
  },
};

export const ephemerisRoute: RouteEntry = {
  method: "get",
  path: "/ephemeris",
  operationId: "ephemeris",
  summary: "Positions of the nine grahas",
  description:
    "Sidereal apparent geocentric positions at an instant: longitude, latitude, speed, retrograde flag, sign and " +
    "nakshatra. `date` is a date (00:00 UT) or an ISO 8601 datetime with offset.",
  tags: ["calculation"],
  credits: 1,
  auth: "api_key",
  input: {
    query: {
      date: {
        type: "string", required: true, min: 1, example: "2024-01-15T10:30:00+05:30", check: dateOrDateTimeProblem,
        description: "ISO 8601 date (00:00 UT) or datetime with UTC offset",
      },
      planets: {
        type: "csv", items: { type: "string", enum: GRAHAS }, itemName: "planet", example: "sun,moon",
        description: `comma-separated graha names (${GRAHAS.join(", ")}); absent or empty: all nine`,
      },
      ayanamsha: { type: "string", enum: AYANAMSHAS, default: "lahiri", description: "ayanamsha" },
      node: { type: "string", enum: NODE_KINDS, default: "mean", description: "Rahu/Ketu: mean or true lunar node" },
    },
  },
  document: /* GraphQL */ `
    query Ephemeris($datetime: String!, $planets: [Graha!], $options: ConventionsInput) {
      ephemeris(datetime: $datetime, planets: $planets, options: $options) {
        datetime
        conventions { ayanamsha node sunrise month }
        ayanamsha
        planets { graha longitude latitude speed retrograde rashiName rashiDegree nakshatraName pada nakshatraLord }
      }
    }
  `,
  variables: ({ query }) => ({
    datetime: query.date,
    // `planets=` (empty) means all nine, as leaving it out does.
    planets: Array.isArray(query.planets) && query.planets.length > 0 ? (query.planets as string[]).map((p) => p.toUpperCase()) : null,
    options: { ayanamsha: String(query.ayanamsha).toUpperCase(), node: String(query.node).toUpperCase() },
  }),
  errorLocs: { datetime: ["query", "date"], planets: ["query", "planets"] },
  result: (data) => {
    const e = (data as unknown as EphemerisData).ephemeris;
    return {
      body: {
        datetime: e.datetime,
        conventions: {
          ayanamsha: lower(e.conventions.ayanamsha), node: lower(e.conventions.node),
          sunrise: lower(e.conventions.sunrise), month: lower(e.conventions.month),
        },
        ayanamsha: e.ayanamsha,
        planets: Object.fromEntries(
          e.planets.map((p) => [
            lower(p.graha),
            {
              longitude: p.longitude, latitude: p.latitude, speed: p.speed, retrograde: p.retrograde,
              sign: p.rashiName, sign_degree: p.rashiDegree, nakshatra: p.nakshatraName,
              nakshatra_pada: p.pada, nakshatra_lord: lower(p.nakshatraLord),
            },
          ]),
        ),
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "conventions", "ayanamsha", "planets"],
    properties: {
      datetime: { type: "string", description: "the instant, ISO 8601 in the caller's offset" },
      conventions: { type: "object", properties: { ayanamsha: { type: "string" }, node: { type: "string" }, sunrise: { type: "string" }, month: { type: "string" } } },
      ayanamsha: { type: "number", description: "true ayanamsha at the instant, degrees" },
      planets: { type: "object", description: "keyed by graha name; only the requested grahas", additionalProperties: planetSchema },
    },
  },
};
