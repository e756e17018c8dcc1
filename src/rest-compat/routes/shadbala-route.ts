import { SUN_MOON_CHESHTA_CONVENTIONS } from "../../engine/strength/shadbala-input.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();

export const SHADBALA_DOCUMENT = /* GraphQL */ `
  query Shadbala($birth: BirthInput!, $cheshta: SunMoonCheshta!) {
    chart(birth: $birth) {
      datetime latitude longitude conventions { ayanamsha node sunrise }
      shadbala(sunMoonCheshta: $cheshta) {
        sunMoonCheshta daySource lords { abda masa vara hora }
        grahas {
          graha dig cheshta naisargika drik totalVirupas totalRupas requiredRupas strengthRatio meetsRequired rank ishtaPhala kashtaPhala
          sthana { uchcha saptavargaja ojayugma kendradi drekkana total }
          kala { nathonnatha paksha tribhaga abda masa vara hora ayana yuddha total }
        }
      }
      bhavaBala(sunMoonCheshta: $cheshta) { house madhyaSidDeg lord adhipati dig drishti totalVirupas totalRupas rank }
    }
  }
`;

/** The Shadbala selection → the response body (snake_case; virupas unless a name says rupas). */
export function shadbalaBody(c: Json): Json {
  const s = c.shadbala;
  const planets = Object.fromEntries(s.grahas.map((g: Json) => [lower(g.graha), {
    sthana_bala: { total: g.sthana.total, uchcha: g.sthana.uchcha, saptavargaja: g.sthana.saptavargaja, ojayugma: g.sthana.ojayugma,
      kendradi: g.sthana.kendradi, drekkana: g.sthana.drekkana },
    dig_bala: g.dig,
    kala_bala: { total: g.kala.total, nathonnatha: g.kala.nathonnatha, paksha: g.kala.paksha, tribhaga: g.kala.tribhaga, abda: g.kala.abda,
      masa: g.kala.masa, vara: g.kala.vara, hora: g.kala.hora, ayana: g.kala.ayana, yuddha: g.kala.yuddha },
    chesta_bala: g.cheshta, naisargika_bala: g.naisargika, drik_bala: g.drik,
    total_virupas: g.totalVirupas, total_rupas: g.totalRupas, required_rupas: g.requiredRupas, strength_ratio: g.strengthRatio,
    is_strong: g.meetsRequired, rank: g.rank, ishta_phala: g.ishtaPhala, kashta_phala: g.kashtaPhala,
  }]));
  const byRank = [...s.grahas].sort((a: Json, b: Json) => a.rank - b.rank);
  return {
    datetime: c.datetime, latitude: c.latitude, longitude: c.longitude,
    conventions: {
      ayanamsha: lower(c.conventions.ayanamsha), node: lower(c.conventions.node), sunrise: lower(c.conventions.sunrise),
      sun_moon_cheshta: lower(s.sunMoonCheshta), day: s.daySource, unit: "virupas (60 = 1 rupa)",
      bhava_madhya: "equal houses, lagna = madhya of the 1st",
    },
    planets,
    kala_lords: { abda: lower(s.lords.abda), masa: lower(s.lords.masa), vara: lower(s.lords.vara), hora: lower(s.lords.hora) },
    strongest_planet: lower(byRank[0].graha),
    weakest_planet: lower(byRank[byRank.length - 1].graha),
    bhava_bala: c.bhavaBala.map((h: Json) => ({
      house: h.house, madhya: h.madhyaSidDeg, lord: lower(h.lord), adhipati_bala: h.adhipati, dig_bala: h.dig, drishti_bala: h.drishti,
      total_virupas: h.totalVirupas, total_rupas: h.totalRupas, rank: h.rank,
    })),
  };
}

export const shadbalaRoute: RouteEntry = {
  method: "post",
  path: "/shadbala",
  operationId: "shadbala",
  summary: "Shadbala (six-fold strength) and bhava bala",
  description:
    "Sthana (uchcha, saptavargaja, ojayugma, kendradi, drekkana), dig, kala (nathonnatha, paksha, tribhaga, abda, masa, vara, hora, " +
    "ayana, yuddha), cheshta, naisargika and drik bala of Sun … Saturn in virupas; totals in rupas against each planet's required " +
    "minimum, strength ratio and rank, ishta and kashta phala; bhava bala of the 12 houses (BPHS ch. 27; B.V. Raman, Graha and Bhava Balas).",
  tags: ["calculation"],
  credits: 3,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      sun_moon_cheshta: {
        type: "string", enum: SUN_MOON_CHESHTA_CONVENTIONS, default: "raman",
        description: "raman: the Sun's and Moon's cheshta (= their ayana and paksha bala) not counted twice; bphs: counted again",
      },
    },
  },
  document: SHADBALA_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), cheshta: String(body.sun_moon_cheshta).toUpperCase() }),
  errorLocs: BIRTH_ERROR_LOCS,
  result: (data) => ({ body: shadbalaBody((data as Json).chart) }),
  responseSchema: {
    type: "object",
    required: ["datetime", "latitude", "longitude", "conventions", "planets", "bhava_bala"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" }, conventions: { type: "object" },
      planets: { type: "object", description: "keyed sun … saturn", additionalProperties: { type: "object" } },
      kala_lords: { type: "object" }, strongest_planet: { type: "string" }, weakest_planet: { type: "string" },
      bhava_bala: { type: "array", items: { type: "object" } },
    },
  },
};
