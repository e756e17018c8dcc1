/**
 * Kalachakra dasha tables (Brihat Parashara Hora Shastra ch. 46, "Kalachakra dasha", as tabulated in
 * P.V.R. Narasimha Rao, "Vedic Astrology: An Integrated Approach", ch. on Kalachakra dasa, and his
 * "Kalachakra Dasa" tutorial, 1998). Data, written once.
 *
 * - The 27 stars fall in groups of three: Ashwini, Bharani, Krittika savya (zodiacal), Rohini,
 *   Mrigashira, Ardra apasavya (anti-zodiacal), and so on alternately (Punarvasu… savya, Magha…
 *   apasavya, Hasta… savya, Vishakha… apasavya, Mula… savya, Shravana… apasavya, Purva Bhadrapada… savya).
 * - The 1st and 3rd star of a savya group read the "Ashwini" rows, the 2nd the "Bharani" rows; the
 *   1st and 3rd of an apasavya group the "Rohini" rows, the 2nd the "Mrigashira" rows.
 * - Each pada (navamsha) of a star has its row of nine signs; its paramayush is the sum of their
 *   years. The first sign of a row is its deha, the last its jeeva (savya); an apasavya row is a
 *   savya row read backwards, and so is its deha and jeeva: deha the last sign, jeeva the first.
 * - The three stars of a group read the rows 1-2-1 (Ashwini–Bharani–Ashwini, Rohini–Mrigashira–Rohini),
 *   as the text lists Krittika, Ashlesha, Swati, Uttarashadha, Revati with Ashwini and Ardra,
 *   Uttara Phalguni, Jyeshtha, Shatabhisha with Rohini. PyJHora (V4.8.5) puts Revati with Bharani and
 *   Ardra, Uttara Phalguni, Jyeshtha, Shatabhisha with Mrigashira; births with the Moon there differ.
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

/** The chakra after a row's 4th pada: the wheel keeps turning the same way (savya Ashwini ↔ Bharani, apasavya Rohini ↔ Mrigashira). */
export const NEXT_CHAKRA: Readonly<Record<KalachakraChakra, KalachakraChakra>> = Object.freeze({
  ashwini: "bharani", bharani: "ashwini", rohini: "mrigashira", mrigashira: "rohini",
});

/** The group (savya/apasavya) and chakra of nakshatra 1..27. */
export function kalachakraChakraOf(nakshatra: number): { group: "savya" | "apasavya"; chakra: KalachakraChakra } {
  const t = (nakshatra - 1) % 6;
  const savya = t < 3;
  const second = t % 3 === 1;
  return { group: savya ? "savya" : "apasavya", chakra: savya ? (second ? "bharani" : "ashwini") : (second ? "mrigashira" : "rohini") };
}

/** Paramayush (sum of the nine signs' years) of a row. */
export const paramayushOf = (row: readonly number[]): number => row.reduce((a, s) => a + KALACHAKRA_SIGN_YEARS[s]!, 0);
