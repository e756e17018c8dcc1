/**
 * Parashari divisional charts (vargas), BPHS ch. 6 "Shodasha Vargas"
 * including D40, D45 and D60. Each equal varga splits a sign into `divisions` parts;
 * part k (0-based) falls in sign base + step·k, where the base depends on the natal sign by its
 * parity (odd/even), modality (movable/fixed/dual) or element, either counted from the natal sign
 * (`relative`) or fixed (`absolute`, 1 = Aries). D2 and D30 are unequal/special and coded apart.
 */
export const VARGA_CHARTS = [
  "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "D10", "D11", "D12", "D16", "D20", "D24", "D27", "D30", "D40", "D45", "D60",
  "D81", "D108", "D144",
] as const;
export type VargaChart = (typeof VARGA_CHARTS)[number];

/** The spec's default set for POST /vargas. */
export const DEFAULT_VARGA_CHARTS: readonly VargaChart[] = Object.freeze(["D2", "D3", "D4", "D7", "D9", "D10", "D12", "D30"]);

export type VargaBase =
  | { readonly by: "parity"; readonly mode: "relative" | "absolute"; readonly odd: number; readonly even: number }
  | {
      readonly by: "modality";
      readonly mode: "relative" | "absolute";
      readonly movable: number;
      readonly fixed: number;
      readonly dual: number;
    }
  | { readonly by: "element"; readonly fire: number; readonly earth: number; readonly air: number; readonly water: number };

export type VargaRule =
  | { readonly kind: "equal"; readonly divisions: number; readonly step: number; readonly base: VargaBase }
  | { readonly kind: "hora_parashari" }
  | { readonly kind: "trimshamsha_parashari" }
  /** Five equal parts mapped to fixed signs by parity (PANCHAMSHA_ODD / _EVEN). */
  | { readonly kind: "panchamsha" }
  /** Parivritti: the sign's parts counted on cyclically from Aries through the zodiac (part k of sign s → (n·(s−1) + k) mod 12). */
  | { readonly kind: "cyclic"; readonly divisions: number }
  /** A varga of a varga: `inner` of the point, then `outer` of that varga point. */
  | { readonly kind: "nested"; readonly inner: VargaChart; readonly outer: VargaChart };

export interface VargaMethod {
  readonly chart: VargaChart;
  readonly name: string;
  /** The method named in responses' `conventions`. */
  readonly method: string;
  readonly rule: VargaRule;
}

/** "relative 1" = the natal sign itself, "relative 9" = the 9th from it. */
const same = { by: "parity", mode: "relative", odd: 1, even: 1 } as const;

export const VARGA_METHODS: Readonly<Record<VargaChart, VargaMethod>> = Object.freeze<Record<VargaChart, VargaMethod>>({
  D1: { chart: "D1", name: "Rashi", method: "rashi", rule: { kind: "equal", divisions: 1, step: 1, base: same } },
  // Odd signs: 0–15° Sun's hora (Leo), 15–30° Moon's (Cancer); even signs the reverse (BPHS ch. 6).
  D2: { chart: "D2", name: "Hora", method: "parashari_sun_moon_hora", rule: { kind: "hora_parashari" } },
  // Five 6° parts: odd signs Aries, Aquarius, Sagittarius, Gemini, Libra; even signs Taurus, Virgo, Pisces,
  // Capricorn, Scorpio (P.V.R. Narasimha Rao, "Vedic Astrology: An Integrated Approach", ch. on divisional charts).
  D5: { chart: "D5", name: "Panchamsha", method: "odd_even_fixed_signs", rule: { kind: "panchamsha" } },
  // Odd signs from Aries, even signs from Libra (P.V.R. Narasimha Rao, ibid.).
  D6: {
    chart: "D6", name: "Shashthamsha", method: "odd_aries_even_libra",
    rule: { kind: "equal", divisions: 6, step: 1, base: { by: "parity", mode: "absolute", odd: 1, even: 7 } },
  },
  // Movable signs from Aries, fixed from Sagittarius, dual from Leo (P.V.R. Narasimha Rao, ibid.).
  D8: {
    chart: "D8", name: "Ashtamsha", method: "movable_aries_fixed_sagittarius_dual_leo",
    rule: { kind: "equal", divisions: 8, step: 1, base: { by: "modality", mode: "absolute", movable: 1, fixed: 9, dual: 5 } },
  },
  // Rudramsha: eleven parts counted cyclically from Aries (P.V.R. Narasimha Rao, ibid.; Jagannatha Hora's D-11).
  D11: { chart: "D11", name: "Rudramsha (Ekadashamsha)", method: "cyclic_from_aries", rule: { kind: "cyclic", divisions: 11 } },
  // Nava-navamsha: navamshas counted on cyclically, i.e. the navamsha of the navamsha (P.V.R. Narasimha Rao, ibid.).
  D81: { chart: "D81", name: "Nava-navamsha", method: "cyclic_from_aries", rule: { kind: "cyclic", divisions: 81 } },
  // Ashtottaramsha: 108 parts counted cyclically from Aries (P.V.R. Narasimha Rao, ibid.).
  D108: { chart: "D108", name: "Ashtottaramsha", method: "cyclic_from_aries", rule: { kind: "cyclic", divisions: 108 } },
  // Dwadasha-dwadashamsha: the dwadashamsha of the dwadashamsha (P.V.R. Narasimha Rao, ibid.).
  D144: { chart: "D144", name: "Dwadasha-dwadashamsha", method: "d12_of_d12", rule: { kind: "nested", inner: "D12", outer: "D12" } },
  // 1st, 5th, 9th from the sign (BPHS ch. 6).
  D3: { chart: "D3", name: "Drekkana", method: "parashari", rule: { kind: "equal", divisions: 3, step: 4, base: same } },
  // 1st, 4th, 7th, 10th from the sign (BPHS ch. 6).
  D4: { chart: "D4", name: "Chaturthamsha", method: "parashari", rule: { kind: "equal", divisions: 4, step: 3, base: same } },
  // Odd signs from the sign itself, even signs from the 7th (BPHS ch. 6).
  D7: {
    chart: "D7", name: "Saptamsha", method: "parashari",
    rule: { kind: "equal", divisions: 7, step: 1, base: { by: "parity", mode: "relative", odd: 1, even: 7 } },
  },
  // Movable signs from the sign, fixed from the 9th, dual from the 5th (BPHS ch. 6).
  D9: {
    chart: "D9", name: "Navamsha", method: "parashari",
    rule: { kind: "equal", divisions: 9, step: 1, base: { by: "modality", mode: "relative", movable: 1, fixed: 9, dual: 5 } },
  },
  // Odd signs from the sign, even signs from the 9th (BPHS ch. 6).
  D10: {
    chart: "D10", name: "Dashamsha", method: "parashari",
    rule: { kind: "equal", divisions: 10, step: 1, base: { by: "parity", mode: "relative", odd: 1, even: 9 } },
  },
  // From the sign itself (BPHS ch. 6).
  D12: { chart: "D12", name: "Dwadashamsha", method: "parashari", rule: { kind: "equal", divisions: 12, step: 1, base: same } },
  // Movable from Aries, fixed from Leo, dual from Sagittarius (BPHS ch. 6).
  D16: {
    chart: "D16", name: "Shodashamsha", method: "parashari",
    rule: { kind: "equal", divisions: 16, step: 1, base: { by: "modality", mode: "absolute", movable: 1, fixed: 5, dual: 9 } },
  },
  // Movable from Aries, fixed from Sagittarius, dual from Leo (BPHS ch. 6).
  D20: {
    chart: "D20", name: "Vimshamsha", method: "parashari",
    rule: { kind: "equal", divisions: 20, step: 1, base: { by: "modality", mode: "absolute", movable: 1, fixed: 9, dual: 5 } },
  },
  // Odd signs from Leo, even signs from Cancer (BPHS ch. 6).
  D24: {
    chart: "D24", name: "Chaturvimshamsha", method: "parashari",
    rule: { kind: "equal", divisions: 24, step: 1, base: { by: "parity", mode: "absolute", odd: 5, even: 4 } },
  },
  // Fiery signs from Aries, earthy from Cancer, airy from Libra, watery from Capricorn (BPHS ch. 6).
  D27: {
    chart: "D27", name: "Saptavimshamsha (Bhamsha)", method: "parashari",
    rule: { kind: "equal", divisions: 27, step: 1, base: { by: "element", fire: 1, earth: 4, air: 7, water: 10 } },
  },
  // Unequal: odd signs Mars 5°, Saturn 5°, Jupiter 8°, Mercury 7°, Venus 5°; even signs reversed (BPHS ch. 6).
  D30: { chart: "D30", name: "Trimshamsha", method: "parashari_odd_even_unequal", rule: { kind: "trimshamsha_parashari" } },
  // Odd signs from Aries, even signs from Libra (BPHS ch. 6).
  D40: {
    chart: "D40", name: "Khavedamsha", method: "parashari",
    rule: { kind: "equal", divisions: 40, step: 1, base: { by: "parity", mode: "absolute", odd: 1, even: 7 } },
  },
  // Movable from Aries, fixed from Leo, dual from Sagittarius (BPHS ch. 6).
  D45: {
    chart: "D45", name: "Akshavedamsha", method: "parashari",
    rule: { kind: "equal", divisions: 45, step: 1, base: { by: "modality", mode: "absolute", movable: 1, fixed: 5, dual: 9 } },
  },
  // Degrees in the sign ×2, +1, counted from the sign itself (BPHS ch. 6).
  D60: { chart: "D60", name: "Shashtiamsha", method: "parashari", rule: { kind: "equal", divisions: 60, step: 1, base: same } },
});

/**
 * Parashari trimshamsha segments (BPHS ch. 6): end degree of each segment and the sign it maps
 * to. Odd signs: Mars→Aries, Saturn→Aquarius, Jupiter→Sagittarius, Mercury→Gemini, Venus→Libra;
 * even signs: Venus→Taurus, Mercury→Virgo, Jupiter→Pisces, Saturn→Capricorn, Mars→Scorpio.
 */
export const TRIMSHAMSHA_ODD: readonly { readonly toDeg: number; readonly rashi: number }[] = Object.freeze([
  { toDeg: 5, rashi: 1 }, { toDeg: 10, rashi: 11 }, { toDeg: 18, rashi: 9 }, { toDeg: 25, rashi: 3 }, { toDeg: 30, rashi: 7 },
]);
/** Panchamsha signs of the five parts (P.V.R. Narasimha Rao, ibid.): the trimshamsha lords' signs in equal parts. */
export const PANCHAMSHA_ODD: readonly number[] = Object.freeze([1, 11, 9, 3, 7]);
export const PANCHAMSHA_EVEN: readonly number[] = Object.freeze([2, 6, 12, 10, 8]);

/** Hora (D2) methods: Parashari Sun/Moon hora (default) or Parivritti (cyclic from Aries, P.V.R. Narasimha Rao, ibid.). */
export const HORA_METHODS = ["parashari", "parivritti"] as const;
export type HoraMethod = (typeof HORA_METHODS)[number];

export const TRIMSHAMSHA_EVEN: readonly { readonly toDeg: number; readonly rashi: number }[] = Object.freeze([
  { toDeg: 5, rashi: 2 }, { toDeg: 12, rashi: 6 }, { toDeg: 20, rashi: 12 }, { toDeg: 25, rashi: 10 }, { toDeg: 30, rashi: 8 },
]);
