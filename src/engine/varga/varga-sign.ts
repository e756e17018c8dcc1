import { EngineInputError } from "../errors.js";
import { RASHIS, norm360 } from "../tables/rashis.js";
import {
  PANCHAMSHA_EVEN,
  PANCHAMSHA_ODD,
  TRIMSHAMSHA_EVEN,
  TRIMSHAMSHA_ODD,
  VARGA_CHARTS,
  VARGA_METHODS,
  type HoraMethod,
  type VargaBase,
  type VargaChart,
} from "../tables/varga-methods.js";

/** Options of the vargas that have more than one method (echoed by varga-chart.ts). */
export interface VargaOptions {
  /** D2: `parashari` (default, Sun/Moon hora) or `parivritti`. */
  readonly hora?: HoraMethod;
}

/** Parivritti: part k of sign s of n parts → sign (n·(s−1) + k) mod 12 + 1, degree stretched to 30°. */
function cyclicPlacement(divisions: number, rashi: number, deg: number): VargaPlacement {
  const span = 30 / divisions;
  const part = Math.min(divisions - 1, Math.floor(deg / span));
  return { rashi: ((divisions * (rashi - 1) + part) % 12) + 1, degInRashi: (deg - part * span) * divisions };
}

/** A place in a divisional chart: the varga sign (1..12) and the degree within it, scaled to 0..30. */
export interface VargaPlacement {
  readonly rashi: number;
  readonly degInRashi: number;
}

const wrap12 = (n: number): number => (((n - 1) % 12) + 12) % 12 + 1;

function baseSign(base: VargaBase, rashi: number): number {
  const idx = rashi - 1;
  switch (base.by) {
    case "parity": {
      const v = idx % 2 === 0 ? base.odd : base.even;
      return base.mode === "relative" ? wrap12(rashi + v - 1) : v;
    }
    case "modality": {
      const v = idx % 3 === 0 ? base.movable : idx % 3 === 1 ? base.fixed : base.dual;
      return base.mode === "relative" ? wrap12(rashi + v - 1) : v;
    }
    case "element":
      return [base.fire, base.earth, base.air, base.water][idx % 4]!;
  }
}

/**
 * Sign and degree of a sidereal longitude in divisional chart `chart` (Parashari methods,
 * tables/varga-methods.ts). The degree within the varga sign is the position inside its
 * division stretched to 30° (for D30, inside its unequal segment).
 */
export function vargaPlacement(chart: VargaChart, lonSidDeg: number, options: VargaOptions = {}): VargaPlacement {
  const lon = norm360(lonSidDeg);
  const rashi = Math.min(11, Math.floor(lon / 30)) + 1;
  const deg = lon - (rashi - 1) * 30;
  const odd = rashi % 2 === 1;
  if (chart === "D2" && options.hora === "parivritti") return cyclicPlacement(2, rashi, deg);
  const rule = VARGA_METHODS[chart].rule;
  switch (rule.kind) {
    case "cyclic":
      return cyclicPlacement(rule.divisions, rashi, deg);
    case "panchamsha": {
      const part = Math.min(4, Math.floor(deg / 6));
      return { rashi: (odd ? PANCHAMSHA_ODD : PANCHAMSHA_EVEN)[part]!, degInRashi: (deg - part * 6) * 5 };
    }
    case "nested": {
      const inner = vargaPlacement(rule.inner, lon, options);
      return vargaPlacement(rule.outer, (inner.rashi - 1) * 30 + inner.degInRashi, options);
    }
    case "equal": {
      const span = 30 / rule.divisions;
      const part = Math.min(rule.divisions - 1, Math.floor(deg / span));
      return {
        rashi: wrap12(baseSign(rule.base, rashi) + rule.step * part),
        degInRashi: (deg - part * span) * rule.divisions,
      };
    }
    case "hora_parashari": {
      const first = deg < 15;
      // Sun's hora = Leo (5), Moon's hora = Cancer (4).
      const sunHora = odd === first;
      return { rashi: sunHora ? 5 : 4, degInRashi: (first ? deg : deg - 15) * 2 };
    }
    case "trimshamsha_parashari": {
      const segs = odd ? TRIMSHAMSHA_ODD : TRIMSHAMSHA_EVEN;
      let from = 0;
      for (const s of segs) {
        if (deg < s.toDeg || s.toDeg === 30) {
          return { rashi: s.rashi, degInRashi: ((deg - from) / (s.toDeg - from)) * 30 };
        }
        from = s.toDeg;
      }
      throw new Error("unreachable: trimshamsha segments cover 0–30°");
    }
  }
}

/** Sign name (English) of a rashi number. */
export const rashiName = (rashi: number): string => RASHIS[rashi - 1]!.name;

/**
 * Parse a requested list of charts: "D9,D10", "9,10", "d9 , 10". Empty/undefined → the default
 * set. Unknown names → EngineInputError listing the allowed charts. Duplicates collapse, order kept.
 */
export function parseVargaList(text: string | undefined | null, fallback: readonly VargaChart[]): VargaChart[] {
  if (text === undefined || text === null || text.trim() === "") return [...fallback];
  const out: VargaChart[] = [];
  const bad: string[] = [];
  for (const raw of text.split(",")) {
    const token = raw.trim().toUpperCase();
    if (token === "") continue;
    const name = (/^\d+$/.test(token) ? `D${Number(token)}` : token) as VargaChart;
    if ((VARGA_CHARTS as readonly string[]).includes(name)) {
      if (!out.includes(name)) out.push(name);
    } else bad.push(raw.trim());
  }
  if (bad.length > 0 || out.length === 0) {
    const what = bad.length > 0 ? `unknown divisional chart(s): ${bad.join(", ")}` : "no divisional chart given";
    throw new EngineInputError(`${what}; allowed: ${VARGA_CHARTS.join(", ")} (or their numbers, e.g. "9,10")`, "charts");
  }
  return out;
}
