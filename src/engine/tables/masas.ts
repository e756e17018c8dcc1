/**
 * The twelve lunar months (masas), Chaitra = 1. Amanta reckoning (new moon to new moon):
 * a month is named by the rashi the Sun occupies at the new moon that begins it — Sun in
 * Meena gives Chaitra, in Mesha Vaishakha, and so on; a month in which the Sun changes no
 * rashi (no sankranti) is adhika and takes the name of the month that follows it
 * (Surya Siddhanta ch. 14; the rule Drik Panchang and the Indian Calendar Reform Committee
 * report of 1955 use).
 */
export interface Masa {
  readonly number: number;
  readonly name: string;
}

export const MASAS: readonly Masa[] = Object.freeze(
  [
    "Chaitra", "Vaishakha", "Jyeshtha", "Ashadha", "Shravana", "Bhadrapada",
    "Ashwin", "Kartika", "Margashirsha", "Pausha", "Magha", "Phalguna",
  ].map((name, i) => Object.freeze({ number: i + 1, name })),
);

/** Masa number 1..12 of an amanta month whose opening new moon has the Sun in `sunRashi` (1..12). */
export function masaOfSunRashiAtNewMoon(sunRashi: number): number {
  return (sunRashi % 12) + 1;
}
