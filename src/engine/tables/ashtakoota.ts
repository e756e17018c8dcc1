/**
 * Tables of the Ashtakoota (eight-koota) marriage match, as data. The koota scheme and the
 * nakshatra classes (varna, vashya, yoni, gana, nadi) follow Muhurta Chintamani, Vivaha
 * prakarana (ch. 6), as tabulated in B.V. Raman, "Muhurtha (Electional Astrology)", ch. on
 * marriage; the point matrices are the north-Indian Guna Milan tables in common print.
 * Indices: nakshatra 1..27 (1 = Ashwini), rashi 1..12 (1 = Aries); arrays are 0-based on them.
 */

export const KOOTA_MAX = Object.freeze({
  varna: 1, vashya: 2, tara: 3, yoni: 4, graha_maitri: 5, gana: 6, bhakoot: 7, nadi: 8,
});
export type KootaName = keyof typeof KOOTA_MAX;
export const KOOTA_ORDER: readonly KootaName[] = Object.freeze(Object.keys(KOOTA_MAX) as KootaName[]);
export const ASHTAKOOTA_MAX_TOTAL = 36;

/**
 * Varna by Moon sign, rank 0 highest: water signs Brahmin, fire Kshatriya, earth Vaishya, air
 * Shudra (Muhurta Chintamani 6; the common table). PyJHora puts the earth signs among the Shudras
 * and the air signs among the Vaishyas; this service keeps the common table (docs/architecture.md §12).
 */
export const VARNAS = ["Brahmin", "Kshatriya", "Vaishya", "Shudra"] as const;
export const VARNA_BY_RASHI: readonly number[] = Object.freeze([1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0]);

/** Vashya groups: a sign's class; Sagittarius and Capricorn change class at 15° (see vashyaGroupOf). */
export const VASHYA_GROUPS = ["Chatushpada", "Manava", "Jalachara", "Vanachara", "Keeta"] as const;
/** Class of each sign's first and second half (0..4 into VASHYA_GROUPS). */
export const VASHYA_BY_RASHI_HALF: readonly (readonly [number, number])[] = Object.freeze([
  [0, 0], [0, 0], [1, 1], [2, 2], [3, 3], [1, 1], [1, 1], [4, 4], [1, 0], [0, 2], [1, 1], [2, 2],
]);
/**
 * Vashya points [bride's class][groom's class]: the five-class matrix as tabulated by saravali.de
 * (the table PyJHora uses as well).
 */
export const VASHYA_POINTS: readonly (readonly number[])[] = Object.freeze([
  [2, 0.5, 1, 0, 2],
  [0.5, 2, 0, 0, 0],
  [1, 0, 2, 2, 2],
  [0, 0, 2, 2, 0],
  [1, 0, 1, 0, 2],
]);

/** Tara: the remainders (count mod 9) that are inauspicious, Vipat 3, Pratyari 5, Vadha 7 (Muhurta Chintamani 6). */
export const TARA_INAUSPICIOUS: readonly number[] = Object.freeze([3, 5, 7]);
export const TARA_NAMES = ["Janma", "Sampat", "Vipat", "Kshema", "Pratyari", "Sadhaka", "Vadha", "Mitra", "Parama Mitra"] as const;

/** The fourteen yoni animals and each nakshatra's yoni (Muhurta Chintamani 6). */
export const YONIS = [
  "Horse", "Elephant", "Sheep", "Serpent", "Dog", "Cat", "Rat", "Cow", "Buffalo", "Tiger", "Deer", "Monkey", "Mongoose", "Lion",
] as const;
export const YONI_BY_NAKSHATRA: readonly number[] = Object.freeze([
  0, 1, 2, 3, 3, 4, 5, 2, 5, 6, 6, 7, 8, 9, 8, 9, 10, 10, 4, 11, 12, 11, 13, 0, 13, 7, 1,
]);
/** Yoni points (symmetric): 4 same animal, 0 sworn enemies (horse–buffalo, elephant–lion, …). */
export const YONI_POINTS: readonly (readonly number[])[] = Object.freeze([
  [4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 1, 3, 2, 1],
  [2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0],
  [2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1],
  [3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2],
  [2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1],
  [2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1],
  [2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2],
  [1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1],
  [0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1],
  [1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1],
  [1, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1],
  [3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2],
  [2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2],
  [1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4],
]);

/**
 * Graha Maitri points by the two Moon-sign lords' natural relations (BPHS ch. 3 friendships):
 * both friends 5, friend–neutral 4, both neutral 3, friend–enemy 1, neutral–enemy 0.5, both enemies 0.
 * Keyed by the two relations, sorted.
 */
export const GRAHA_MAITRI_POINTS: Readonly<Record<string, number>> = Object.freeze({
  "friend/friend": 5, "friend/neutral": 4, "neutral/neutral": 3, "enemy/friend": 1, "enemy/neutral": 0.5, "enemy/enemy": 0,
});

/** Gana of each nakshatra (0 Deva, 1 Manushya, 2 Rakshasa; Muhurta Chintamani 6). */
export const GANAS = ["Deva", "Manushya", "Rakshasa"] as const;
export const GANA_BY_NAKSHATRA: readonly number[] = Object.freeze([
  0, 1, 2, 1, 0, 1, 0, 0, 2, 2, 1, 1, 0, 2, 0, 2, 0, 2, 2, 1, 1, 0, 2, 2, 1, 1, 0,
]);
/** Gana points [bride's gana][groom's gana]: a Rakshasa bride with a Deva groom 1, with a Manushya groom 0. */
export const GANA_POINTS: readonly (readonly number[])[] = Object.freeze([
  [6, 6, 0],
  [5, 6, 0],
  [1, 0, 6],
]);

/**
 * Bhakoot: the bride's and groom's Moon signs counted from each other. 2/12, 5/9 and 6/8 give 0,
 * every other pair (1/1, 3/11, 4/10, 7/7) the full 7 (Muhurta Chintamani 6). Key: the count from
 * the bride's sign to the groom's, 1..12.
 */
export const BHAKOOT_DOSHA_COUNTS: readonly number[] = Object.freeze([2, 12, 5, 9, 6, 8]);

/** Nadi of each nakshatra: 0 Adi (Vata), 1 Madhya (Pitta), 2 Antya (Kapha); the zig-zag of Muhurta Chintamani 6. */
export const NADIS = ["Adi", "Madhya", "Antya"] as const;
export const NADI_BY_NAKSHATRA: readonly number[] = Object.freeze([
  0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2,
]);

/**
 * Recommendation bands of the 36-point total. 18 is the minimum in common practice; the upper
 * bands (25, 33) are the ones most matching guides print. Read with the dosha notes.
 */
export const RECOMMENDATION_BANDS: readonly { readonly min: number; readonly label: string }[] = Object.freeze([
  { min: 33, label: "excellent" },
  { min: 25, label: "good" },
  { min: 18, label: "average" },
  { min: 0, label: "not_recommended" },
]);
