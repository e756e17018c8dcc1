/**
 * Fitting a house's labels inside the house (issue 23 item 9): a chart with a stellium (eight
 * grahas in one sign on 1962-02-05) must not spill text out of its house. Labels are laid out in
 * rows, each row as many labels side by side as fit the house's shape at that height; the font
 * shrinks step by step down to LABEL_FONT_MIN_PX (8 px), and when even that does not fit, the
 * labels drop the minutes of their degree, then the degree (the lagna keeps its mark), the bare
 * abbreviations shrinking to BARE_LABEL_FONT_MIN_PX (7 px) if they must. Pure geometry on
 * estimated text boxes: no font is measured, so the estimate is deliberately generous.
 */

export interface Pt { readonly x: number; readonly y: number }
/** An axis-aligned box, px: left, top, right, bottom. */
export interface Box { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number }

/** Where a house's labels may go: a convex polygon (vertices in order) minus obstacles (the sign mark). */
export interface LabelRegion {
  readonly polygon: readonly Pt[];
  readonly obstacles: readonly Box[];
  /** Where the block of labels would ideally be centred. */
  readonly prefer: Pt;
  /** The largest font size to try, px. */
  readonly maxFontPx: number;
}

/** The smallest font a label with its degree is drawn at, px. */
export const LABEL_FONT_MIN_PX = 8;
/**
 * The smallest font of all, px: only bare abbreviations go below LABEL_FONT_MIN_PX (nine grahas
 * in a side triangle of the North drawing, in the widest script, need it).
 */
export const BARE_LABEL_FONT_MIN_PX = 7;
/** Font sizes are tried from the region's largest down in these steps, px. */
const FONT_STEP_PX = 0.5;
/** Clearance kept between a label and its house's lines, px. */
export const LABEL_PAD_PX = 2;
/** At most this many labels side by side in a row. */
const MAX_PER_ROW = 4;

const INDIC = /[\u0900-\u0DFF]/u;
const NONSPACING = /\p{Mn}/u;
const SPACING_MARK = /\p{Mc}/u;

/**
 * A text's advance width in em, estimated per character and on the generous side of the fonts a
 * chart names (DejaVu Sans, Noto Sans <script>): a space 0.32; a combining mark drawn above or
 * below 0; an Indic letter 0.95 and an Indic spacing vowel sign 0.6; a capital Latin letter 0.75;
 * anything else (lower case, digits, ° and ′) 0.64. E.g. "Ma 12°05′ R C" ≈ 7.7 em (DejaVu
 * Sans draws it in 7.2 em).
 */
export function textWidthEm(text: string): number {
  let w = 0;
  for (const ch of text) {
    if (ch === " ") w += 0.32;
    else if (NONSPACING.test(ch)) w += 0;
    else if (SPACING_MARK.test(ch)) w += 0.6;
    else if (INDIC.test(ch)) w += 0.95;
    else if (/\p{Lu}/u.test(ch)) w += 0.75;
    else w += 0.64;
  }
  return w;
}

/**
 * A text's box height in em: Latin 1.15 (ascender to descender); Indic scripts 1.4 (their vowel
 * signs reach above the head line and below the base).
 */
export function textHeightEm(text: string): number {
  return INDIC.test(text) ? 1.4 : 1.15;
}

/** The box of a text drawn centred on (x, y) (text-anchor middle, dominant-baseline middle). */
export function textBox(text: string, x: number, y: number, fontPx: number): Box {
  const w = textWidthEm(text) * fontPx, h = textHeightEm(text) * fontPx;
  return { x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 };
}

/** The polygon's horizontal extent at height y (convex polygon), or null when y is outside it. */
export function spanAt(polygon: readonly Pt[], y: number): [number, number] | null {
  let lo = Infinity, hi = -Infinity;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!, b = polygon[(i + 1) % polygon.length]!;
    if ((y < Math.min(a.y, b.y)) || (y > Math.max(a.y, b.y))) continue;
    if (a.y === b.y) {
      lo = Math.min(lo, a.x, b.x);
      hi = Math.max(hi, a.x, b.x);
      continue;
    }
    const x = a.x + ((y - a.y) / (b.y - a.y)) * (b.x - a.x);
    lo = Math.min(lo, x);
    hi = Math.max(hi, x);
  }
  return lo <= hi ? [lo, hi] : null;
}

/** A polygon's area, px² (shoelace formula). */
export function polygonArea(polygon: readonly Pt[]): number {
  let twice = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!, b = polygon[(i + 1) % polygon.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** Whether a box lies inside a convex polygon (all four corners), with `pad` px to spare inside. */
export function boxInside(box: Box, polygon: readonly Pt[], pad = 0): boolean {
  for (const y of [box.y0 - pad, box.y1 + pad]) {
    const s = spanAt(polygon, y);
    if (!s || box.x0 - pad < s[0] - 1e-9 || box.x1 + pad > s[1] + 1e-9) return false;
  }
  return true;
}

/**
 * The x-intervals where a band [y0, y1] of the region is free: the polygon's extent over the whole
 * band (for a convex polygon, the overlap of its extents at the band's top and bottom), less the
 * padding, less every obstacle the band touches.
 */
function freeIntervals(region: LabelRegion, y0: number, y1: number): [number, number][] {
  const a = spanAt(region.polygon, y0 - LABEL_PAD_PX), b = spanAt(region.polygon, y1 + LABEL_PAD_PX);
  if (!a || !b) return [];
  let out: [number, number][] = [[Math.max(a[0], b[0]) + LABEL_PAD_PX, Math.min(a[1], b[1]) - LABEL_PAD_PX]];
  for (const o of region.obstacles) {
    if (o.y1 + LABEL_PAD_PX <= y0 || o.y0 - LABEL_PAD_PX >= y1) continue;
    out = out.flatMap(([lo, hi]): [number, number][] =>
      [[lo, Math.min(hi, o.x0 - LABEL_PAD_PX)], [Math.max(lo, o.x1 + LABEL_PAD_PX), hi]]);
  }
  return out.filter(([lo, hi]) => hi > lo);
}

export interface PlacedLabel {
  readonly text: string;
  /** Centre of the text, px. */
  readonly x: number;
  readonly y: number;
  readonly fontPx: number;
}

/**
 * Rows of labels from a block top `top`: each row takes, in order, as many labels (at most
 * `perRow`) as fit its band's widest free interval, placed as near the preferred x as the interval
 * allows; null when a label does not fit or the rows leave the polygon.
 */
function rowsFrom(region: LabelRegion, texts: readonly string[], fontPx: number, perRow: number, top: number): PlacedLabel[] | null {
  const widths = texts.map((t) => textWidthEm(t) * fontPx);
  const cell = Math.max(...widths);
  const gap = 0.6 * fontPx;
  const placed: PlacedLabel[] = [];
  let y = top;
  let i = 0;
  while (i < texts.length) {
    const rowH = Math.max(...texts.slice(i, i + perRow).map((t) => textHeightEm(t))) * fontPx;
    const intervals = freeIntervals(region, y, y + rowH);
    if (intervals.length === 0) return null;
    const [lo, hi] = intervals.reduce((best, iv) => (iv[1] - iv[0] > best[1] - best[0] ? iv : best));
    // One label alone takes its own width; several share a column grid as wide as the widest label.
    let m = Math.min(perRow, texts.length - i);
    const rowWidth = (k: number) => (k === 1 ? widths[i]! : k * cell + (k - 1) * gap);
    while (m > 0 && rowWidth(m) > hi - lo) m--;
    if (m === 0) return null;
    const w = rowWidth(m);
    const left = Math.min(Math.max(region.prefer.x - w / 2, lo), hi - w);
    const cy = y + rowH / 2;
    for (let j = 0; j < m; j++) {
      const x = m === 1 ? left + w / 2 : left + cell / 2 + j * (cell + gap);
      placed.push({ text: texts[i + j]!, x, y: cy, fontPx });
    }
    i += m;
    y += rowH + 0.15 * fontPx;
  }
  return placed;
}

/**
 * The labels of one house placed inside it, or null when they do not fit at `fontPx`. Tries one
 * label a row first, then two, three, four side by side; for each, block positions outward from
 * the one centred on the preferred point, keeping the first that fits.
 */
function fitAt(region: LabelRegion, texts: readonly string[], fontPx: number): PlacedLabel[] | null {
  // Labels whose boxes alone cover more than the house cannot fit: skip the search.
  const inked = texts.reduce((sum, t) => sum + textWidthEm(t) * textHeightEm(t), 0) * fontPx * fontPx;
  if (inked > polygonArea(region.polygon)) return null;
  const ys = region.polygon.map((p) => p.y);
  const yMin = Math.min(...ys) + LABEL_PAD_PX, yMax = Math.max(...ys) - LABEL_PAD_PX;
  const pitch = Math.max(...texts.map((t) => textHeightEm(t))) * fontPx + 0.15 * fontPx;
  for (let perRow = 1; perRow <= Math.min(MAX_PER_ROW, texts.length); perRow++) {
    const ideal = Math.round(region.prefer.y - (Math.ceil(texts.length / perRow) * pitch) / 2);
    const span = Math.max(ideal - yMin, yMax - ideal);
    for (let k = 0; k <= 2 * span; k++) {
      const top = ideal + (k % 2 === 0 ? k / 2 : -(k + 1) / 2);
      if (top < yMin || top > yMax) continue;
      const rows = rowsFrom(region, texts, fontPx, perRow, top);
      if (rows) return rows;
    }
  }
  return null;
}

/**
 * The house's labels placed inside it. `variants` lists the label texts from the fullest form to
 * the most compact (with minutes, degree only, abbreviation only): each is tried from the
 * region's largest font down to LABEL_FONT_MIN_PX before the next, the last (bare) one down to
 * BARE_LABEL_FONT_MIN_PX. That last one at its minimum is used even if it does not fit — never
 * reached with the ten labels a house can hold: a test checks every house of both styles with
 * nine grahas and the lagna, in English and in the widest script.
 */
export function layoutLabels(region: LabelRegion, variants: readonly (readonly string[])[]): PlacedLabel[] {
  if (variants.length === 0 || variants[0]!.length === 0) return [];
  for (let v = 0; v < variants.length; v++) {
    const floor = v === variants.length - 1 ? BARE_LABEL_FONT_MIN_PX : LABEL_FONT_MIN_PX;
    const fonts: number[] = [];
    for (let f = region.maxFontPx; f >= floor - 1e-9; f -= FONT_STEP_PX) fonts.push(f);
    // The largest font first (the usual house fits at once), then the smallest: if even that
    // fails, the next form; else the largest fitting font between, by bisection.
    const first = fitAt(region, variants[v]!, fonts[0]!);
    if (first) return first;
    let fits = fitAt(region, variants[v]!, fonts[fonts.length - 1]!);
    if (!fits) continue;
    let bad = 0, good = fonts.length - 1;
    while (good - bad > 1) {
      const mid = (bad + good) >> 1;
      const placed = fitAt(region, variants[v]!, fonts[mid]!);
      if (placed) {
        good = mid;
        fits = placed;
      } else {
        bad = mid;
      }
    }
    return fits;
  }
  const last = variants[variants.length - 1]!;
  const h = BARE_LABEL_FONT_MIN_PX * 1.4;
  return last.map((text, i) => ({ text, x: region.prefer.x, y: region.prefer.y + (i - (last.length - 1) / 2) * h, fontPx: BARE_LABEL_FONT_MIN_PX }));
}
