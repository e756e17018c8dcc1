import { DEFAULT_VARGA_CHARTS, VARGA_CHARTS, parseVargaList } from "../../engine/varga/varga-chart.js";
import { EngineInputError } from "../../engine/errors.js";
import { HORA_METHODS } from "../../engine/tables/varga-methods.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable, vargaBody } from "./kundali-route.js";

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();

/** What is wrong with a `charts` list ("D9,D10" or "9,10"), or undefined. */
function chartsProblem(text: unknown): string | undefined {
  try {
    parseVargaList(String(text), DEFAULT_VARGA_CHARTS);
    return undefined;
  } catch (err) {
    if (err instanceof EngineInputError) return err.message;
    throw err;
  }
}

export const VARGAS_DOCUMENT = /* GraphQL */ `
  query Vargas($birth: BirthInput!, $charts: String, $hora: HoraMethod!) {
    chart(birth: $birth) {
      datetime latitude longitude conventions { ayanamsha node }
      vargas(charts: $charts, hora: $hora) { chart name method lagna { rashi sign degree } planets { graha rashi sign degree } }
    }
  }
`;

export const vargasRoute: RouteEntry = {
  method: "post",
  path: "/vargas",
  operationId: "vargas",
  summary: "Divisional charts (vargas)",
  description:
    `Lagna and graha signs (with the degree within the varga sign) per divisional chart, Parashari methods (named in ` +
    `conventions.methods; D2 is the Sun/Moon hora unless hora_method=parivritti). charts: comma-separated, "D9,D10" or "9,10"; allowed ` +
    `${VARGA_CHARTS.join(", ")}; default ${DEFAULT_VARGA_CHARTS.join(", ")}.`,
  tags: ["calculation"],
  credits: 3,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      charts: {
        type: "string", check: chartsProblem, example: "D9,D10",
        description: `comma-separated divisional charts (${VARGA_CHARTS.join(", ")}), with or without the D; default the spec's set`,
      },
      hora_method: {
        type: "string", enum: HORA_METHODS, default: "parashari",
        description: "D2: parashari (Sun/Moon hora, Leo/Cancer) or parivritti (halves counted cyclically from Aries)",
      },
    },
  },
  document: VARGAS_DOCUMENT,
  variables: ({ body }: ValidInput) => ({
    birth: birthVariable(body), charts: (body.charts as string | undefined) ?? null, hora: String(body.hora_method).toUpperCase(),
  }),
  errorLocs: { ...BIRTH_ERROR_LOCS, charts: ["body", "charts"] },
  result: (data) => {
    const c = (data as Json).chart;
    const vargas = c.vargas.map(vargaBody);
    return {
      body: {
        datetime: c.datetime, latitude: c.latitude, longitude: c.longitude,
        conventions: {
          ayanamsha: lower(c.conventions.ayanamsha), node: lower(c.conventions.node),
          methods: Object.fromEntries(vargas.map((v: Json) => [v.chart, v.method])),
        },
        charts: Object.fromEntries(vargas.map((v: Json) => [v.chart, { name: v.name, lagna: v.lagna, planets: v.planets }])),
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "conventions", "charts"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      conventions: { type: "object", description: "ayanamsha, node and the method of each chart" },
      charts: { type: "object", description: "keyed by chart (D9 …): name, lagna {sign, sign_number, degree}, planets", additionalProperties: { type: "object" } },
    },
  },
};
