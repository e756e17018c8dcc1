/**
 * Prices and limits of South Indian matching (docs/matching.md), in a module without decorators so
 * the REST route table can read them: the ten poruthams 3, the dashakoot 3 (the same ten kootas
 * in points), papasamyam 2 (both full charts), a star match 1, a bulk match 1 per candidate.
 */
export const PORUTHAM_CREDITS = { porutham: 3, dashakoot: 3, papasamyam: 2, starMatch: 1, bulkPerCandidate: 1 } as const;
/** Most candidates of one bulk match. */
export const BULK_MAX_CANDIDATES = 100;
