/**
 * North Indian (diamond, houses fixed, signs move) and South Indian (signs fixed, lagna marked)
 * chart drawings as SVG. Pure and deterministic: the same drawing gives the same bytes. Drawn on
 * a 400×430 canvas (the chart square plus a caption line); each house's labels are fitted inside it
 * (label-layout.ts): 11–13 px text, smaller in a crowded house, readable at 400 px.
 */
import { type ChartDrawing, type ChartStyle, type DrawnGraha } from "./chart-drawing.js";
import { SVG_LABELS, type SvgLabels } from "./svg-labels.js";
import { layoutLabels, textBox, textHeightEm, textWidthEm, type Box, type LabelRegion, type Pt } from "./label-layout.js";

const S = 400;
const M = 4;
const H = S + 30;

const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const n = (x: number): string => String(Math.round(x * 10) / 10);

/** 12°05′ (floored to the minute, so 29°59.9′ never prints as 30°00′). */
export function degText(deg: number): string {
  const totalMin = Math.floor(deg * 60 + 1e-9);
  const d = Math.floor(totalMin / 60);
  const m = totalMin % 60;
  return `${d}°${String(m).padStart(2, "0")}′`;
}

/** The marks after a graha's degree: R retrograde, C combust. */
const marks = (g: DrawnGraha): string => `${g.retrograde ? " R" : ""}${g.combust ? " C" : ""}`;

interface CellLabel { readonly variants: readonly string[]; readonly lagna: boolean }

/**
 * The labels of the bodies in one sign, the lagna first: each in three forms, fullest first —
 * "Sa 12°05′ R C", "Sa 12° R C", "Sa R C" (and "Asc 12°30′", "Asc 12°", "Asc") — for a crowded
 * house that cannot hold the fuller ones even at the smallest font (label-layout.ts).
 */
function labelsFor(d: ChartDrawing, rashi: number, t: SvgLabels): CellLabel[] {
  const out: CellLabel[] = [];
  const forms = (head: string, deg: number, tail: string): string[] =>
    [`${head} ${degText(deg)}${tail}`, `${head} ${Math.floor(deg + 1e-9)}°${tail}`, `${head}${tail}`];
  if (d.lagna.rashi === rashi) out.push({ variants: forms(t.asc, d.lagna.deg, ""), lagna: true });
  for (const g of d.grahas) if (g.rashi === rashi) out.push({ variants: forms(t.abbr[g.graha], g.deg, marks(g)), lagna: false });
  return out;
}

/** A house's labels laid out inside its region, as <text> elements tagged with the house (or sign). */
function cellText(region: LabelRegion, labels: readonly CellLabel[], tag: string): string {
  if (labels.length === 0) return "";
  const variants = [0, 1, 2].map((v) => labels.map((l) => l.variants[v]!));
  return layoutLabels(region, variants)
    .map((p, i) =>
      `<text x="${n(p.x)}" y="${n(p.y)}" text-anchor="middle" dominant-baseline="middle" font-size="${n(p.fontPx)}" ${tag}` +
      (labels[i]!.lagna ? ` font-weight="bold" fill="#b00020" class="lagna"` : ` fill="#111" class="graha"`) + `>${esc(p.text)}</text>`)
    .join("");
}

function caption(d: ChartDrawing, t: SvgLabels): string {
  const lagnaSign = t.signName[d.lagna.rashi - 1]!;
  const text = `${d.title} · ${t.asc} ${lagnaSign} ${degText(d.lagna.deg)} · R retrograde · C combust`;
  return `<text x="${S / 2}" y="${S + 18}" text-anchor="middle" font-size="12" fill="#333">${esc(text)}</text>`;
}

function frame(body: string, d: ChartDrawing, style: ChartStyle, t: SvgLabels): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${H}" viewBox="0 0 ${S} ${H}" font-family="${esc(t.font)}" role="img">` +
    `<title>${esc(`${d.title} chart (${style === "NORTH" ? "North" : "South"} Indian)`)}</title>` +
    `<rect x="0" y="0" width="${S}" height="${H}" fill="#fffdf7"/>` + body + caption(d, t) + `</svg>`;
}

// North Indian: house k's preferred text centre and sign-number anchor, as fractions of the square.
// House 1 is the top diamond; houses run counter-clockwise (2 top-left triangle … 12 top-right).
const NORTH_CENTRE: readonly (readonly [number, number])[] = [
  [0.5, 0.25], [0.25, 0.1], [0.12, 0.25], [0.25, 0.5], [0.12, 0.75], [0.25, 0.9],
  [0.5, 0.75], [0.75, 0.9], [0.88, 0.75], [0.75, 0.5], [0.88, 0.25], [0.75, 0.1],
];
const NORTH_SIGN_AT: readonly (readonly [number, number])[] = [
  [0.5, 0.45], [0.25, 0.215], [0.215, 0.25], [0.45, 0.5], [0.215, 0.75], [0.25, 0.785],
  [0.5, 0.55], [0.75, 0.785], [0.785, 0.75], [0.55, 0.5], [0.785, 0.25], [0.75, 0.215],
];
const NORTH_SIGN_PX = 11;

/**
 * The twelve houses of the North Indian drawing as polygons, px: the square (a … b) cut by its
 * diagonals and by the diamond joining its sides' midpoints. Houses 1, 4, 7, 10 are the rhombi
 * around the centre, the others the triangles along the sides.
 */
export function northHousePolygons(): Pt[][] {
  const a = M, b = S - M, c = S / 2, q1 = (a + c) / 2, q3 = (c + b) / 2;
  const P = (x: number, y: number): Pt => ({ x, y });
  return [
    [P(c, a), P(q3, q1), P(c, c), P(q1, q1)], [P(a, a), P(c, a), P(q1, q1)], [P(a, a), P(q1, q1), P(a, c)],
    [P(a, c), P(q1, q1), P(c, c), P(q1, q3)], [P(a, c), P(q1, q3), P(a, b)], [P(a, b), P(q1, q3), P(c, b)],
    [P(c, b), P(q1, q3), P(c, c), P(q3, q3)], [P(c, b), P(q3, q3), P(b, b)], [P(b, b), P(q3, q3), P(b, c)],
    [P(b, c), P(q3, q3), P(c, c), P(q3, q1)], [P(b, c), P(q3, q1), P(b, a)], [P(b, a), P(q3, q1), P(c, a)],
  ];
}
const NORTH_HOUSES = northHousePolygons();

function north(d: ChartDrawing, t: SvgLabels): string {
  const a = M, b = S - M, c = S / 2;
  const lines = `<g stroke="#333" stroke-width="1.5" fill="none">` +
    `<rect x="${a}" y="${a}" width="${b - a}" height="${b - a}"/>` +
    `<line x1="${a}" y1="${a}" x2="${b}" y2="${b}"/><line x1="${b}" y1="${a}" x2="${a}" y2="${b}"/>` +
    `<polygon points="${c},${a} ${a},${c} ${c},${b} ${b},${c}"/></g>`;
  let cells = "";
  for (let h = 1; h <= 12; h++) {
    const rashi = ((d.lagna.rashi - 1 + h - 1) % 12) + 1;
    const [sx, sy] = NORTH_SIGN_AT[h - 1]!;
    cells += `<text x="${n(sx * S)}" y="${n(sy * S)}" text-anchor="middle" dominant-baseline="middle" font-size="${NORTH_SIGN_PX}" fill="#666" class="sign">${rashi}</text>`;
    const [x, y] = NORTH_CENTRE[h - 1]!;
    // The rhombi (1, 4, 7, 10) hold the most; the side triangles (3, 5, 9, 11) are narrowest across.
    const side = h === 3 || h === 5 || h === 9 || h === 11;
    const region: LabelRegion = {
      polygon: NORTH_HOUSES[h - 1]!, obstacles: [textBox(String(rashi), sx * S, sy * S, NORTH_SIGN_PX)],
      prefer: { x: x * S, y: y * S }, maxFontPx: side ? 11 : h % 3 === 1 ? 13 : 12,
    };
    cells += cellText(region, labelsFor(d, rashi, t), `data-house="${h}"`);
  }
  return frame(lines + cells, d, "NORTH", t);
}

// South Indian: sign k's cell (column, row) on the 4×4 grid, Pisces top-left, clockwise.
const SOUTH_CELL: readonly (readonly [number, number])[] = [
  [1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3], [2, 3], [1, 3], [0, 3], [0, 2], [0, 1], [0, 0],
];
const SOUTH_W = (S - 2 * M) / 4;
const SOUTH_SIGN_PX = 11;
/** The lagna mark: a stroke across the cell's top-left corner, this many px along each side. */
const LAGNA_MARK_PX = 22;

/** The South Indian cell of a sign (1 = Aries … 12 = Pisces) as a polygon, px. */
export function southCellPolygon(rashi: number): Pt[] {
  const [col, row] = SOUTH_CELL[rashi - 1]!;
  const x0 = M + col * SOUTH_W, y0 = M + row * SOUTH_W, x1 = x0 + SOUTH_W, y1 = y0 + SOUTH_W;
  return [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
}

function south(d: ChartDrawing, t: SvgLabels): string {
  const w = SOUTH_W;
  let body = `<g stroke="#333" stroke-width="1.5" fill="none"><rect x="${M}" y="${M}" width="${S - 2 * M}" height="${S - 2 * M}"/>`;
  for (let i = 1; i < 4; i++) {
    const p = n(M + i * w);
    // The inner lines stop at the centre block (one 2×2 cell).
    body += i === 2
      ? `<line x1="${p}" y1="${M}" x2="${p}" y2="${n(M + w)}"/><line x1="${p}" y1="${n(M + 3 * w)}" x2="${p}" y2="${S - M}"/>` +
        `<line x1="${M}" y1="${p}" x2="${n(M + w)}" y2="${p}"/><line x1="${n(M + 3 * w)}" y1="${p}" x2="${S - M}" y2="${p}"/>`
      : `<line x1="${p}" y1="${M}" x2="${p}" y2="${S - M}"/><line x1="${M}" y1="${p}" x2="${S - M}" y2="${p}"/>`;
  }
  body += `</g>`;
  for (let rashi = 1; rashi <= 12; rashi++) {
    const [col, row] = SOUTH_CELL[rashi - 1]!;
    const x0 = M + col * w, y0 = M + row * w;
    // The sign's name in the top-left corner, smaller when a long name in a wide script needs it.
    const name = t.signShort[rashi - 1]!;
    const signPx = Math.min(SOUTH_SIGN_PX, Math.floor(((w - 10) / textWidthEm(name)) * 2) / 2);
    const sign = textBox(name, x0 + 5 + (textWidthEm(name) * signPx) / 2, y0 + 4 + (textHeightEm(name) * signPx) / 2, signPx);
    body += `<text x="${n(sign.x0)}" y="${n((sign.y0 + sign.y1) / 2)}" dominant-baseline="middle" font-size="${n(signPx)}" fill="#666" class="sign">${esc(name)}</text>`;
    const obstacles: Box[] = [sign];
    // The lagna's sign: a diagonal stroke across its top-left corner, the traditional mark.
    if (rashi === d.lagna.rashi) {
      body += `<line x1="${n(x0)}" y1="${n(y0 + LAGNA_MARK_PX)}" x2="${n(x0 + LAGNA_MARK_PX)}" y2="${n(y0)}" stroke="#b00020" stroke-width="2" class="lagna-mark"/>`;
      obstacles.push({ x0, y0, x1: x0 + LAGNA_MARK_PX, y1: y0 + LAGNA_MARK_PX });
    }
    const region: LabelRegion = { polygon: southCellPolygon(rashi), obstacles, prefer: { x: x0 + w / 2, y: y0 + w / 2 + 6 }, maxFontPx: 12 };
    body += cellText(region, labelsFor(d, rashi, t), `data-rashi="${rashi}"`);
  }
  body += `<text x="${S / 2}" y="${S / 2}" text-anchor="middle" dominant-baseline="middle" font-size="15" fill="#333">${esc(d.title)}</text>`;
  return frame(body, d, "SOUTH", t);
}

/** The drawing as SVG, its words in a language (docs/languages.md; English by default). */
export function chartSvg(d: ChartDrawing, style: ChartStyle, labels: SvgLabels = SVG_LABELS.en): string {
  return style === "NORTH" ? north(d, labels) : south(d, labels);
}
