/**
 * Kalachakra dasha tables (Brihat Parashara Hora Shastra ch. 46, "Kalachakra dasha", as tabulated in
 * P.V.R. Narasimha Rao, "Vedic Astrology: An Integrated Approach", ch. on Kalachakra dasa, and his
 * "Kalachakra Dasa" tutorial, 1998). Data, written once.
 *
 * - The 27 stars fall in groups of three: Ashwini, Bharani, Krittika savya (zodiacal), Rohini,
 *   Mrigashira, Ardra apasavya (anti-zodiacal), and so on alternately (Punarvasu… savya, Magha…
 *   apasavya, Hasta… savya, Vishakha… apasavya, Mula… savya, Shravana… apasavya, Purva Bhadrapada… savya).
 * - Four chakras of rows (Sanjay Rath, "Kalachakra Dasa", SJC Europe conference 2005, by the
 *   "foot" of each star): savya right foot — Ashwini, Krittika, Punarvasu, Ashlesha, Hasta, Swati,
 *   Mula, Uttarashadha, Purva Bhadrapada, Revati — read the Ashwini rows; savya left foot — Bharani,
 *   Pushya, Chitra, Purvashadha, Uttara Bhadrapada — the Bharani rows; apasavya left foot — Rohini,
 *   Magha, Vishakha, Shravana — the Rohini rows; apasavya right foot — Mrigashira, Ardra, Purva and
 *   Uttara Phalguni, Anuradha, Jyeshtha, Dhanishta, Shatabhisha — the Mrigashira rows. PyJHora
 *   (V4.8.5) reads Revati with the Bharani rows; births with the Moon in Revati differ.
 * - Each pada (navamsha) of a star has its row of nine signs; its paramayush is the sum of their
 *   years. The first sign of a row is its deha, the last its jeeva (savya); an apasavya row is a
 *   savya row read backwards, and so is its deha and jeeva: deha the last sign, jeeva the first.
 * - After the nine signs of a pada come those of the next pada of the zodiac (the next navamsha:
 *   after a 4th pada, the 1st pada of the next star, whatever its group).
 */

/** Years of each sign 1..12 (index 0 unused): Aries 7, Taurus 16, Gemini 9, Cancer 21, Leo 5, Virgo 9, Libra 16, Scorpio 7, Sagittarius 10, Capricorn 4, Aquarius 4, Pisces 10. */
export const KALACHAKRA_SIGN_YEARS: readonly number[] = Object.freeze([0, 7, 16, 9, 21, 5, 9, 16, 7, 10, 4, 4, 10]);

export type KalachakraChakra = "ashwini" | "bharani" | "rohini" | "mrigashira";

/** Nine signs (1 = Aries) per pada 1..4, per chakra. */
export const KALACHAKRA_ROWS: Readonly<Record<KalachakraChakra, readonly (readonly number[])[]>> = Object.freeze({
  ashwini: [
    [1, 2, 3, 4, 5, 6, 7, 8, 9], // 100
    [10, 11, 12, 8, 7, 6, 4, 5, 3], // 85
    [2, 1, 12, 11, 10, 9, 1, 2, 3], // 83
    [4, 5, 6, 7, 8, 9, 10, 11, 12], // 86
  ],
  bharani: [
    [8, 7, 6, 4, 5, 3, 2, 1, 12], // 100
    [11, 10, 9, 1, 2, 3, 4, 5, 6], // 85
    [7, 8, 9, 10, 11, 12, 8, 7, 6], // 83
    [4, 5, 3, 2, 1, 12, 11, 10, 9], // 86
  ],
  rohini: [
    [9, 10, 11, 12, 1, 2, 3, 5, 4], // 86
    [6, 7, 8, 12, 11, 10, 9, 8, 7], // 83
    [6, 5, 4, 3, 2, 1, 9, 10, 11], // 85
    [12, 1, 2, 3, 5, 4, 6, 7, 8], // 100
  ],
  mrigashira: [
    [12, 11, 10, 9, 8, 7, 6, 5, 4], // 86
    [3, 2, 1, 9, 10, 11, 12, 1, 2], // 83
    [3, 5, 4, 6, 7, 8, 12, 11, 10], // 85
    [9, 8, 7, 6, 5, 4, 3, 2, 1], // 100
  ],
});

/** The group (savya/apasavya) and chakra of nakshatra 1..27. */
export function kalachakraChakraOf(nakshatra: number): { group: "savya" | "apasavya"; chakra: KalachakraChakra } {
  const t = (nakshatra - 1) % 6;
  if (t < 3) return { group: "savya", chakra: t === 1 ? "bharani" : "ashwini" };
  return { group: "apasavya", chakra: t === 3 ? "rohini" : "mrigashira" };
}

/** Paramayush (sum of the nine signs' years) of a row. */
export const paramayushOf = (row: readonly number[]): number => row.reduce((a, s) => a + KALACHAKRA_SIGN_YEARS[s]!, 0);

/** The row of nine signs of pada 1..4 of nakshatra 1..27. */
export const kalachakraRow = (nakshatra: number, pada: number): readonly number[] =>
  KALACHAKRA_ROWS[kalachakraChakraOf(nakshatra).chakra][pada - 1]!;
