/**
 * The clock is injected wherever time matters (code expiry, reveal windows, the UTC day of the
 * free tier), so tests can move it and logic never reads the system time on its own.
 */
export type Clock = () => Date;

/** The real clock, for wiring at the edge (server start). */
export const systemClock: Clock = () => new Date();

/** The UTC calendar day of an instant, "YYYY-MM-DD" (the free tier and usage roll over at 00:00 UTC). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `at` moved by `ms` milliseconds. */
export function addMs(at: Date, ms: number): Date {
  return new Date(at.getTime() + ms);
}
