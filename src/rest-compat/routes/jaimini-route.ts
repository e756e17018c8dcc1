import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { chandrashtamaRoute, dailyStrengthRoute } from "./personal-routes.js";
import { planetStatesRoute } from "./planet-states-route.js";
import { sadeSatiRoute } from "./sade-sati-route.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();

export const JAIMINI_DOCUMENT = /* GraphQL */ `
  query Jaimini($birth: BirthInput!, $scheme: Int!) {
    jaimini(birth: $birth, scheme: $scheme) {
      scheme rules
      charaKarakas { karaka planet degree }
      arudhaPadas { ...A }
      upapada { ...A }
      karakamsha { atmakaraka sign signName grahasInRashiChart grahasInNavamsha navamshaLagna }
      coLords { sign planet rule }
    }
  }
  fragment A on ArudhaPada { house name sign signName lord countedSign exception }
`;

const padaBody = (p: Json): Json => ({
  house: p.house, name: p.name, sign: p.signName, sign_number: p.sign, lord: lower(p.lord), counted_sign_number: p.countedSign, exception: p.exception,
});

export const jaiminiRoute: RouteEntry = {
  method: "post",
  path: "/jaimini",
  operationId: "jaimini",
  summary: "Jaimini: chara karakas, arudha padas, upapada, karakamsha",
  description:
    "Chara karakas in the 7-karaka (default) or 8-karaka scheme (echoed), the arudha padas A1–A12 with the 1st/7th-house exceptions " +
    "(BPHS ch. 29: a pada falling in the house moves to the 10th from it, one falling in the 7th to the 4th from the house), the upapada (A12), " +
    "the karakamsha and swamsha. Rules in docs/dashas-and-jaimini.md.",
  tags: ["calculation"],
  credits: 1,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      scheme: { type: "integer", min: 7, max: 8, default: 7, description: "chara karaka scheme: 7 (Sun…Saturn) or 8 (with Rahu)" },
    },
  },
  document: JAIMINI_DOCUMENT,
  variables: ({ body }: ValidInput) => ({ birth: birthVariable(body), scheme: body.scheme }),
  errorLocs: { ...BIRTH_ERROR_LOCS, scheme: ["body", "scheme"] },
  result: (data, { body }) => {
    const j = (data as Json).jaimini;
    const k = j.karakamsha;
    return {
      body: {
        datetime: body.datetime, latitude: body.latitude, longitude: body.longitude,
        conventions: { ayanamsha: body.ayanamsha, node: body.node, chara_karaka_scheme: j.scheme },
        chara_karakas: j.charaKarakas.map((c: Json) => ({ karaka: c.karaka, planet: lower(c.planet), degree: c.degree })),
        arudha_padas: j.arudhaPadas.map(padaBody),
        arudha_lagna: padaBody(j.arudhaPadas[0]),
        upapada: padaBody(j.upapada),
        karakamsha: {
          atmakaraka: lower(k.atmakaraka), sign: k.signName, sign_number: k.sign,
          grahas_in_rashi_chart: k.grahasInRashiChart.map(lower), navamsha_lagna_number: k.navamshaLagna,
        },
        swamsha: { sign: k.signName, sign_number: k.sign, grahas_in_navamsha: k.grahasInNavamsha.map(lower) },
        co_lords: j.coLords.map((c: Json) => ({ sign_number: c.sign, planet: lower(c.planet), rule: c.rule })),
        rules: j.rules,
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["conventions", "chara_karakas", "arudha_padas", "upapada", "karakamsha", "swamsha"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" }, conventions: { type: "object" },
      chara_karakas: { type: "array", items: { type: "object" } }, arudha_padas: { type: "array", items: { type: "object" } },
      arudha_lagna: { type: "object" }, upapada: { type: "object" }, karakamsha: { type: "object" }, swamsha: { type: "object" },
      co_lords: { type: "array", items: { type: "object" } }, rules: { type: "string" },
    },
  },
};

/** The routes of issue 28 beside POST /dasha (one line in route-table.ts). */
export const JAIMINI_AND_TIMELINE_ROUTES: readonly RouteEntry[] = [jaiminiRoute, dailyStrengthRoute, chandrashtamaRoute, sadeSatiRoute, planetStatesRoute];
