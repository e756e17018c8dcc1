/**
 * The houses of the SVG chart drawings (src/resolvers/chart/svg/chart-svg.ts) stated from the
 * drawing's lines, independently of the renderer, and a point-in-polygon test: the geometry the
 * label tests check against (test/gateway/chart-svg-fit.test.ts, chart-svg-browser.test.ts).
 */
export interface Pt { readonly x: number; readonly y: number }

// The drawing's square runs from 4 to 396 px; its centre is 200.
export const A = 4, B = 396;
const C = 200, Q1 = 102, Q3 = 298;
const P = (x: number, y: number): Pt => ({ x, y });
/** North: the square cut by its diagonals and the diamond of its sides' midpoints; house 1 on top, counter-clockwise. */
export const NORTH_HOUSES: Pt[][] = [
  [P(C, A), P(Q3, Q1), P(C, C), P(Q1, Q1)], [P(A, A), P(C, A), P(Q1, Q1)], [P(A, A), P(Q1, Q1), P(A, C)],
  [P(A, C), P(Q1, Q1), P(C, C), P(Q1, Q3)], [P(A, C), P(Q1, Q3), P(A, B)], [P(A, B), P(Q1, Q3), P(C, B)],
  [P(C, B), P(Q1, Q3), P(C, C), P(Q3, Q3)], [P(C, B), P(Q3, Q3), P(B, B)], [P(B, B), P(Q3, Q3), P(B, C)],
  [P(B, C), P(Q3, Q3), P(C, C), P(Q3, Q1)], [P(B, C), P(Q3, Q1), P(B, A)], [P(B, A), P(Q3, Q1), P(C, A)],
];
/** South: the 98 px cells of the 4×4 grid, Pisces top-left, signs clockwise. */
export const SOUTH_COLROW = [[1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3], [2, 3], [1, 3], [0, 3], [0, 2], [0, 1], [0, 0]] as const;
const W = (B - A) / 4;
export const southCell = (rashi: number): Pt[] => {
  const [col, row] = SOUTH_COLROW[rashi - 1]!;
  const x0 = A + col * W, y0 = A + row * W;
  return [P(x0, y0), P(x0 + W, y0), P(x0 + W, y0 + W), P(x0, y0 + W)];
};

/** Inside a convex polygon (vertices in either order): on the inner side of every edge, `pad` px in. */
export function inside(p: Pt, poly: readonly Pt[], pad: number): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!, b = poly[(i + 1) % poly.length]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const cross = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len;
    if (Math.abs(cross) < pad) return false;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** The four corners of a box. */
export const corners = (b: { x0: number; y0: number; x1: number; y1: number }): Pt[] =>
  [P(b.x0, b.y0), P(b.x1, b.y0), P(b.x1, b.y1), P(b.x0, b.y1)];
