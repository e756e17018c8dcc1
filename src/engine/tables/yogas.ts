/**
 * The 27 nitya yogas: (Sun + Moon sidereal longitude) in spans of 13°20′, from 0° Mesha.
 * Sequence as in Muhurta Chintamani ch. 1 and every printed panchanga. `inauspicious`
 * marks the nine yogas Muhurta Chintamani tells us to avoid for auspicious acts
 * (Vishkumbha, Atiganda, Shula, Ganda, Vyaghata, Vajra, Vyatipata, Parigha, Vaidhriti).
 */
export interface Yoga {
  readonly number: number;
  readonly name: string;
  readonly inauspicious: boolean;
}

export const YOGA_SPAN_DEG = 360 / 27;

const NAMES = [
  "Vishkumbha", "Priti", "Ayushman", "Saubhagya", "Shobhana", "Atiganda", "Sukarma", "Dhriti", "Shula",
  "Ganda", "Vriddhi", "Dhruva", "Vyaghata", "Harshana", "Vajra", "Siddhi", "Vyatipata", "Variyan",
  "Parigha", "Shiva", "Siddha", "Sadhya", "Shubha", "Shukla", "Brahma", "Indra", "Vaidhriti",
] as const;
const INAUSPICIOUS = new Set([1, 6, 9, 10, 13, 15, 17, 19, 27]);

export const YOGAS: readonly Yoga[] = Object.freeze(
  NAMES.map((name, i) => Object.freeze({ number: i + 1, name, inauspicious: INAUSPICIOUS.has(i + 1) })),
);

/** Yoga number 1..27 of (Sun + Moon) sidereal longitude in degrees. */
export function yogaOf(sumSidDeg: number): number {
  const s = ((sumSidDeg % 360) + 360) % 360;
  return Math.min(26, Math.floor(s / YOGA_SPAN_DEG)) + 1;
}
