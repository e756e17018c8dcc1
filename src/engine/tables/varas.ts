import type { SaptaGraha } from "../types.js";

/**
 * The seven varas (weekdays), Sunday = 1, each ruled by the graha of its first hora
 * (Surya Siddhanta ch. 12; the weekday lords are common to every panchanga).
 */
export interface Vara {
  readonly number: number;
  readonly name: string;
  readonly sanskrit: string;
  readonly lord: SaptaGraha;
}

export const VARAS: readonly Vara[] = Object.freeze(
  (
    [
      ["Sunday", "Ravivara", "sun"], ["Monday", "Somavara", "moon"], ["Tuesday", "Mangalavara", "mars"],
      ["Wednesday", "Budhavara", "mercury"], ["Thursday", "Guruvara", "jupiter"],
      ["Friday", "Shukravara", "venus"], ["Saturday", "Shanivara", "saturn"],
    ] as const
  ).map(([name, sanskrit, lord], i) => Object.freeze({ number: i + 1, name, sanskrit, lord })),
);

/** Short Sanskrit names accepted in search criteria (Ravi, Soma, …), Sunday first. */
export const VARA_SHORT_SANSKRIT = Object.freeze(["Ravi", "Soma", "Mangala", "Budha", "Guru", "Shukra", "Shani"]);

/**
 * Vara number 1..7 (Sunday = 1) of the civil date on which a sunrise falls at a place.
 * Local mean time (longitude/15 hours) is enough: a sunrise is never near local midnight.
 */
export function varaOfSunrise(sunriseJdUt: number, lonDeg: number): number {
  const localDayNumber = Math.floor(sunriseJdUt + 0.5 + lonDeg / 360);
  return (((localDayNumber + 1) % 7) + 7) % 7 + 1;
}
