import { VARGA_CHARTS } from "../../engine/varga/varga-chart.js";
import { EngineInputError } from "../../engine/errors.js";
import { parseVargaList } from "../../engine/varga/varga-sign.js";
import { CHART_SVG_CREDITS } from "../../resolvers/chart/svg/chart-svg-args.js";
import type { ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { BIRTH_ERROR_LOCS, CHART_BODY, birthVariable } from "./kundali-route.js";

type Json = Record<string, any>;

function vargaProblem(text: unknown): string | undefined {
  if (String(text).includes(",")) return "varga names one divisional chart, e.g. D9";
  try {
    parseVargaList(String(text), ["D1"]);
    return undefined;
  } catch (err) {
    if (err instanceof EngineInputError) return err.message;
    throw err;
  }
}

const DOCUMENT = /* GraphQL */ `
  query ChartSvg($birth: BirthInput!, $style: ChartStyle!, $varga: String!) {
    chart(birth: $birth) { datetime latitude longitude conventions { ayanamsha node } svg(style: $style, varga: $varga) }
  }
`;

/** Not a spec endpoint: the chart drawn as SVG (North or South Indian), inside a JSON body. */
export const chartSvgRoute: RouteEntry = {
  method: "post",
  path: "/chart/svg",
  operationId: "chartSvg",
  summary: "Chart drawing (SVG, North or South Indian)",
  description:
    "The birth chart or any varga drawn as a 400×430 SVG: lagna marked (Asc), graha abbreviations with the degree in the " +
    "varga sign, R retrograde, C combust. Not in the spec; GraphQL: chart { svg(style, varga) }.",
  tags: ["calculation"],
  credits: CHART_SVG_CREDITS,
  auth: "api_key",
  input: {
    body: {
      ...CHART_BODY,
      style: { type: "string", enum: ["north", "south"], default: "north", description: "north: diamond; south: fixed signs" },
      varga: {
        type: "string", default: "D1", check: vargaProblem, example: "D9",
        description: `one divisional chart (${VARGA_CHARTS.join(", ")}), with or without the D`,
      },
    },
  },
  document: DOCUMENT,
  variables: ({ body }: ValidInput) => ({
    birth: birthVariable(body), style: String(body.style).toUpperCase(), varga: String(body.varga),
  }),
  errorLocs: { ...BIRTH_ERROR_LOCS, varga: ["body", "varga"] },
  result: (data, { body }) => {
    const c = (data as Json).chart;
    return {
      body: {
        datetime: c.datetime, latitude: c.latitude, longitude: c.longitude,
        style: String(body.style), varga: String(body.varga).toUpperCase().replace(/^(\d)/, "D$1"),
        conventions: { ayanamsha: c.conventions.ayanamsha.toLowerCase(), node: c.conventions.node.toLowerCase() },
        content_type: "image/svg+xml",
        svg: c.svg,
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "latitude", "longitude", "style", "varga", "conventions", "content_type", "svg"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      style: { type: "string", enum: ["north", "south"] }, varga: { type: "string" },
      conventions: { type: "object" }, content_type: { type: "string" }, svg: { type: "string" },
    },
  },
};
