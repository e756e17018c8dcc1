/**
 * The 11 karanas (half-tithis of 6° elongation). Numbered 1–11 in the standard naming
 * (Surya Siddhanta ch. 2, Muhurta Chintamani ch. 1): the seven movable (chara) karanas
 * Bava … Vishti, then the four fixed (sthira) ones Shakuni, Chatushpada, Naga, Kimstughna.
 * Of the 60 half-tithis of a month, the 1st (first half of Shukla Pratipada) is Kimstughna,
 * the 2nd–57th cycle the movable seven eight times, and the 58th–60th are Shakuni,
 * Chatushpada and Naga. "Garaja" is the spelling the reference data uses for Gara.
 */
export interface Karana {
  readonly number: number;
  readonly name: string;
  readonly kind: "movable" | "fixed";
}

export const KARANA_SPAN_DEG = 6;

export const KARANAS: readonly Karana[] = Object.freeze(
  (
    [
      ["Bava", "movable"], ["Balava", "movable"], ["Kaulava", "movable"], ["Taitila", "movable"],
      ["Garaja", "movable"], ["Vanija", "movable"], ["Vishti", "movable"],
      ["Shakuni", "fixed"], ["Chatushpada", "fixed"], ["Naga", "fixed"], ["Kimstughna", "fixed"],
    ] as const
  ).map(([name, kind], i) => Object.freeze({ number: i + 1, name, kind })),
);

/** Half-tithi index 1..60 of a Moon − Sun elongation in degrees. */
export function halfTithiOf(elongationDeg: number): number {
  const e = ((elongationDeg % 360) + 360) % 360;
  return Math.min(59, Math.floor(e / KARANA_SPAN_DEG)) + 1;
}

/** Karana number 1..11 of a half-tithi 1..60. */
export function karanaOfHalfTithi(halfTithi: number): number {
  if (halfTithi === 1) return 11;
  if (halfTithi >= 58) return halfTithi - 50;
  return ((halfTithi - 2) % 7) + 1;
}
