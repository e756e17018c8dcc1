import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

/** POST /kp and /kp/ruling-planets: the Chart's KP node (Krishnamurti ayanamsha by default). */
type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();

const KP_BODY = {
  ...CHART_BODY,
  ayanamsha: { ...CHART_BODY.ayanamsha!, default: "krishnamurti", description: "ayanamsha; KP's own (krishnamurti) by default" },
};
const vars = ({ body }: ValidInput) => ({ birth: birthVariable(body), ayanamsha: String(body.ayanamsha).toUpperCase() });

const RULING = "rulingPlanets { dayLord dayStartsAtSunrise moonSignLord moonStarLord ascendantSignLord ascendantStarLord moonSubLord ascendantSubLord distinct }";
const POINT = "name longitude sign signLord nakshatra starLord subLord subSubLord subMarginArcsec house signifiedHouses";

const rulingBody = (r: Json) => ({
  day_lord: lower(r.dayLord), moon_sign_lord: lower(r.moonSignLord), moon_star_lord: lower(r.moonStarLord),
  ascendant_sign_lord: lower(r.ascendantSignLord), ascendant_star_lord: lower(r.ascendantStarLord),
  ruling_planets: r.distinct.map(lower),
  extra: { moon_sub_lord: lower(r.moonSubLord), ascendant_sub_lord: lower(r.ascendantSubLord) },
  day_from_sunrise: r.dayStartsAtSunrise,
});
const pointBody = (p: Json) => ({
  longitude: p.longitude, sign: p.sign, sign_lord: lower(p.signLord), nakshatra: p.nakshatra, star_lord: lower(p.starLord),
  sub_lord: lower(p.subLord), sub_sub_lord: lower(p.subSubLord), sub_margin_arcsec: p.subMarginArcsec,
  ...(p.house !== null ? { house: p.house, signified_houses: p.signifiedHouses } : {}),
});
const conv = (k: Json, houseSystem?: string, fallback?: string | null) => ({
  ayanamsha: lower(k.conventions.ayanamsha), node: lower(k.conventions.node),
  ...(houseSystem ? { house_system: houseSystem, house_fallback: fallback ?? null } : {}),
});

export const kpRoute: RouteEntry = {
  method: "post",
  path: "/kp",
  operationId: "kp",
  summary: "KP chart",
  description:
    "Krishnamurti Paddhati: sign, star, sub and sub-sub lord of each graha and each sidereal Placidus cusp (Porphyry, flagged, " +
    "where Placidus fails), the significators of every house by the KP hierarchy (in the star of occupants, occupants, in the " +
    "star of the owner, owner), each graha's signified houses, and the ruling planets. Krishnamurti ayanamsha by default.",
  tags: ["kp"],
  credits: 3,
  auth: "api_key",
  input: { body: KP_BODY },
  document: /* GraphQL */ `
    query Kp($birth: BirthInput!, $ayanamsha: Ayanamsha!) {
      chart(birth: $birth) {
        datetime latitude longitude
        kp(ayanamsha: $ayanamsha) {
          conventions { ayanamsha node } houseSystem houseFallback
          planets { ${POINT} } cusps { ${POINT} }
          significators { house inStarOfOccupants occupants inStarOfOwner owner all }
          ${RULING}
        }
      }
    }
  `,
  variables: vars,
  errorLocs: BIRTH_ERROR_LOCS,
  result: (data) => {
    const c = (data as Json).chart;
    const k = c.kp;
    return {
      body: {
        datetime: c.datetime, latitude: c.latitude, longitude: c.longitude,
        conventions: conv(k, k.houseSystem, k.houseFallback),
        planets: Object.fromEntries(k.planets.map((p: Json) => [p.name, pointBody(p)])),
        cusps: k.cusps.map((p: Json) => ({ cusp: Number(p.name), ...pointBody(p) })),
        significators: Object.fromEntries(k.significators.map((s: Json) => [String(s.house), {
          in_star_of_occupants: s.inStarOfOccupants.map(lower), occupants: s.occupants.map(lower),
          in_star_of_owner: s.inStarOfOwner.map(lower), owner: lower(s.owner), all: s.all.map(lower),
        }])),
        ruling_planets: rulingBody(k.rulingPlanets),
      },
    };
  },
  responseSchema: {
    type: "object",
    properties: { planets: { type: "object" }, cusps: { type: "array", items: { type: "object" } }, significators: { type: "object" }, ruling_planets: { type: "object" }, conventions: { type: "object" } },
  },
};

export const kpRulingPlanetsRoute: RouteEntry = {
  method: "post",
  path: "/kp/ruling-planets",
  operationId: "kpRulingPlanets",
  summary: "KP ruling planets",
  description:
    "Day lord (weekday counted sunrise to sunrise), Moon sign lord, Moon star lord, ascendant sign lord, ascendant star lord; " +
    "the Moon's and ascendant's sub lords as extras. Krishnamurti ayanamsha by default.",
  tags: ["kp"],
  credits: 1,
  auth: "api_key",
  input: { body: KP_BODY },
  document: /* GraphQL */ `
    query KpRulingPlanets($birth: BirthInput!, $ayanamsha: Ayanamsha!) {
      chart(birth: $birth) { datetime latitude longitude kp(ayanamsha: $ayanamsha) { conventions { ayanamsha node } ${RULING} } }
    }
  `,
  variables: vars,
  errorLocs: BIRTH_ERROR_LOCS,
  result: (data) => {
    const c = (data as Json).chart;
    return { body: { datetime: c.datetime, latitude: c.latitude, longitude: c.longitude, conventions: conv(c.kp), ...rulingBody(c.kp.rulingPlanets) } };
  },
  responseSchema: { type: "object", properties: { day_lord: { type: "string" }, ruling_planets: { type: "array", items: { type: "string" } } } },
};
