/**
 * North Indian (diamond, houses fixed, signs move) and South Indian (signs fixed, lagna marked)
 * chart drawings as SVG. Pure and deterministic: the same drawing gives the same bytes. Drawn on
 * a 400×430 canvas (the chart square plus a caption line) with 12–13 px text, readable at 400 px.
 */
import { type ChartDrawing, type ChartStyle, type DrawnGraha } from "./chart-drawing.js";
import { SVG_LABELS, type SvgLabels } from "./svg-labels.js";

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

/** "Sa 12°05′ R C": abbreviation, degree, R retrograde, C combust. */
function grahaLabel(g: DrawnGraha, t: SvgLabels): string {
  return `${t.abbr[g.graha]} ${degText(g.deg)}${g.retrograde ? " R" : ""}${g.combust ? " C" : ""}`;
}

/** Lines of text centred on (x, y), the lagna first (bold, red) where it falls in this cell. */
function cellText(x: number, y: number, lines: readonly { text: string; lagna?: boolean }[], size: number): string {
  const lh = size + 2;
  const top = y - ((lines.length - 1) * lh) / 2;
  return lines
    .map((l, i) =>
      `<text x="${n(x)}" y="${n(top + i * lh)}" text-anchor="middle" dominant-baseline="middle" font-size="${size}"` +
      (l.lagna ? ` font-weight="bold" fill="#b00020" class="lagna"` : ` fill="#111" class="graha"`) + `>${esc(l.text)}</text>`)
    .join("");
}

function linesFor(d: ChartDrawing, rashi: number, t: SvgLabels): { text: string; lagna?: boolean }[] {
  const out: { text: string; lagna?: boolean }[] = [];
  if (d.lagna.rashi === rashi) out.push({ text: `${t.asc} ${degText(d.lagna.deg)}`, lagna: true });
  for (const g of d.grahas) if (g.rashi === rashi) out.push({ text: grahaLabel(g, t) });
  return out;
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

// North Indian: house k's text centre and sign-number anchor, as fractions of the square.
// House 1 is the top diamond; houses run counter-clockwise (2 top-left triangle … 12 top-right).
const NORTH_CENTRE: readonly (readonly [number, number])[] = [
  [0.5, 0.25], [0.25, 0.1], [0.12, 0.25], [0.25, 0.5], [0.12, 0.75], [0.25, 0.9],
  [0.5, 0.75], [0.75, 0.9], [0.88, 0.75], [0.75, 0.5], [0.88, 0.25], [0.75, 0.1],
];
const NORTH_SIGN_AT: readonly (readonly [number, number])[] = [
  [0.5, 0.45], [0.25, 0.215], [0.215, 0.25], [0.45, 0.5], [0.215, 0.75], [0.25, 0.785],
  [0.5, 0.55], [0.75, 0.785], [0.785, 0.75], [0.55, 0.5], [0.785, 0.25], [0.75, 0.215],
];

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
    cells += `<text x="${n(sx * S)}" y="${n(sy * S)}" text-anchor="middle" dominant-baseline="middle" font-size="11" fill="#666" class="sign">${rashi}</text>`;
    const [x, y] = NORTH_CENTRE[h - 1]!;
    // Side triangles (3, 5, 9, 11) are only 100 px wide at their base: smaller type, centred near the edge.
    const side = h === 3 || h === 5 || h === 9 || h === 11;
    cells += cellText(x * S, y * S, linesFor(d, rashi, t), side ? 10 : h % 3 === 1 ? 13 : 12);
  }
  return frame(lines + cells, d, "NORTH", t);
}

// South Indian: sign k's cell (column, row) on the 4×4 grid, Pisces top-left, clockwise.
const SOUTH_CELL: readonly (readonly [number, number])[] = [
  [1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3], [2, 3], [1, 3], [0, 3], [0, 2], [0, 1], [0, 0],
];

function south(d: ChartDrawing, t: SvgLabels): string {
  const w = (S - 2 * M) / 4;
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
    body += `<text x="${n(x0 + 5)}" y="${n(y0 + 13)}" font-size="11" fill="#666" class="sign">${esc(t.signShort[rashi - 1]!)}</text>`;
    // The lagna's sign: a diagonal stroke across its top-left corner, the traditional mark.
    if (rashi === d.lagna.rashi) {
      body += `<line x1="${n(x0)}" y1="${n(y0 + 22)}" x2="${n(x0 + 22)}" y2="${n(y0)}" stroke="#b00020" stroke-width="2" class="lagna-mark"/>`;
    }
    body += cellText(x0 + w / 2, y0 + w / 2 + 6, linesFor(d, rashi, t), 12);
  }
  body += `<text x="${S / 2}" y="${S / 2}" text-anchor="middle" dominant-baseline="middle" font-size="15" fill="#333">${esc(d.title)}</text>`;
  return frame(body, d, "SOUTH", t);
}

/** The drawing as SVG, its words in a language (docs/languages.md; English by default). */
export function chartSvg(d: ChartDrawing, style: ChartStyle, labels: SvgLabels = SVG_LABELS.en): string {
  return style === "NORTH" ? north(d, labels) : south(d, labels);
}
