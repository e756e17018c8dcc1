/**
 * Prices and range caps of the time scans, shared by the resolver and the REST route table
 * (kept free of decorators so the route table can load without the GraphQL schema).
 */
export const SCAN_CREDITS = { subLordChanges: 3, ingress: 3, transitsMonthly: 3, aspectsMonthly: 3, lunarAspects: 2 } as const;

/** Longest range per graha, days: the Moon changes sub ~9 times a day, the rest far less often. */
export const SCAN_RANGE_CAP_DAYS = { moon: 31, other: 366 } as const;

/** Orb of the monthly aspect profile (spec: "orb up to 1.5 degrees"). */
export const MONTHLY_ASPECT_ORB_DEG = 1.5;

/** Most steps /kp/planets-at-intervals computes (nine full positions each). */
export const INTERVAL_STEP_CAP = 240;
export const INTERVAL_CREDITS = 2;

/** The longest step of kp/planets-at-intervals, hours (366 days). */
export const MAX_INTERVAL_HOURS = 8784;
