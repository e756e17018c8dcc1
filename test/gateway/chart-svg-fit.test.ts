/**
 * Issue 23 item 9: every label of a chart drawing lies inside its house, in both styles, with up
 * to nine grahas and the lagna in one house — the 1962-02-05 stellium (eight grahas in Makara) and
 * synthetic ten-label houses in every position, in English and in the widest script. A label's box
 * is estimated from its font size and characters (textWidthEm / textHeightEm); the houses are
 * stated here from the drawing's lines, independently of the renderer.
 */
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAHAS } from "../../src/engine/types.js";
import { LANGUAGES, type Language } from "../../src/i18n/languages.js";
import type { ChartDrawing } from "../../src/resolvers/chart/svg/chart-drawing.js";
import { chartSvg } from "../../src/resolvers/chart/svg/chart-svg.js";
import { BARE_LABEL_FONT_MIN_PX, LABEL_FONT_MIN_PX, textBox, textWidthEm, type Box } from "../../src/resolvers/chart/svg/label-layout.js";
import { SVG_LABELS } from "../../src/resolvers/chart/svg/svg-labels.js";
import { A, corners, inside, NORTH_HOUSES, SOUTH_COLROW, southCell } from "../helpers/chart-houses.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const overlap = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

interface Label { text: string; x: number; y: number; size: number; house: number; lagna: boolean; box: Box }
interface SignMark { text: string; box: Box }

function parse(svg: string): { labels: Label[]; signs: SignMark[] } {
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "text", parseTagValue: false }).parse(svg);
  const labels: Label[] = [];
  const signs: SignMark[] = [];
  for (const t of doc.svg.text as any[]) {
    const text = String(t["#text"]);
    const x = Number(t["@_x"]), y = Number(t["@_y"]), size = Number(t["@_font-size"]);
    const house = Number(t["@_data-house"] ?? t["@_data-rashi"]);
    if (t["@_class"] === "sign") {
      // North numbers are centred; South names start at x.
      const anchored = t["@_text-anchor"] === "middle" ? x : x + (textWidthEm(text) * size) / 2;
      signs.push({ text, box: textBox(text, anchored, y, size) });
    } else if (t["@_class"] === "graha" || t["@_class"] === "lagna") {
      labels.push({ text, x, y, size, house, lagna: t["@_class"] === "lagna", box: textBox(text, x, y, size) });
    }
  }
  return { labels, signs };
}

/** Every label inside its house (1 px clear of the 1.5 px lines), at least the minimum font, clear of the others and of the sign marks. */
function expectAllInside(svg: string, style: "NORTH" | "SOUTH", expected: Map<number, number>): Label[] {
  const { labels, signs } = parse(svg);
  for (const [house, count] of expected) expect(labels.filter((l) => l.house === house), `house ${house}`).toHaveLength(count);
  if (expected.size > 0) expect(labels).toHaveLength([...expected.values()].reduce((a, b) => a + b, 0));
  for (const l of labels) {
    const poly = style === "NORTH" ? NORTH_HOUSES[l.house - 1]! : southCell(l.house);
    for (const c of corners(l.box)) expect(inside(c, poly, 1.75), `${style} "${l.text}" (${l.size} px at ${l.x},${l.y}) in house ${l.house}`).toBe(true);
    // Labels with a degree at 8 px or more; only bare abbreviations may go down to 7.
    expect(l.size).toBeGreaterThanOrEqual(/°/.test(l.text) ? LABEL_FONT_MIN_PX : BARE_LABEL_FONT_MIN_PX);
    for (const o of labels) if (o !== l) expect(overlap(l.box, o.box), `"${l.text}" and "${o.text}" overlap`).toBe(false);
    for (const s of signs) expect(overlap(l.box, s.box), `"${l.text}" over the sign mark "${s.text}"`).toBe(false);
  }
  if (style === "SOUTH") {
    for (const s of signs) expect(SOUTH_COLROW.some((_, i) => corners(s.box).every((c) => inside(c, southCell(i + 1), 1))), `sign "${s.text}"`).toBe(true);
  }
  return labels;
}

/** The language whose labels are widest by the estimate (the longest abbreviation with its degree and marks). */
const WIDEST: Language = [...LANGUAGES].sort((a, b) => widthOf(b) - widthOf(a))[0]!;
function widthOf(lang: Language): number {
  const t = SVG_LABELS[lang];
  return Math.max(...GRAHAS.map((g) => textWidthEm(`${t.abbr[g]} 29°59′ R C`)), textWidthEm(`${t.asc} 29°59′`));
}

/** Nine grahas (retrograde and combust, at 29°59′: the widest labels) in one sign; the lagna there too when asked. */
function crowded(rashi: number, lagnaRashi: number): ChartDrawing {
  return {
    title: "D1 Rashi",
    lagna: { rashi: lagnaRashi, deg: 29.99 },
    grahas: GRAHAS.map((graha) => ({ graha, rashi, deg: 29.99, retrograde: true, combust: true })),
  };
}

describe("synthetic houses of nine grahas (and the lagna)", () => {
  it(`the widest script by the estimate is not Latin (${WIDEST})`, () => {
    expect(widthOf(WIDEST)).toBeGreaterThan(widthOf("en"));
  });

  for (const lang of ["en", WIDEST] as const) {
    it(`North, ${lang}: nine in each house, with the lagna in house 1 — all inside`, () => {
      for (let h = 1; h <= 12; h++) {
        // Lagna in Aries: house h holds sign h.
        const svg = chartSvg(crowded(h, 1), "NORTH", SVG_LABELS[lang]);
        expectAllInside(svg, "NORTH", new Map(h === 1 ? [[1, 10]] : [[1, 1], [h, 9]]));
      }
    });

    it(`South, ${lang}: nine and the lagna in each sign — all inside, clear of the sign name and the lagna mark`, () => {
      for (let r = 1; r <= 12; r++) {
        const svg = chartSvg(crowded(r, r), "SOUTH", SVG_LABELS[lang]);
        expectAllInside(svg, "SOUTH", new Map([[r, 10]]));
      }
    });
  }

  it("an uncrowded house keeps the full label at its largest font", () => {
    const d: ChartDrawing = {
      title: "D1 Rashi", lagna: { rashi: 1, deg: 12.5 },
      grahas: GRAHAS.map((graha, i) => ({ graha, rashi: (i % 12) + 2, deg: 5, retrograde: false, combust: false })),
    };
    const { labels } = parse(chartSvg(d, "NORTH"));
    expect(labels.find((l) => l.lagna)).toMatchObject({ text: "Asc 12°30′", size: 13 });
    expect(labels.find((l) => l.text.startsWith("Su"))).toMatchObject({ text: "Su 5°00′", size: 12 });
  });
});

describe("the 1962-02-05 stellium (eight grahas in Makara), over HTTP", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => server?.close());

  const BIRTH = { datetime: "1962-02-05T00:00:00+05:30", latitude: 28.6139, longitude: 77.209 };
  async function drawn(style: "north" | "south", lang?: string): Promise<string> {
    const res = await fetch(`${server.baseUrl}/chart/svg${lang ? `?lang=${lang}` : ""}`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...BIRTH, style }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { svg: string }).svg;
  }

  it("North: the eight share one house, every label inside it (no \"Su\" above the chart)", async () => {
    const labels = expectAllInside(await drawn("north"), "NORTH", new Map());
    const counts = new Map<number, number>();
    for (const l of labels) counts.set(l.house, (counts.get(l.house) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBe(8);
    for (const l of labels) expect(l.box.y0).toBeGreaterThan(A);
  });

  it("South: every label inside Makara's cell and the others", async () => {
    const labels = expectAllInside(await drawn("south"), "SOUTH", new Map());
    expect(labels.filter((l) => l.house === 10)).toHaveLength(8);
  });

  it("in every language, both styles", async () => {
    for (const lang of LANGUAGES) {
      for (const style of ["north", "south"] as const) {
        const labels = expectAllInside(await drawn(style, lang), style === "north" ? "NORTH" : "SOUTH", new Map());
        expect(labels.length, `${lang} ${style}`).toBe(10);
      }
    }
  });
});
