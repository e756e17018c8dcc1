/**
 * Time-division tables of the Hindu day: the kalams (eighths of daytime), dur muhurtas, and
 * the muhurta numbering (15 muhurtas of day, 15 of night).
 *
 * Kalams — index (1..8) of the daytime eighth for Sunday … Saturday, as printed in every
 * South Indian panchanga (Rahu Kala, Gulika/Mandi Kala, Yamaghanda):
 */
export const RAHU_KALA_EIGHTH: readonly number[] = Object.freeze([8, 2, 7, 5, 6, 4, 3]);
export const GULIKA_KALA_EIGHTH: readonly number[] = Object.freeze([7, 6, 5, 4, 3, 2, 1]);
export const YAMAGHANDA_EIGHTH: readonly number[] = Object.freeze([5, 4, 3, 2, 1, 7, 6]);

/** Abhijit is the 8th of the 15 day muhurtas (Muhurta Chintamani ch. 6; void on Wednesdays). */
export const ABHIJIT_DAY_MUHURTA = 8;

/**
 * Dur muhurtas by weekday, Sunday first: which muhurtas are inauspicious, `part` "day" counting
 * the 15 muhurtas from sunrise, "night" the 15 from sunset (Muhurta Chintamani ch. 1,
 * "varadushta muhurta", as tabulated in Drik Panchang): Sunday 14th; Monday 9th and 12th;
 * Tuesday 4th of day and 7th of night; Wednesday 8th; Thursday 6th and 12th; Friday 4th and
 * 9th; Saturday 1st and 2nd.
 */
export interface DurMuhurtaSlot {
  readonly part: "day" | "night";
  readonly muhurta: number;
}
const d = (muhurta: number): DurMuhurtaSlot => ({ part: "day", muhurta });
const n = (muhurta: number): DurMuhurtaSlot => ({ part: "night", muhurta });
export const DUR_MUHURTA: readonly (readonly DurMuhurtaSlot[])[] = Object.freeze([
  [d(14)], [d(9), d(12)], [d(4), n(7)], [d(8)], [d(6), d(12)], [d(4), d(9)], [d(1), d(2)],
]);
