/**
 * Junctions: the moments a quantity crosses a boundary — tithi, nakshatra, yoga and karana
 * ends, rashi ingresses, sub-lord changes (an angle crossing a multiple of a span) and stations
 * (a speed changing sign). Always bracket first, then refine with Brent's method; scanning only
 * ever produces brackets, never the answer.
 *
 * Brent's method: R. P. Brent, "Algorithms for Minimization without Derivatives" (1973), ch. 4 —
 * inverse quadratic interpolation / secant steps, falling back to bisection whenever a step
 * would not shrink the bracket fast enough, so it converges at least as surely as bisection.
 */

/** Default tolerance: 1e-6 day ≈ 0.09 s. */
export const DEFAULT_TOL_DAYS = 1e-6;

/**
 * Root of f in [loJd, hiJd], where f(loJd) and f(hiJd) differ in sign (a zero at either end counts).
 * Tolerance in days. Known end values may be passed to save two evaluations.
 * Throws RangeError when the interval does not bracket a sign change (a caller's bug).
 */
export function findRoot(
  f: (jd: number) => number,
  loJd: number,
  hiJd: number,
  tolDays: number = DEFAULT_TOL_DAYS,
  fLo: number = f(loJd),
  fHi: number = f(hiJd),
): number {
  let a = loJd;
  let b = hiJd;
  let fa = fLo;
  let fb = fHi;
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (!(fa * fb < 0)) {
    throw new RangeError(`findRoot: no sign change in [${loJd}, ${hiJd}] (f = ${fa}, ${fb})`);
  }
  // b is the best estimate, a the previous one, c the counter-point keeping the bracket [b, c].
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < 200; iter++) {
    if (fb * fc > 0) {
      c = a;
      fc = fa;
      d = e = b - a;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tolDays;
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      // Try interpolation: secant when only two distinct points, inverse quadratic otherwise.
      let p: number;
      let q: number;
      const s = fb / fa;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
  }
  return b;
}

export interface AngleBoundaryOptions {
  /**
   * Typical rate of the angle, degrees/day: positive when it increases on average (Sun, Moon,
   * planets), negative when it decreases (Rahu/Ketu). Guides the steps: it should be within a
   * factor ~1.5 of the true rate unless maxRateDegPerDay bounds it (steps are kept short enough
   * for the angle to move less than 120° between evaluations, which unwrapping needs).
   */
  readonly approxRateDegPerDay: number;
  /**
   * Bound on |rate|, degrees/day, for angles that can stand still or run backwards (planets).
   * When given, no step is longer than the time the angle needs to reach the nearest boundary
   * at this rate, so a retrograde crossing-and-return is not stepped over. Omit it for the
   * Sun/Moon combinations, which always advance.
   */
  readonly maxRateDegPerDay?: number;
  /** Search horizon, days (default: three spans at the typical |rate|). */
  readonly maxDays?: number;
  /** Boundaries sit at originDeg + k·spanDeg (default 0). */
  readonly originDeg?: number;
  /** Root tolerance, days (default 1e-6 ≈ 0.09 s). */
  readonly tolDays?: number;
}

/** A boundary crossing: when, and the 0-based segment entered (0 … 360/span − 1). */
export interface AngleBoundary {
  readonly jd: number;
  readonly index: number;
}

/**
 * Next moment after fromJd at which angleFn (degrees, any wrap) crosses originDeg + k·spanDeg,
 * and the 0-based segment it enters (e.g. tithi = index + 1 when moving forward). Null when no
 * crossing happens within maxDays.
 */
export function nextAngleBoundary(
  angleFn: (jd: number) => number,
  spanDeg: number,
  fromJd: number,
  opts: AngleBoundaryOptions,
): AngleBoundary | null {
  return angleBoundary(angleFn, spanDeg, fromJd, opts, +1);
}

/**
 * Latest moment before fromJd at which angleFn crossed a boundary, and the 0-based segment it
 * entered then (the one running just after that moment). Null when none within maxDays.
 */
export function previousAngleBoundary(
  angleFn: (jd: number) => number,
  spanDeg: number,
  fromJd: number,
  opts: AngleBoundaryOptions,
): AngleBoundary | null {
  return angleBoundary(angleFn, spanDeg, fromJd, opts, -1);
}

/** Signed difference a − b folded into (−180, 180]. */
function wrap180(deg: number): number {
  const r = ((deg % 360) + 540) % 360;
  return r - 180 === -180 ? 180 : r - 180;
}

function angleBoundary(
  angleFn: (jd: number) => number,
  spanDeg: number,
  fromJd: number,
  opts: AngleBoundaryOptions,
  dir: 1 | -1,
): AngleBoundary | null {
  const rate = Math.abs(opts.approxRateDegPerDay);
  if (!(spanDeg > 0) || !(rate > 0)) throw new RangeError("angle boundary: span must be positive and rate non-zero");
  // Expected travel through the segment in the search direction: up, or down.
  const towardUpper = opts.approxRateDegPerDay > 0 === dir > 0;
  const origin = opts.originDeg ?? 0;
  const tol = opts.tolDays ?? DEFAULT_TOL_DAYS;
  const maxDays = opts.maxDays ?? (3 * spanDeg) / rate;
  const maxRate = opts.maxRateDegPerDay;
  const segments = Math.round(360 / spanDeg);
  const endJd = fromJd + dir * maxDays;
  // Unwrapping across evaluations needs less than 180° of motion per step.
  const maxStep = Math.min(maxDays, 120 / (maxRate ?? rate * 1.5));

  // Angle relative to the origin, unwrapped continuously from its value at fromJd.
  const raw0 = angleFn(fromJd);
  let u = (((raw0 - origin) % 360) + 360) % 360;
  let t = fromJd;
  let raw = raw0;
  const k = Math.floor(u / spanDeg); // the segment running at fromJd
  const lower = k * spanDeg;
  const upper = (k + 1) * spanDeg;

  for (;;) {
    const ahead = towardUpper ? upper - u : u - lower; // distance to the boundary expected next
    let h: number;
    if (maxRate !== undefined) {
      const nearest = Math.min(upper - u, u - lower);
      h = Math.max(nearest / maxRate, Math.min(1e-3, 0.01 * spanDeg / maxRate));
    } else {
      // Aim a little past the predicted crossing so the first step usually brackets it.
      h = (Math.max(ahead, 0) / rate) * 1.05 + 1e-3;
    }
    h = Math.min(h, maxStep);
    let t2 = t + dir * h;
    if (dir * (t2 - endJd) > 0) t2 = endJd;
    if (t2 === t) return null;
    const raw2 = angleFn(t2);
    const u2 = u + wrap180(raw2 - raw);
    if (u2 >= upper || u2 < lower) {
      // Crossed out of segment k within (t, t2]: the boundary is the one u2 passed.
      const boundary = u2 >= upper ? upper : lower;
      const uRef = u;
      const rawRef = raw;
      const g = (jd: number) => uRef + wrap180(angleFn(jd) - rawRef) - boundary;
      const lo = Math.min(t, t2);
      const hi = Math.max(t, t2);
      const gT = u - boundary;
      const gT2 = u2 - boundary;
      const jd = findRoot(g, lo, hi, tol, dir > 0 ? gT : gT2, dir > 0 ? gT2 : gT);
      // The segment entered in the direction of time: above the boundary if the angle rises through it.
      const risingThrough = boundary === upper ? dir > 0 : dir < 0;
      const segAbove = Math.round(boundary / spanDeg);
      const entered = risingThrough ? segAbove : segAbove - 1;
      return { jd, index: ((entered % segments) + segments) % segments };
    }
    t = t2;
    raw = raw2;
    u = u2;
    if (t === endJd) return null;
  }
}

export interface SignChange {
  /** Moment of the sign change. */
  readonly jd: number;
  /** Sign of f just after the change (+1 or −1). */
  readonly signAfter: 1 | -1;
}

/**
 * First moment after fromJd (or before, with a negative maxDays) at which f changes sign.
 * stepDays must be shorter than the shortest interval f can spend on one side of zero;
 * each step only brackets, and Brent refines the bracket. A zero at fromJd itself is skipped.
 */
export function nextSignChange(
  f: (jd: number) => number,
  fromJd: number,
  opts: { readonly stepDays: number; readonly maxDays: number; readonly tolDays?: number },
): SignChange | null {
  const dir = opts.maxDays >= 0 ? 1 : -1;
  const endJd = fromJd + opts.maxDays;
  const tol = opts.tolDays ?? DEFAULT_TOL_DAYS;
  let t = fromJd;
  let ft = f(t);
  while (dir * (endJd - t) > 0) {
    let t2 = t + dir * opts.stepDays;
    if (dir * (t2 - endJd) > 0) t2 = endJd;
    const f2 = f(t2);
    if (ft !== 0 && (f2 === 0 || ft * f2 < 0)) {
      const [lo, hi, flo, fhi] = dir > 0 ? [t, t2, ft, f2] : [t2, t, f2, ft];
      const jd = findRoot(f, lo, hi, tol, flo, fhi);
      const signBefore = ft > 0 ? 1 : -1;
      return { jd, signAfter: (dir > 0 ? -signBefore : signBefore) as 1 | -1 };
    }
    t = t2;
    ft = f2;
  }
  return null;
}

/**
 * Next station of a body after fromJd (the previous one with a negative maxDays): the moment its
 * longitudinal speed (degrees/day) changes sign. `retrograde` tells which way it turns: true when
 * it goes retrograde (speed negative afterwards). Stations of Mercury … Saturn are weeks apart,
 * so the default 2-day step brackets every one; the true node needs a finer step.
 */
export function nextStation(
  speedDegPerDay: (jd: number) => number,
  fromJd: number,
  opts: { readonly maxDays?: number; readonly stepDays?: number; readonly tolDays?: number } = {},
): { jd: number; retrograde: boolean } | null {
  const change = nextSignChange(speedDegPerDay, fromJd, {
    stepDays: opts.stepDays ?? 2,
    maxDays: opts.maxDays ?? 800,
    tolDays: opts.tolDays ?? DEFAULT_TOL_DAYS,
  });
  return change && { jd: change.jd, retrograde: change.signAfter < 0 };
}
