/** Julian day ↔ Unix milliseconds. UTC is treated as UT1 (as the reference data does). */

export const JD_UNIX_EPOCH = 2440587.5;
export const MS_PER_DAY = 86_400_000;
/** JD of J2000.0 (2000-01-01T12:00 TT). */
export const J2000 = 2451545.0;

export function jdFromUnixMs(unixMs: number): number {
  return unixMs / MS_PER_DAY + JD_UNIX_EPOCH;
}

export function unixMsFromJd(jd: number): number {
  return (jd - JD_UNIX_EPOCH) * MS_PER_DAY;
}
