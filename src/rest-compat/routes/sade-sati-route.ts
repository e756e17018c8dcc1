import { dateTimeProblem } from "../../resolvers/common/moment.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

/** POST /sade-sati: the Chart's saturnTimeline (lifetime Sade Sati, Kantaka and Ashtama Shani). */
type Json = Record<string, any>;

const STAY = "kind phase sign signName house start end";

const stayBody = (s: Json) => ({ kind: s.kind, phase: s.phase, sign: s.signName, sign_number: s.sign, house_from_moon: s.house, start: s.start, end: s.end });

export const sadeSatiRoute: RouteEntry = {
  method: "post",
  path: "/sade-sati",
  operationId: "sadeSati",
  summary: "Lifetime Sade Sati, Kantaka and Ashtama Shani",
  description:
    "Every Sade Sati (Saturn in the 12th, 1st and 2nd sign from the natal Moon: rising, peak, setting) in the range, each with its " +
    "stays in time order — a retrograde re-entry repeats a phase — and its retrograde interruptions; every Kantaka Shani stay " +
    "(Saturn in the 4th, 7th or 10th from the Moon) and Ashtama Shani stay (the 8th). Instants are Saturn's exact sidereal sign " +
    "changes. Range: from (default the birth) to to (default 100 years after from), within 1900–2100. Times in the offset of from " +
    "(of datetime when from is not given).",
  tags: ["calculation"],
  credits: 1,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      from: { type: "string", format: "date-time", check: dateTimeProblem, example: "1990-05-15T14:30:00+05:30", description: "range start, ISO 8601 with offset, 1900–2100; default the birth" },
      to: { type: "string", format: "date-time", check: dateTimeProblem, example: "2090-05-15T00:00:00+05:30", description: "range end, ISO 8601 with offset, 1900–2100; default 100 years after from" },
    },
  },
  document: /* GraphQL */ `
    query SadeSati($birth: BirthInput!, $from: String, $to: String) {
      chart(birth: $birth) {
        saturnTimeline(from: $from, to: $to) {
          natalMoonSign from to source
          sadeSati { start end phases { ${STAY} } interruptions { left returned } }
          kantakaShani { ${STAY} }
          ashtamaShani { ${STAY} }
        }
      }
    }
  `,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), from: (body.from as string | undefined) ?? null, to: (body.to as string | undefined) ?? null }),
  errorLocs: { ...BIRTH_ERROR_LOCS, from: ["body", "from"], to: ["body", "to"] },
  result: (data, { body }) => {
    const t = (data as Json).chart.saturnTimeline;
    return {
      body: {
        datetime: body.datetime, latitude: body.latitude, longitude: body.longitude,
        natal_moon_sign: t.natalMoonSign, from: t.from, to: t.to,
        sade_sati: t.sadeSati.map((s: Json) => ({
          start: s.start, end: s.end, phases: s.phases.map(stayBody),
          interruptions: s.interruptions.map((i: Json) => ({ left: i.left, returned: i.returned })),
        })),
        kantaka_shani: t.kantakaShani.map(stayBody),
        ashtama_shani: t.ashtamaShani.map(stayBody),
        source: t.source,
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["natal_moon_sign", "from", "to", "sade_sati", "kantaka_shani", "ashtama_shani"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      natal_moon_sign: { type: "integer" }, from: { type: "string" }, to: { type: "string" },
      sade_sati: { type: "array", items: { type: "object" }, description: "start, end, phases (rising/peak/setting stays), interruptions" },
      kantaka_shani: { type: "array", items: { type: "object" }, description: "Saturn in the 4th, 7th or 10th from the natal Moon" },
      ashtama_shani: { type: "array", items: { type: "object" }, description: "Saturn in the 8th from the natal Moon" },
      source: { type: "string" },
    },
  },
};
