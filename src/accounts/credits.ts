/** Credits ↔ exact integer milli-credits (the database unit). */

export const MILLI_PER_CREDIT = 1000;

/**
 * Credits (as given by a caller, e.g. 2.5) → milli-credits. Refuses non-finite values and more
 * than three decimals instead of rounding money silently.
 */
export function creditsToMilli(credits: number): number {
  if (!Number.isFinite(credits)) throw new RangeError("credits must be a finite number");
  const milli = Math.round(credits * MILLI_PER_CREDIT);
  if (Math.abs(milli - credits * MILLI_PER_CREDIT) > 1e-6 || !Number.isSafeInteger(milli)) {
    throw new RangeError("credits may have at most three decimals");
  }
  return milli;
}

/** Milli-credits → credits as a JS number (exact to the thousandth for any balance below 9e12). */
export function milliToCredits(milli: number): number {
  return milli / MILLI_PER_CREDIT;
}

/** A count of credits in words: "1 credit", "0 credits", "2.5 credits" (only exactly one is singular). */
export function creditsText(credits: number | null): string {
  return `${credits} credit${credits === 1 ? "" : "s"}`;
}
