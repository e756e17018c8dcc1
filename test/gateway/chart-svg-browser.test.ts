/**
 * Issue 23 item 9 in a real headless Chromium (as test/discovery/landing-browser.test.ts: the
 * distribution's /usr/bin/chromium or CHROMIUM_PATH; reported as skipped where none is installed,
 * a failure under CI): the chart drawings rendered with a real font (DejaVu Sans), each label's
 * measured box (getBBox) inside its house, and no wider than the layout's estimate — the estimate
 * the fitting relies on is on the generous side.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAHAS } from "../../src/engine/types.js";
import type { ChartDrawing } from "../../src/resolvers/chart/svg/chart-drawing.js";
import { chartSvg } from "../../src/resolvers/chart/svg/chart-svg.js";
import { textWidthEm } from "../../src/resolvers/chart/svg/label-layout.js";
import { corners, inside, NORTH_HOUSES, southCell } from "../helpers/chart-houses.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const UNDER_CI = /^(1|true|yes)$/i.test(process.env.CI ?? "");
/** Skipped (visibly) only outside CI; under CI they run, and fail on the missing browser. */
const SKIP_BROWSER = !HAVE_CHROMIUM && !UNDER_CI;
let server: TestServer;
let browser: Browser | undefined;
let page: Page | undefined;

beforeAll(async () => {
  server = await startTestServer();
  if (HAVE_CHROMIUM) {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
    page = await browser.newPage();
  } else if (!UNDER_CI) {
    console.warn(`chart-svg-browser: ${CHROMIUM} not found (apt-get install chromium, or set CHROMIUM_PATH): browser checks skipped`);
  }
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Measured { text: string; house: number; size: number; x0: number; y0: number; x1: number; y1: number }

/** The SVG rendered by Chromium; every graha and lagna label with its measured box (user units = px). */
async function measure(svg: string): Promise<Measured[]> {
  if (!page) throw new Error(`CI=true and no browser at ${CHROMIUM}: install Debian's chromium (.ci/run does) or set CHROMIUM_PATH`);
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  return page.$$eval("text.graha, text.lagna", (els) => els.map((e) => {
    const t = e as SVGTextElement;
    const b = t.getBBox();
    return {
      text: t.textContent ?? "", house: Number(t.getAttribute("data-house") ?? t.getAttribute("data-rashi")),
      size: Number(t.getAttribute("font-size")), x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height,
    };
  }));
}

function expectInside(labels: Measured[], style: "NORTH" | "SOUTH"): void {
  for (const l of labels) {
    const poly = style === "NORTH" ? NORTH_HOUSES[l.house - 1]! : southCell(l.house);
    for (const c of corners(l)) expect(inside(c, poly, 0.75), `${style} "${l.text}" measured ${JSON.stringify(l)}`).toBe(true);
    expect(l.x1 - l.x0, `"${l.text}" wider than estimated`).toBeLessThanOrEqual(textWidthEm(l.text) * l.size + 0.5);
  }
}

const crowded = (rashi: number, lagnaRashi: number): ChartDrawing => ({
  title: "D1 Rashi", lagna: { rashi: lagnaRashi, deg: 29.99 },
  grahas: GRAHAS.map((graha) => ({ graha, rashi, deg: 29.99, retrograde: true, combust: true })),
});

describe.skipIf(SKIP_BROWSER)(`chart labels measured in headless Chromium${SKIP_BROWSER ? ` [skipped: no Chromium at ${CHROMIUM}; a failure under CI]` : ""}`, () => {
  it("the 1962-02-05 stellium, North and South: every measured label inside its house", async () => {
    for (const style of ["north", "south"] as const) {
      const res = await fetch(`${server.baseUrl}/chart/svg`, {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ datetime: "1962-02-05T00:00:00+05:30", latitude: 28.6139, longitude: 77.209, style }),
      });
      const labels = await measure(((await res.json()) as { svg: string }).svg);
      expect(labels).toHaveLength(10);
      expectInside(labels, style === "north" ? "NORTH" : "SOUTH");
    }
  }, 60_000);

  it("nine grahas (and the lagna) in each house, both styles: every measured label inside", async () => {
    for (let h = 1; h <= 12; h++) {
      const north = await measure(chartSvg(crowded(h, 1), "NORTH"));
      expect(north).toHaveLength(10);
      expectInside(north, "NORTH");
      const south = await measure(chartSvg(crowded(h, h), "SOUTH"));
      expect(south).toHaveLength(10);
      expectInside(south, "SOUTH");
    }
  }, 120_000);
});
