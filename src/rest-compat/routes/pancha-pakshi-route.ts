import type { RouteEntry } from "../route-entry.js";
import { STD_BODY } from "./panchanga-route.js";

type Json = Record<string, any>;

const SUB = "bird activity start end";
export const PANCHA_PAKSHI_DOCUMENT = /* GraphQL */ `
  query PanchaPakshi($datetime: String!, $latitude: Float!, $longitude: Float!, $nak: Int, $shukla: Boolean) {
    panchaPakshi(datetime: $datetime, latitude: $latitude, longitude: $longitude, birthNakshatra: $nak, isShuklaPaksha: $shukla) {
      datetime latitude longitude sunrise sunset nextSunrise varaNumber paksha tithiNumber polarReason
      conventions { ayanamsha node sunrise month }
      names { birds { key name } activities { key name } }
      day { ...Yama }
      night { ...Yama }
      now { part yama rulingBird bird activity start end }
      birth {
        nakshatra paksha bird friends enemies activityNow bestRule
        subPeriodNow { ${SUB} }
        periods { part yama start end activity subPeriods { ${SUB} } }
        bestWindows { part yama start end activity subBird subActivity }
      }
    }
  }
  fragment Yama on PakshiYama { part yama start end rulingBird activities { bird activity } subPeriods { ${SUB} } }
`;

const yama = (y: Json) => ({
  part: y.part, yama: y.yama, start: y.start, end: y.end, ruling_bird: y.rulingBird,
  activities: Object.fromEntries(y.activities.map((a: Json) => [a.bird, a.activity])),
  sub_periods: y.subPeriods,
});

const subSchema = {
  type: "object", required: ["bird", "activity", "start", "end"],
  properties: { bird: { type: "string" }, activity: { type: "string" }, start: { type: "string" }, end: { type: "string" } },
};
const yamaSchema = {
  type: "object", required: ["part", "yama", "start", "end", "ruling_bird", "activities", "sub_periods"],
  properties: {
    part: { type: "string", enum: ["day", "night"] }, yama: { type: "integer" }, start: { type: "string" }, end: { type: "string" },
    ruling_bird: { type: "string" }, activities: { type: "object", description: "bird → its activity for the whole yama" },
    sub_periods: { type: "array", items: subSchema, description: "five, in the ruling bird's order" },
  },
};

export const panchaPakshiRoute: RouteEntry = {
  method: "post",
  path: "/pancha-pakshi",
  operationId: "panchaPakshi",
  summary: "Pancha Pakshi (five birds)",
  description:
    "For the Hindu day containing `datetime`: five day yamas (sunrise to sunset in equal fifths) and five night yamas (sunset to " +
    "next sunrise), each bird's activity (ruling, eating, walking, sleeping, dying) in each by the weekday and the paksha of the " +
    "day's tithi, each yama's five sub-periods in its ruling bird's order (lengths ruling 2, eating 1¼, walking 1½, sleeping ¾, " +
    "dying ½ of 6 ghatikas), and the bird and activity active at `datetime`. With `birth_nakshatra` (and `is_shukla_paksha`, " +
    "default true) the birth bird, its friends and enemies (shukla births), its activity and own sub-periods per yama, and the " +
    "best windows (its own sub-periods where its yama activity and the sub-period's are both ruling or eating). Times in the " +
    "datetime's offset. Where the Sun does not rise or set (polar), times are null, the lists empty and polar_reason says why.",
  tags: ["panchanga"],
  credits: 2,
  auth: "api_key",
  input: {
    body: {
      ...STD_BODY,
      birth_nakshatra: { type: "integer", min: 1, max: 27, example: 4, description: "birth (Moon's) nakshatra, 1 Ashwini … 27 Revati" },
      is_shukla_paksha: {
        type: "boolean", default: true, description: "born in shukla (waxing) paksha; used with birth_nakshatra to find the birth bird",
      },
    },
  },
  document: PANCHA_PAKSHI_DOCUMENT,
  variables: ({ body }) => ({
    datetime: body.datetime, latitude: body.latitude, longitude: body.longitude,
    nak: body.birth_nakshatra ?? null, shukla: body.is_shukla_paksha ?? true,
  }),
  errorLocs: { birthNakshatra: ["body", "birth_nakshatra"], isShuklaPaksha: ["body", "is_shukla_paksha"] },
  result: (data, _input, asked) => {
    const p = (data as Json).panchaPakshi;
    const b = p.birth;
    return {
      body: {
        datetime: p.datetime, latitude: p.latitude, longitude: p.longitude,
        sunrise: p.sunrise, sunset: p.sunset, next_sunrise: p.nextSunrise,
        vara_number: p.varaNumber, paksha: p.paksha, tithi_number: p.tithiNumber,
        // The names legend came with the languages: given when a language is asked (the spec's answer otherwise).
        ...(asked.language ? { names: { birds: p.names.birds.map((x: Json) => ({ key: x.key, name: x.name })), activities: p.names.activities.map((x: Json) => ({ key: x.key, name: x.name })) } } : {}),
        active: p.now ? {
          part: p.now.part, yama: p.now.yama, ruling_bird: p.now.rulingBird, bird: p.now.bird, activity: p.now.activity,
          start: p.now.start, end: p.now.end,
        } : null,
        day_yamas: p.day.map(yama), night_yamas: p.night.map(yama),
        ...(b ? {
          birth: {
            nakshatra: b.nakshatra, paksha: b.paksha, bird: b.bird, friends: b.friends, enemies: b.enemies,
            activity_now: b.activityNow, sub_period_now: b.subPeriodNow,
            periods: b.periods.map((x: Json) => ({ part: x.part, yama: x.yama, start: x.start, end: x.end, activity: x.activity, sub_periods: x.subPeriods })),
            best_windows: b.bestWindows.map((w: Json) => ({
              part: w.part, yama: w.yama, start: w.start, end: w.end, activity: w.activity, sub_bird: w.subBird, sub_activity: w.subActivity,
            })),
            best_rule: b.bestRule,
          },
        } : {}),
        ...(p.polarReason ? { polar_reason: p.polarReason } : {}),
        conventions: Object.fromEntries(Object.entries(p.conventions as Json).map(([k, v]) => [k, String(v).toLowerCase()])),
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "latitude", "longitude", "sunrise", "sunset", "next_sunrise", "paksha", "active", "day_yamas", "night_yamas"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      sunrise: { type: ["string", "null"] }, sunset: { type: ["string", "null"] }, next_sunrise: { type: ["string", "null"] },
      vara_number: { type: ["integer", "null"] }, paksha: { type: ["string", "null"], description: "of the tithi at the day's sunrise" },
      tithi_number: { type: ["integer", "null"] },
      active: {
        type: ["object", "null"], description: "the yama and ruling-order sub-period holding datetime; null where polar",
        properties: {
          part: { type: "string" }, yama: { type: "integer" }, ruling_bird: { type: "string" }, bird: { type: "string" },
          activity: { type: "string" }, start: { type: "string" }, end: { type: "string" },
        },
      },
      day_yamas: { type: "array", items: yamaSchema, maxItems: 5 },
      night_yamas: { type: "array", items: yamaSchema, maxItems: 5 },
      birth: {
        type: "object", description: "only with birth_nakshatra",
        properties: {
          nakshatra: { type: "integer" }, paksha: { type: "string" }, bird: { type: "string" },
          friends: { type: ["array", "null"], items: { type: "string" } }, enemies: { type: ["array", "null"], items: { type: "string" } },
          activity_now: { type: ["string", "null"] }, sub_period_now: { type: ["object", "null"] },
          periods: { type: "array", items: { type: "object" } }, best_windows: { type: "array", items: { type: "object" } },
          best_rule: { type: "string" },
        },
      },
      polar_reason: { type: "string", description: "only where the Sun does not rise or set" },
      conventions: { type: "object" },
    },
  },
};
