import { findRoot } from "../astro/junction.js";
import { grahaPosition, siderealLongitudeDeg } from "../astro/positions.js";
import { COMBUSTION_ORBS_DEG } from "../tables/dignities.js";
import { instantFromJdUt } from "../time/instant.js";
import type { Conventions, SaptaGraha } from "../types.js";

/**
 * Heliacal setting and rising in the sense used here: the instant a graha ENTERS its combustion
 * orb (asta, "setting": its angular distance in longitude from the Sun falls to the orb) and the
 * instant it LEAVES it (udaya, "rising": the distance grows past the orb). The orbs are the
 * combustion table's (tables/dignities.ts, Surya Siddhanta ch. 9): Mercury 14° and Venus 10° while
 * direct, 12° and 8° while retrograde — each crossing is tested with the orb of the motion at that
 * instant. This is the Jyotisha combustion period, not the astronomical first/last visibility,
 * which also depends on the latitude, the horizon and the sky.
 */
export interface HeliacalEvent {
  readonly graha: SaptaGraha;
  readonly kind: "setting" | "rising";
  readonly jdUt: number;
  /** The orb crossed, degrees. */
  readonly orbDeg: number;
  readonly retrograde: boolean;
}

export interface HeliacalAround {
  readonly graha: SaptaGraha;
  /** Whether the graha is within its orb at the date. */
  readonly combust: boolean;
  readonly lastSetting: HeliacalEvent | null;
  readonly lastRising: HeliacalEvent | null;
  readonly nextSetting: HeliacalEvent | null;
  readonly nextRising: HeliacalEvent | null;
}

/**
 * Sampling step (days) and the farthest the search reaches each way (a synodic period and a bit).
 * A step never holds a setting and the rising after it: a combustion period lasts at least
 * 2 × orb / (fastest motion relative to the Sun) — Moon 24°/15 ≈ 1.6 days, Mercury 24°/2.4 ≈ 10,
 * Venus 16°/1.6 ≈ 10, the outer grahas ≥ 20 days — and the distance never turns near an orb
 * (Mercury's greatest elongations are ≥ 17.9°, Venus's ≥ 45°; the outer grahas and the Moon never
 * turn relative to the Sun).
 */
const SEARCH: Readonly<Record<Exclude<SaptaGraha, "sun">, { step: number; reach: number }>> = {
  moon: { step: 1, reach: 31 },
  mercury: { step: 3, reach: 130 },
  venus: { step: 6, reach: 600 },
  mars: { step: 12, reach: 800 },
  jupiter: { step: 12, reach: 420 },
  saturn: { step: 12, reach: 400 },
};

/** Angular distance of the graha from the Sun, 0..180°. */
function distanceFromSun(g: SaptaGraha, jdUt: number, conv: Conventions): number {
  const d = Math.abs(((siderealLongitudeDeg(g, jdUt, conv) - siderealLongitudeDeg("sun", jdUt, conv)) % 360 + 540) % 360 - 180);
  return d;
}

/** Crossings of either orb between t0 and t1 (distances d0, d1), kept when the motion then matches the orb. */
function crossingsIn(g: Exclude<SaptaGraha, "sun">, t0: number, t1: number, d0: number, d1: number, conv: Conventions): HeliacalEvent[] {
  const orbs = COMBUSTION_ORBS_DEG[g]!;
  const out: HeliacalEvent[] = [];
  for (const orb of new Set([orbs.direct, orbs.retrograde])) {
    if ((d0 - orb) * (d1 - orb) > 0 || d0 === d1) continue;
    const jdUt = findRoot((t) => distanceFromSun(g, t, conv) - orb, t0, t1, 1e-5, d0 - orb, d1 - orb);
    const retrograde = grahaPosition(g, instantFromJdUt(jdUt), conv).speedDegPerDay < 0;
    if ((retrograde ? orbs.retrograde : orbs.direct) !== orb) continue;
    out.push({ graha: g, kind: d1 < d0 ? "setting" : "rising", jdUt, orbDeg: orb, retrograde });
  }
  return out.sort((a, b) => a.jdUt - b.jdUt);
}

/** The last setting and rising before `jdUt` and the next ones after it, for Moon … Saturn. */
export function heliacalAround(g: Exclude<SaptaGraha, "sun">, jdUt: number, conv: Conventions): HeliacalAround {
  const { step, reach } = SEARCH[g];
  const find = (dir: 1 | -1): { setting: HeliacalEvent | null; rising: HeliacalEvent | null } => {
    let setting: HeliacalEvent | null = null;
    let rising: HeliacalEvent | null = null;
    let t = jdUt;
    let d = distanceFromSun(g, t, conv);
    for (let k = 0; k * step < reach && !(setting && rising); k++) {
      const t2 = t + dir * step;
      const d2 = distanceFromSun(g, t2, conv);
      const [a, b, da, db] = dir > 0 ? [t, t2, d, d2] : [t2, t, d2, d];
      const found = crossingsIn(g, a, b, da, db, conv);
      for (const e of dir > 0 ? found : found.reverse()) {
        if (e.kind === "setting") setting ??= e;
        else rising ??= e;
      }
      t = t2;
      d = d2;
    }
    return { setting, rising };
  };
  const back = find(-1);
  const ahead = find(1);
  const p = grahaPosition(g, instantFromJdUt(jdUt), conv);
  const sun = grahaPosition("sun", instantFromJdUt(jdUt), conv);
  const dist = Math.abs(((p.lonSidDeg - sun.lonSidDeg) % 360 + 540) % 360 - 180);
  const orbs = COMBUSTION_ORBS_DEG[g]!;
  return {
    graha: g,
    combust: dist <= (p.speedDegPerDay < 0 ? orbs.retrograde : orbs.direct),
    lastSetting: back.setting, lastRising: back.rising, nextSetting: ahead.setting, nextRising: ahead.rising,
  };
}
