import { UPAGRAHA_MOMENTS } from "../../engine/upagraha/upagrahas.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();
const CAPITAL = (s: string): string => s[0]!.toUpperCase() + s.slice(1);

export const UPAGRAHAS_DOCUMENT = /* GraphQL */ `
  query Upagrahas($birth: BirthInput!, $moment: UpagrahaMoment!) {
    chart(birth: $birth) {
      datetime latitude longitude conventions { ayanamsha node sunrise }
      upagrahas(moment: $moment) {
        moment timeBasedAbsentReason
        sunBased { ...U }
        timeBased { ...U }
      }
    }
  }
  fragment U on Upagraha {
    name title kind longitude rashi sign degree dms nakshatra nakshatraName pada lord moment part portion portionStart portionEnd
  }
`;

function upagrahaBody(u: Json): Json {
  const out: Json = {
    name: CAPITAL(u.name), type: u.kind === "sun" ? "sun_based" : "time_based", longitude: u.longitude, sign: u.sign, sign_number: u.rashi,
    degree: u.degree, dms: u.dms, nakshatra: u.nakshatraName, nakshatra_number: u.nakshatra, pada: u.pada,
  };
  if (u.kind === "time") {
    Object.assign(out, { lord: lower(u.lord), moment: u.moment, part: u.part, portion: u.portion, portion_start: u.portionStart, portion_end: u.portionEnd });
  }
  return out;
}

export const upagrahasRoute: RouteEntry = {
  method: "post",
  path: "/upagrahas",
  operationId: "upagrahas",
  summary: "The 11 upagrahas",
  description:
    "Dhuma, Vyatipata, Parivesha, Indrachapa, Upaketu (from the Sun) and Gulika, Mandi, Kaala, Mrityu, Ardhaprahara, Yamaghantaka " +
    "(the lagna during a graha's eighth of the day from sunrise or the night from sunset) with longitude, sign, nakshatra and pada. " +
    "Where the Sun does not rise or set, the time-based ones are absent with a reason.",
  tags: ["calculation"],
  credits: 2,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      moment: {
        type: "string", enum: UPAGRAHA_MOMENTS, default: "classical",
        description: "classical (Gulika and the others at the start of the portion, Mandi at its middle), start, or middle",
      },
    },
  },
  document: UPAGRAHAS_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), moment: String(body.moment).toUpperCase() }),
  errorLocs: BIRTH_ERROR_LOCS,
  result: (data) => {
    const c = (data as Json).chart;
    const u = c.upagrahas;
    const all = [...u.sunBased, ...(u.timeBased ?? [])].map(upagrahaBody);
    return {
      body: {
        datetime: c.datetime, latitude: c.latitude, longitude: c.longitude,
        conventions: {
          ayanamsha: lower(c.conventions.ayanamsha), node: lower(c.conventions.node), sunrise: lower(c.conventions.sunrise),
          moment: lower(u.moment),
          moments: Object.fromEntries((u.timeBased ?? []).map((x: Json) => [CAPITAL(x.name), x.moment])),
        },
        upagrahas: Object.fromEntries(all.map((x: Json) => [x.name, x])),
        time_based_absent_reason: u.timeBasedAbsentReason,
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "latitude", "longitude", "upagrahas"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" }, conventions: { type: "object" },
      upagrahas: { type: "object", description: "keyed by name (Dhuma … Mandi)", additionalProperties: { type: "object" } },
      time_based_absent_reason: { type: ["string", "null"] },
    },
  },
};
