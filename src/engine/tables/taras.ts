/**
 * The nine taras (Muhurta Chintamani ch. 1; B.V. Raman, Muhurtha, ch. 4): the day's nakshatra
 * counted from the birth nakshatra (inclusive, 1..27), the count taken modulo 9 (0 → 9).
 * Favourable: Sampat, Kshema, Sadhana, Mitra, Parama Mitra; unfavourable: Vipat, Pratyak,
 * Naidhana; Janma is mixed (avoided for important beginnings).
 */
export interface Tara {
  readonly number: number;
  readonly name: string;
  readonly meaning: string;
  readonly favourable: boolean | null;
  /** The other common spelling, where there is one. */
  readonly alsoCalled: string | null;
}

export const TARAS: readonly Tara[] = Object.freeze([
  { number: 1, name: "Janma", meaning: "birth", favourable: null, alsoCalled: null },
  { number: 2, name: "Sampat", meaning: "wealth", favourable: true, alsoCalled: null },
  { number: 3, name: "Vipat", meaning: "danger", favourable: false, alsoCalled: null },
  { number: 4, name: "Kshema", meaning: "well-being", favourable: true, alsoCalled: null },
  { number: 5, name: "Pratyak", meaning: "obstacles", favourable: false, alsoCalled: "Pratyari" },
  { number: 6, name: "Sadhana", meaning: "achievement", favourable: true, alsoCalled: "Sadhaka" },
  { number: 7, name: "Naidhana", meaning: "death", favourable: false, alsoCalled: "Vadha" },
  { number: 8, name: "Mitra", meaning: "friend", favourable: true, alsoCalled: null },
  { number: 9, name: "Parama Mitra", meaning: "great friend", favourable: true, alsoCalled: "Ati Mitra" },
]);

/**
 * Chandra bala (Muhurta Chintamani ch. 1): the transit Moon's sign counted from the natal Moon
 * sign (inclusive, 1..12) is good in the 1st, 3rd, 6th, 7th, 10th and 11th; the 8th is
 * Chandrashtama, the worst.
 */
export const CHANDRA_BALA_GOOD: ReadonlySet<number> = new Set([1, 3, 6, 7, 10, 11]);
export const DAILY_STRENGTH_SOURCE = "Muhurta Chintamani ch. 1 (tara bala, chandra bala); B.V. Raman, Muhurtha, ch. 4";
