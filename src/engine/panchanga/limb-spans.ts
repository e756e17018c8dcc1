import { KARANAS, KARANA_SPAN_DEG, karanaOfHalfTithi } from "../tables/karanas.js";
import { NAKSHATRAS, NAKSHATRA_SPAN_DEG } from "../tables/nakshatras.js";
import { TITHIS, type Paksha } from "../tables/tithis.js";
import { YOGAS, YOGA_SPAN_DEG } from "../tables/yogas.js";
import type { LunisolarSeries } from "./lunisolar-series.js";

export type LimbName = "tithi" | "nakshatra" | "yoga" | "karana";

/** One limb element and when it runs, Julian days UT. */
export interface LimbSpan {
  readonly element: LimbName;
  /** tithi 1..30, nakshatra 1..27, yoga 1..27, karana 1..11. */
  readonly number: number;
  readonly name: string;
  readonly startJd: number;
  readonly endJd: number;
  /** Tithi: its paksha. */
  readonly paksha?: Paksha;
  /** Karana: the half-tithi 1..60 it occupies. */
  readonly halfTithi?: number;
}

const LIMB_NAMES: readonly LimbName[] = ["tithi", "nakshatra", "yoga", "karana"];

function describe(element: LimbName, index0: number, startJd: number, endJd: number): LimbSpan {
  switch (element) {
    case "tithi": {
      const t = TITHIS[index0]!;
      return { element, number: t.number, name: t.name, paksha: t.paksha, startJd, endJd };
    }
    case "nakshatra":
      return { element, number: index0 + 1, name: NAKSHATRAS[index0]!.name, startJd, endJd };
    case "yoga":
      return { element, number: index0 + 1, name: YOGAS[index0]!.name, startJd, endJd };
    case "karana": {
      const k = karanaOfHalfTithi(index0 + 1);
      return { element, number: k, name: KARANAS[k - 1]!.name, halfTithi: index0 + 1, startJd, endJd };
    }
  }
}

/**
 * The complete spans of each limb that overlap [fromJd, toJd]. The series must cover
 * ≈ 1.2 days either side (a tithi or nakshatra lasts at most ≈ 1.13 days), so the first and
 * last spans have real junctions at both ends. Tithi junctions are the even karana
 * junctions, so the elongation is solved once at 6° and shared. `only`: the limbs wanted (the others
 * come back empty, unsearched: a year's calendar needs no yogas).
 */
export function limbSpans(
  series: LunisolarSeries, fromJd: number, toJd: number, only: readonly LimbName[] = LIMB_NAMES,
): Record<LimbName, LimbSpan[]> {
  const searchFrom = fromJd - 1.2;
  const searchTo = toJd + 1.2;
  const karanaJ = series.junctions("elongation", KARANA_SPAN_DEG, searchFrom, searchTo);
  const tithiJ = karanaJ.filter((j) => j.index % 2 === 0).map((j) => ({ jd: j.jd, index: j.index / 2 }));
  const junctions: Record<LimbName, { jd: number; index: number }[]> = {
    tithi: tithiJ,
    karana: karanaJ,
    nakshatra: only.includes("nakshatra") ? series.junctions("moon", NAKSHATRA_SPAN_DEG, searchFrom, searchTo) : [],
    yoga: only.includes("yoga") ? series.junctions("sum", YOGA_SPAN_DEG, searchFrom, searchTo) : [],
  };
  const out = {} as Record<LimbName, LimbSpan[]>;
  for (const element of LIMB_NAMES) {
    if (!only.includes(element)) {
      out[element] = [];
      continue;
    }
    const js = junctions[element];
    const spans: LimbSpan[] = [];
    for (let i = 0; i + 1 < js.length; i++) {
      const a = js[i]!, b = js[i + 1]!;
      if (b.jd > fromJd && a.jd <= toJd) spans.push(describe(element, a.index, a.jd, b.jd));
    }
    out[element] = spans;
  }
  return out;
}

/** The span running at `jd` (start ≤ jd < end). */
export function spanAt(spans: readonly LimbSpan[], jd: number): LimbSpan | undefined {
  return spans.find((s) => s.startJd <= jd && jd < s.endJd);
}
