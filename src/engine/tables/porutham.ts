/**
 * Tables of the South Indian ten-porutham (dasha-kuta) match, as data. The ten kutas — Dina,
 * Gana, Mahendra, Stree Deergha, Yoni, Rasi, Rasyadhipati, Vasya, Rajju, Vedha — and their
 * star classes follow the Vivaha prakarana of Muhurta Chintamani as B.V. Raman tabulates the
 * South Indian practice ("Muhurtha (Electional Astrology)", ch. on marriage); where Tamil and
 * Kerala almanacs differ, the variant is a column of its own (docs/matching.md tabulates them).
 * Gana and yoni classes are the Ashtakoota tables' own (tables/ashtakoota.ts), written once.
 * Indices: nakshatra 1..27 (1 = Ashwini), rashi 1..12 (1 = Aries); arrays are 0-based on them.
 */

export const PORUTHAM_SYSTEMS = ["tamil", "kerala"] as const;
export type PoruthamSystem = (typeof PORUTHAM_SYSTEMS)[number];

export const PORUTHAM_NAMES = [
  "dina", "gana", "mahendra", "stree_deergha", "yoni", "rasi", "rasyadhipati", "vasya", "rajju", "vedha",
] as const;
export type PoruthamName = (typeof PORUTHAM_NAMES)[number];

/** What a porutham reads: the two stars alone, or the two Moon signs (which a star and pada fix). */
export const PORUTHAM_BASIS: Readonly<Record<PoruthamName, "nakshatra" | "rasi">> = Object.freeze({
  dina: "nakshatra", gana: "nakshatra", mahendra: "nakshatra", stree_deergha: "nakshatra", yoni: "nakshatra",
  rasi: "rasi", rasyadhipati: "rasi", vasya: "rasi", rajju: "nakshatra", vedha: "nakshatra",
});

/**
 * Dina (Nakshatra) porutham: the groom's star counted from the bride's, inclusive (1..27).
 * Tamil: the counts of the Tamil almanacs' list (Raman, loc. cit.), which leaves out the 17th,
 * 22nd (vainashika) and 27th. Kerala: the Tara remainder rule — the count divided by 9 leaving
 * 2, 4, 6, 8 or 0 (Sampat, Kshema, Sadhaka, Mitra, Parama Mitra).
 */
export const DINA_GOOD_COUNTS: Readonly<Record<PoruthamSystem, readonly number[]>> = Object.freeze({
  tamil: Object.freeze([2, 4, 6, 8, 9, 11, 13, 15, 18, 20, 24, 26]),
  kerala: Object.freeze([2, 4, 6, 8, 9, 11, 13, 15, 17, 18, 20, 22, 24, 26, 27]),
});

/** Mahendra: the groom's star the 4th, 7th, 10th … 25th from the bride's (counts ≡ 1 mod 3, from 4). */
export const MAHENDRA_COUNTS: readonly number[] = Object.freeze([4, 7, 10, 13, 16, 19, 22, 25]);

/**
 * Stree Deergha: the groom's star far enough from the bride's. Tamil: beyond the 13th uttama,
 * beyond the 7th madhyama; Kerala: the 15th or beyond, nothing less.
 */
export const STREE_DEERGHA_MIN: Readonly<Record<PoruthamSystem, { readonly uttama: number; readonly madhyama: number }>> =
  Object.freeze({
    tamil: Object.freeze({ uttama: 14, madhyama: 8 }),
    kerala: Object.freeze({ uttama: 15, madhyama: 15 }),
  });

/**
 * Vasya: the signs each sign holds in its sway (vashya rashis, Muhurta Chintamani 6). Keyed by
 * sign 1..12: Aries holds Leo and Scorpio, Taurus Cancer and Libra, Gemini Virgo, Cancer Scorpio
 * and Sagittarius, Leo Libra, Virgo Pisces and Gemini, Libra Virgo and Capricorn, Scorpio
 * Cancer, Sagittarius Pisces, Capricorn Aries and Aquarius, Aquarius Aries, Pisces Capricorn.
 */
export const VASYA_RASHIS: readonly (readonly number[])[] = Object.freeze([
  [5, 8], [4, 7], [6], [8, 9], [7], [12, 3], [6, 10], [4], [12], [1, 11], [1], [10],
]);

/** The five rajjus, foot to head, and what a shared rajju is said to threaten. */
export const RAJJUS = ["pada", "kati", "nabhi", "kantha", "siro"] as const;
export type Rajju = (typeof RAJJUS)[number];
export const RAJJU_EFFECT: Readonly<Record<Rajju, string>> = Object.freeze({
  pada: "wandering (foot)", kati: "poverty (waist)", nabhi: "loss of children (navel)",
  kantha: "the bride's life (neck)", siro: "the groom's life (head)",
});
/**
 * Rajju of each star: the stars climb foot → head and come down again in three runs of nine
 * (Ashwini foot, Bharani waist, Krittika navel, Rohini neck, Mrigashira head, Ardra neck,
 * Punarvasu navel, Pushya waist, Ashlesha foot; Magha and Mula start the next runs).
 */
const RUN: readonly Rajju[] = ["pada", "kati", "nabhi", "kantha", "siro", "kantha", "nabhi", "kati", "pada"];
export const RAJJU_BY_NAKSHATRA: readonly Rajju[] = Object.freeze(Array.from({ length: 27 }, (_, i) => RUN[i % 9]!));
/** Direction within its run: the first four stars ascend (aroha), the head star is the turn, the last four descend. */
export function rajjuDirection(nakshatra: number): "aroha" | "siro" | "avaroha" {
  const p = (nakshatra - 1) % 9;
  return p < 4 ? "aroha" : p === 4 ? "siro" : "avaroha";
}

/**
 * Vedha: the fifteen classical pairs of mutually obstructing stars (Muhurta Chintamani 6):
 * twelve pairs plus the Mrigashira–Chitra–Dhanishta triangle.
 */
export const VEDHA_PAIRS: readonly (readonly [number, number])[] = Object.freeze([
  [1, 18], [2, 17], [3, 16], [4, 15], [6, 22], [7, 21], [8, 20], [9, 19], [10, 27], [11, 26], [12, 25], [13, 24],
  [5, 14], [14, 23], [5, 23],
].map((p) => Object.freeze(p as [number, number])));

/**
 * Papasamyam: the malefics counted, the houses that carry papa (dosha) from each reference and
 * the weight of each reference — full from the lagna, half from the Moon, a quarter from Venus,
 * as South Indian matching tables print them.
 */
export const PAPA_GRAHAS = ["mars", "saturn", "sun", "rahu"] as const;
export const PAPA_HOUSES: readonly number[] = Object.freeze([1, 2, 4, 7, 8, 12]);
export const PAPA_REFERENCE_WEIGHTS = Object.freeze({ lagna: 1, moon: 0.5, venus: 0.25 });
