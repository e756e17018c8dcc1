import {
  DASHAKOOT_GRADE_SHARE, DASHAKOOT_MAX_POINTS, DASHAKOOT_MAX_TOTAL, DASHAKOOT_MINIMUM, DASHAKOOT_POINT_SOURCE,
} from "../tables/dashakoot.js";
import type { PoruthamName, PoruthamSystem } from "../tables/porutham.js";
import type { Grade, Porutham } from "./porutham.js";

/** One koota of the dashakoot: the porutham's grade turned into points. */
export interface DashakootKoota {
  readonly name: PoruthamName;
  /** Points earned; null when the porutham could not be judged (a Moon sign unknown). */
  readonly points: number | null;
  readonly maxPoints: number;
  readonly grade: Grade;
  /** The porutham's basis (the counts or table cells that decided it). */
  readonly basis: string;
  readonly pointSource: string;
  readonly veto: boolean;
}

export interface Dashakoot {
  readonly system: PoruthamSystem;
  readonly kootas: readonly DashakootKoota[];
  /** Points earned of the judged kootas. */
  readonly total: number;
  /** 36, or less by the points of kootas that could not be judged. */
  readonly maxTotal: number;
  readonly minimum: number;
  readonly vetoed: boolean;
  readonly verdict: "acceptable" | "not_recommended";
  readonly reasons: readonly string[];
}

/**
 * The ten kootas in points out of 36, scored from a porutham answer (engine/compat/porutham.ts):
 * uttama earns a koota's full points, madhyama half, adhama none (tables/dashakoot.ts). A failed
 * Rajju or Vedha still vetoes the match whatever the total; otherwise the match is acceptable
 * with at least 18 points (scaled down when a koota could not be judged).
 */
export function dashakoot(p: Porutham): Dashakoot {
  const kootas = p.poruthams.map((x): DashakootKoota => {
    const maxPoints = DASHAKOOT_MAX_POINTS[x.name];
    return {
      name: x.name, grade: x.grade, basis: x.basis, veto: x.veto, maxPoints, pointSource: DASHAKOOT_POINT_SOURCE[x.name],
      points: x.grade === "unknown" ? null : maxPoints * DASHAKOOT_GRADE_SHARE[x.grade],
    };
  });
  const total = kootas.reduce((t, k) => t + (k.points ?? 0), 0);
  const maxTotal = kootas.reduce((t, k) => t + (k.points === null ? 0 : k.maxPoints), 0);
  const minimum = maxTotal === DASHAKOOT_MAX_TOTAL ? DASHAKOOT_MINIMUM : (DASHAKOOT_MINIMUM * maxTotal) / DASHAKOOT_MAX_TOTAL;
  const vetoes = kootas.filter((k) => k.veto);
  const reasons = [`${total} of ${maxTotal} points${maxTotal < DASHAKOOT_MAX_TOTAL ? ` (${DASHAKOOT_MAX_TOTAL - maxTotal} need both Moon signs)` : ""}; the minimum is ${minimum}`];
  for (const v of vetoes) reasons.push(`${v.name} fails: ${v.basis} (veto)`);
  const verdict = vetoes.length === 0 && total >= minimum ? "acceptable" : "not_recommended";
  return { system: p.system, kootas, total, maxTotal, minimum, vetoed: vetoes.length > 0, verdict, reasons };
}

/** Sort key of a bulk match ranked by the dashakoot: unvetoed first, then by points. */
export function dashakootRank(d: Dashakoot): number {
  return (d.vetoed ? 0 : 1000) + d.total;
}
