/**
 * The six ritus (seasons) of two lunar months each, Vasanta = Chaitra + Vaishakha
 * (Taittiriya Samhita 4.4.11; the "Vedic ritu" printed panchangas give), and the two ayanas.
 */
export interface Ritu {
  readonly number: number;
  readonly name: string;
  readonly english: string;
}

export const RITUS: readonly Ritu[] = Object.freeze(
  (
    [
      ["Vasanta", "spring"], ["Grishma", "summer"], ["Varsha", "monsoon"],
      ["Sharad", "autumn"], ["Hemanta", "pre-winter"], ["Shishira", "winter"],
    ] as const
  ).map(([name, english], i) => Object.freeze({ number: i + 1, name, english })),
);

/** Ritu number 1..6 of an amanta masa number 1..12. */
export function rituOfMasa(masaNumber: number): number {
  return Math.ceil(masaNumber / 2);
}

export type Ayana = "Uttarayana" | "Dakshinayana";

/**
 * Ayana by the Sun's sidereal rashi: Uttarayana from Makara sankranti to Karka sankranti
 * (Sun in Makara … Mithuna), Dakshinayana for the other half — the traditional sidereal
 * reckoning (Surya Siddhanta ch. 14).
 */
export function ayanaOfSunRashi(sunRashi: number): Ayana {
  return sunRashi >= 10 || sunRashi <= 3 ? "Uttarayana" : "Dakshinayana";
}
