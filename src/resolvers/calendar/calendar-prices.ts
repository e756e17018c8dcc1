/** Prices of the calendar conversions, in a decorator-free module (the route table loads before reflect-metadata). */

/** One day's worth of work: a sunrise, a tithi, six sankranti rules. */
export const DATE_CONVERSION_CREDITS = 1;
