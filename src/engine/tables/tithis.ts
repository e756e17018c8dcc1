/**
 * The 30 tithis of a synodic month: each is 12° of Moon − Sun elongation. Shukla paksha
 * (waxing) 1–15 ends with Purnima, Krishna paksha (waning) 16–30 ends with Amavasya.
 * Names as in Surya Siddhanta ch. 2 and every printed panchanga; the Nanda/Bhadra/Jaya/
 * Rikta/Purna grouping is Muhurta Chintamani ch. 1 (shubhashubha prakarana).
 */
export type Paksha = "shukla" | "krishna";
export type TithiGroup = "nanda" | "bhadra" | "jaya" | "rikta" | "purna";

export interface Tithi {
  /** 1..30 */
  readonly number: number;
  readonly name: string;
  readonly paksha: Paksha;
  /** 1..15 within the paksha. */
  readonly pakshaDay: number;
  readonly group: TithiGroup;
}

export const TITHI_SPAN_DEG = 12;

const DAY_NAMES = [
  "Pratipada", "Dwitiya", "Tritiya", "Chaturthi", "Panchami", "Shashthi", "Saptami", "Ashtami",
  "Navami", "Dashami", "Ekadashi", "Dwadashi", "Trayodashi", "Chaturdashi",
] as const;
const GROUPS: readonly TithiGroup[] = ["nanda", "bhadra", "jaya", "rikta", "purna"];

export const TITHIS: readonly Tithi[] = Object.freeze(
  Array.from({ length: 30 }, (_, i) => {
    const pakshaDay = (i % 15) + 1;
    const paksha: Paksha = i < 15 ? "shukla" : "krishna";
    const name = pakshaDay === 15 ? (paksha === "shukla" ? "Purnima" : "Amavasya") : DAY_NAMES[pakshaDay - 1]!;
    return Object.freeze({ number: i + 1, name, paksha, pakshaDay, group: GROUPS[i % 5]! });
  }),
);

/** Tithi number 1..30 of a Moon − Sun elongation in degrees. */
export function tithiOf(elongationDeg: number): number {
  const e = ((elongationDeg % 360) + 360) % 360;
  return Math.min(29, Math.floor(e / TITHI_SPAN_DEG)) + 1;
}
