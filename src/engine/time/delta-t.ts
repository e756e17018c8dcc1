/**
 * ΔT = TT − UT1, in seconds, for the service's range (1800–2400) and beyond.
 *
 * - 1800.0 … 1955.0: the Stephenson, Morrison & Hohenkerk (2016) spline (SMH2016_SPLINE below),
 *   blended linearly over 1952–1955 into the table (they differ by 0.66 s at 1955.0).
 * - 1955.0 … 1973.0: half-yearly values of the USNO "historic_deltat.data" table
 *   (maia.usno.navy.mil/ser7; the Astronomical Almanac values).
 * - 1973-02 … 2023-05: monthly observed values of USNO/IERS "deltat.data" (from IERS EOP C04
 *   and Bulletin A). Both tables as shipped (MIT) in the `astronomia` package's data/deltat.js.
 * - After the last observed value: a cubic Hermite bridge (value and slope) to 2029.0, then the cubic
 *   ΔT = 68.7999 + 0.235731 t + 1.138746e-3 t² + 4.03308e-6 t³ (t = year − 2028), which
 *   follows the Swiss Ephemeris 2.10 extrapolation (our accuracy yardstick; coefficients fitted
 *   to the ΔT values it reports, test/fixtures/swisseph-positions.json). Any prediction this
 *   far out is uncertain by seconds to minutes; what matters here is agreeing with the reference.
 * - Before 1800: the Morrison & Stephenson (2004) parabola −20 + 32 u² (u = (year − 1820)/100),
 *   shifted to meet the spline at 1800.0 (outside the service's range; kept finite and smooth).
 * Linear interpolation inside the tables (their spacing is fine enough for ≲0.05 s).
 */

/** Decimal year ↔ Julian day (UT): year 2000.0 = 2000-01-01T00:00 = JD 2451544.5. */
const JD_YEAR_2000 = 2451544.5;
const DAYS_PER_YEAR = 365.2425;

/** Half-yearly ΔT (s), 1955.0, 1955.5, … 1973.0. Source: USNO historic_deltat.data (= Astronomical Almanac). */
const HALF_YEARLY_FIRST_YEAR = 1955;
const HALF_YEARLY_DELTA_T_S: readonly number[] = [
  31.07, 31.24, 31.349, 31.516, 31.677, 31.923, 32.166, 32.449, 32.671, 32.919, 33.15, 33.397,
  33.584, 33.804, 33.992, 34.24, 34.466, 34.731, 35.03, 35.4, 35.738, 36.147, 36.546, 36.995,
  37.429, 37.879, 38.291, 38.753, 39.204, 39.707, 40.182, 40.706, 41.17, 41.686, 42.227, 42.825,
  43.373,
];

/**
 * 1800.0 … 1955.0: the cubic-spline fit of Stephenson, Morrison & Hohenkerk (2016), "Measurement
 * of the Earth's rotation: 720 BC to AD 2015", Proc. R. Soc. A 472: 20160404, Table S15 (HM
 * Nautical Almanac Office, astro.ukho.gov.uk/nao/lvm/). Rows: [year0, year1, a0, a1, a2, a3],
 * ΔT = a0 + a1 t + a2 t² + a3 t³ with t = (year − year0)/(year1 − year0).
 */
const SMH2016_SPLINE: readonly (readonly [number, number, number, number, number, number])[] = [
  [1800, 1810, 18.367, -3.481, -1.126, 1.918],
  [1810, 1820, 15.678, 0.021, 4.629, -3.812],
  [1820, 1830, 16.516, -2.157, -6.806, 3.25],
  [1830, 1840, 10.804, -6.018, 2.944, -0.096],
  [1840, 1850, 7.634, -0.416, 2.658, -0.539],
  [1850, 1855, 9.338, 1.642, 0.261, -0.883],
  [1855, 1860, 10.357, -0.486, -2.389, 1.558],
  [1860, 1865, 9.04, -0.591, 2.284, -2.477],
  [1865, 1870, 8.255, -3.456, -5.148, 2.72],
  [1870, 1875, 2.371, -5.593, 3.011, -0.914],
  [1875, 1880, -1.126, -2.314, 0.269, -0.039],
  [1880, 1885, -3.21, -1.893, 0.152, 0.563],
  [1885, 1890, -4.388, 0.101, 1.842, -1.438],
  [1890, 1895, -3.884, -0.531, -2.474, 1.871],
  [1895, 1900, -5.017, 0.134, 3.138, -0.232],
  [1900, 1905, -1.977, 5.715, 2.443, -1.257],
  [1905, 1910, 4.923, 6.828, -1.329, 0.72],
  [1910, 1915, 11.142, 6.33, 0.831, -0.825],
  [1915, 1920, 17.479, 5.518, -1.643, 0.262],
  [1920, 1925, 21.617, 3.02, -0.856, 0.008],
  [1925, 1930, 23.789, 1.333, -0.831, 0.127],
  [1930, 1935, 24.418, 0.052, -0.449, 0.142],
  [1935, 1940, 24.164, -0.419, -0.022, 0.702],
  [1940, 1945, 24.426, 1.645, 2.086, -1.106],
  [1945, 1950, 27.05, 2.499, -1.232, 0.614],
  [1950, 1953, 28.932, 1.127, 0.22, -0.277],
  [1953, 1956, 30.002, 0.737, -0.61, 0.631],
];
const SPLINE_BLEND_START_YEAR = 1952;

/** Monthly ΔT (s) on the 1st of each month 0h UT, 1973-02 … 2023-05. Source: USNO/IERS deltat.data. */
const MONTHLY_FIRST = { year: 1973, month: 2 };
const MONTHLY_DELTA_T_S: readonly number[] = [
  43.472, 43.565, 43.674, 43.778, 43.876, 43.956, 44.031, 44.113, 44.198, 44.295, 44.394, 44.484,
  44.565, 44.643, 44.739, 44.837, 44.93, 44.999, 45.058, 45.128, 45.206, 45.298, 45.39, 45.476,
  45.563, 45.645, 45.737, 45.828, 45.913, 45.982, 46.041, 46.107, 46.183, 46.279, 46.371, 46.457,
  46.544, 46.631, 46.73, 46.828, 46.925, 46.997, 47.071, 47.145, 47.236, 47.341, 47.432, 47.521,
  47.605, 47.684, 47.778, 47.877, 47.969, 48.035, 48.094, 48.161, 48.246, 48.344, 48.436, 48.534,
  48.632, 48.729, 48.837, 48.935, 49.032, 49.101, 49.159, 49.229, 49.307, 49.402, 49.495, 49.586,
  49.68, 49.76, 49.856, 49.949, 50.035, 50.102, 50.162, 50.226, 50.297, 50.383, 50.46, 50.539,
  50.616, 50.687, 50.766, 50.845, 50.919, 50.976, 51.028, 51.084, 51.154, 51.232, 51.306, 51.381,
  51.453, 51.516, 51.599, 51.681, 51.757, 51.813, 51.853, 51.901, 51.96, 52.033, 52.098, 52.167,
  52.232, 52.294, 52.368, 52.447, 52.518, 52.575, 52.618, 52.667, 52.734, 52.806, 52.879, 52.956,
  53.044, 53.127, 53.22, 53.302, 53.375, 53.434, 53.478, 53.53, 53.585, 53.652, 53.726, 53.788,
  53.837, 53.883, 53.944, 54.004, 54.054, 54.086, 54.108, 54.146, 54.191, 54.245, 54.296, 54.343,
  54.391, 54.432, 54.49, 54.546, 54.598, 54.635, 54.653, 54.678, 54.717, 54.774, 54.825, 54.871,
  54.916, 54.958, 55, 55.048, 55.091, 55.113, 55.133, 55.153, 55.19, 55.242, 55.284, 55.322,
  55.361, 55.406, 55.463, 55.511, 55.552, 55.581, 55.6, 55.626, 55.666, 55.717, 55.77, 55.82,
  55.862, 55.913, 55.966, 56.022, 56.07, 56.094, 56.11, 56.131, 56.161, 56.207, 56.258, 56.3,
  56.34, 56.379, 56.428, 56.48, 56.535, 56.57, 56.598, 56.633, 56.674, 56.733, 56.797, 56.855,
  56.911, 56.975, 57.047, 57.114, 57.174, 57.223, 57.26, 57.307, 57.364, 57.433, 57.502, 57.565,
  57.633, 57.697, 57.771, 57.841, 57.906, 57.958, 57.997, 58.043, 58.104, 58.168, 58.239, 58.309,
  58.383, 58.454, 58.54, 58.623, 58.692, 58.741, 58.784, 58.841, 58.899, 58.971, 59.044, 59.122,
  59.2, 59.275, 59.357, 59.443, 59.524, 59.585, 59.634, 59.693, 59.759, 59.839, 59.911, 59.984,
  60.056, 60.123, 60.204, 60.28, 60.353, 60.401, 60.444, 60.49, 60.558, 60.632, 60.706, 60.785,
  60.866, 60.939, 61.028, 61.11, 61.187, 61.245, 61.288, 61.338, 61.404, 61.476, 61.552, 61.629,
  61.685, 61.743, 61.813, 61.882, 61.95, 61.997, 62.034, 62.071, 62.12, 62.181, 62.238, 62.295,
  62.351, 62.4, 62.475, 62.546, 62.614, 62.657, 62.694, 62.738, 62.793, 62.857, 62.915, 62.966,
  63.022, 63.081, 63.146, 63.205, 63.26, 63.284, 63.296, 63.313, 63.342, 63.387, 63.434, 63.467,
  63.498, 63.532, 63.568, 63.61, 63.644, 63.664, 63.674, 63.693, 63.715, 63.752, 63.793, 63.829,
  63.856, 63.88, 63.908, 63.939, 63.969, 63.98, 63.983, 63.994, 64.009, 64.04, 64.067, 64.091,
  64.107, 64.128, 64.158, 64.183, 64.209, 64.212, 64.207, 64.212, 64.222, 64.25, 64.276, 64.3,
  64.319, 64.345, 64.373, 64.394, 64.415, 64.413, 64.412, 64.41, 64.417, 64.433, 64.451, 64.473,
  64.489, 64.505, 64.527, 64.547, 64.56, 64.551, 64.537, 64.536, 64.541, 64.554, 64.565, 64.574,
  64.589, 64.601, 64.618, 64.637, 64.655, 64.653, 64.638, 64.637, 64.64, 64.654, 64.672, 64.688,
  64.705, 64.731, 64.758, 64.781, 64.8, 64.799, 64.788, 64.783, 64.792, 64.81, 64.831, 64.845,
  64.86, 64.885, 64.917, 64.948, 64.979, 64.989, 65.003, 65.014, 65.037, 65.077, 65.112, 65.146,
  65.183, 65.215, 65.249, 65.292, 65.328, 65.341, 65.345, 65.35, 65.371, 65.397, 65.43, 65.457,
  65.487, 65.515, 65.545, 65.578, 65.613, 65.629, 65.637, 65.649, 65.676, 65.71, 65.746, 65.777,
  65.802, 65.824, 65.86, 65.897, 65.932, 65.951, 65.953, 65.963, 65.984, 66.015, 66.042, 66.07,
  66.096, 66.131, 66.168, 66.207, 66.236, 66.241, 66.234, 66.235, 66.244, 66.275, 66.305, 66.325,
  66.341, 66.362, 66.396, 66.429, 66.462, 66.475, 66.475, 66.483, 66.506, 66.538, 66.571, 66.603,
  66.634, 66.657, 66.693, 66.729, 66.758, 66.771, 66.774, 66.785, 66.81, 66.84, 66.878, 66.907,
  66.944, 66.976, 67.026, 67.072, 67.11, 67.127, 67.133, 67.146, 67.172, 67.209, 67.246, 67.281,
  67.314, 67.346, 67.389, 67.432, 67.467, 67.486, 67.499, 67.511, 67.535, 67.571, 67.607, 67.644,
  67.677, 67.712, 67.759, 67.801, 67.84, 67.861, 67.882, 67.912, 67.955, 68.005, 68.051, 68.102,
  68.158, 68.204, 68.266, 68.319, 68.37, 68.396, 68.409, 68.43, 68.463, 68.508, 68.554, 68.593,
  68.63, 68.667, 68.714, 68.762, 68.803, 68.824, 68.837, 68.848, 68.869, 68.901, 68.935, 68.968,
  68.988, 69.018, 69.05, 69.082, 69.107, 69.113, 69.114, 69.121, 69.136, 69.165, 69.196, 69.22,
  69.245, 69.273, 69.303, 69.333, 69.354, 69.358, 69.344, 69.338, 69.338, 69.343, 69.354, 69.361,
  69.375, 69.389, 69.409, 69.426, 69.439, 69.424, 69.392, 69.369, 69.357, 69.359, 69.363, 69.359,
  69.351, 69.354, 69.358, 69.367, 69.368, 69.351, 69.327, 69.303, 69.289, 69.288, 69.291, 69.294,
  69.291, 69.286, 69.284, 69.282, 69.281, 69.255, 69.213, 69.185, 69.172, 69.169, 69.173, 69.17,
  69.159, 69.156, 69.167, 69.177,
];

/** Extrapolation anchor: ΔT (s) at 2028.0 and the cubic coefficients after it. */
const EXTRAP_YEAR = 2028;
const EXTRAP_COEFFS = [68.7998645, 0.235730981, 1.13874628e-3, 4.03308488e-6] as const;

function jdOfMonthStart(year: number, month: number): number {
  return Date.UTC(year, month - 1, 1) / 86_400_000 + 2440587.5;
}

const MONTHLY_JD: Float64Array = (() => {
  const jd = new Float64Array(MONTHLY_DELTA_T_S.length);
  for (let i = 0; i < jd.length; i++) {
    const m0 = MONTHLY_FIRST.month - 1 + i;
    jd[i] = jdOfMonthStart(MONTHLY_FIRST.year + Math.floor(m0 / 12), (m0 % 12) + 1);
  }
  return jd;
})();

const MONTHLY_LAST_JD = MONTHLY_JD[MONTHLY_JD.length - 1]!;
const MONTHLY_LAST_S = MONTHLY_DELTA_T_S[MONTHLY_DELTA_T_S.length - 1]!;
/** Observed trend at the end of the table (s/day), over its last 12 months. */
const MONTHLY_END_SLOPE =
  (MONTHLY_LAST_S - MONTHLY_DELTA_T_S[MONTHLY_DELTA_T_S.length - 13]!) /
  (MONTHLY_LAST_JD - MONTHLY_JD[MONTHLY_JD.length - 13]!);
const HALF_YEARLY_LAST_YEAR = HALF_YEARLY_FIRST_YEAR + (HALF_YEARLY_DELTA_T_S.length - 1) / 2;
/** Where the bridge from the observations meets the cubic (a year after its origin, so the bridge need not dip). */
const BRIDGE_END_YEAR = 2029;
const BRIDGE_END_JD = JD_YEAR_2000 + (BRIDGE_END_YEAR - 2000) * DAYS_PER_YEAR;

function extrapolated(year: number): number {
  const t = year - EXTRAP_YEAR;
  const [c0, c1, c2, c3] = EXTRAP_COEFFS;
  return c0 + t * (c1 + t * (c2 + t * c3));
}

/** d(extrapolated)/d(year), s/yr. */
function extrapolatedSlope(year: number): number {
  const t = year - EXTRAP_YEAR;
  const [, c1, c2, c3] = EXTRAP_COEFFS;
  return c1 + t * (2 * c2 + t * 3 * c3);
}

/** Cubic Hermite from the last observed month to the cubic at BRIDGE_END_YEAR (values and slopes match). */
function bridged(jdUt: number): number {
  const h = BRIDGE_END_JD - MONTHLY_LAST_JD;
  const s = (jdUt - MONTHLY_LAST_JD) / h;
  const m0 = MONTHLY_END_SLOPE * h;
  const m1 = (extrapolatedSlope(BRIDGE_END_YEAR) / DAYS_PER_YEAR) * h;
  const s2 = s * s;
  const s3 = s2 * s;
  return (
    (2 * s3 - 3 * s2 + 1) * MONTHLY_LAST_S +
    (s3 - 2 * s2 + s) * m0 +
    (-2 * s3 + 3 * s2) * extrapolated(BRIDGE_END_YEAR) +
    (s3 - s2) * m1
  );
}

function morrisonStephenson(year: number): number {
  const u = (year - 1820) / 100;
  return -20 + 32 * u * u;
}

/** ΔT = TT − UT1 in seconds at the given Julian day (UT). */
export function deltaTSeconds(jdUt: number): number {
  if (jdUt >= MONTHLY_JD[0]!) {
    if (jdUt >= BRIDGE_END_JD) return extrapolated(2000 + (jdUt - JD_YEAR_2000) / DAYS_PER_YEAR);
    if (jdUt >= MONTHLY_LAST_JD) return bridged(jdUt);
    // Months are 28–31 days: step from an estimate, then settle.
    let i = Math.min(MONTHLY_JD.length - 2, Math.floor((jdUt - MONTHLY_JD[0]!) / 30.436875));
    while (i > 0 && MONTHLY_JD[i]! > jdUt) i--;
    while (i < MONTHLY_JD.length - 2 && MONTHLY_JD[i + 1]! <= jdUt) i++;
    const f = (jdUt - MONTHLY_JD[i]!) / (MONTHLY_JD[i + 1]! - MONTHLY_JD[i]!);
    return MONTHLY_DELTA_T_S[i]! + f * (MONTHLY_DELTA_T_S[i + 1]! - MONTHLY_DELTA_T_S[i]!);
  }
  const year = 2000 + (jdUt - JD_YEAR_2000) / DAYS_PER_YEAR;
  if (year >= HALF_YEARLY_FIRST_YEAR) {
    if (year >= HALF_YEARLY_LAST_YEAR) {
      // 1973.0 → first monthly value (Feb 1973).
      const jd0 = JD_YEAR_2000 + (HALF_YEARLY_LAST_YEAR - 2000) * DAYS_PER_YEAR;
      const v0 = HALF_YEARLY_DELTA_T_S[HALF_YEARLY_DELTA_T_S.length - 1]!;
      return v0 + ((jdUt - jd0) / (MONTHLY_JD[0]! - jd0)) * (MONTHLY_DELTA_T_S[0]! - v0);
    }
    const x = (year - HALF_YEARLY_FIRST_YEAR) * 2;
    const i = Math.floor(x);
    const f = x - i;
    return HALF_YEARLY_DELTA_T_S[i]! + f * (HALF_YEARLY_DELTA_T_S[i + 1]! - HALF_YEARLY_DELTA_T_S[i]!);
  }
  if (year >= SPLINE_BLEND_START_YEAR) {
    // The spline and the table differ by 0.66 s at 1955.0: take up that step linearly over 1952–1955.
    const gap = HALF_YEARLY_DELTA_T_S[0]! - smh2016(HALF_YEARLY_FIRST_YEAR);
    return smh2016(year) + (gap * (year - SPLINE_BLEND_START_YEAR)) / (HALF_YEARLY_FIRST_YEAR - SPLINE_BLEND_START_YEAR);
  }
  if (year >= SMH2016_SPLINE[0]![0]) return smh2016(year);
  return morrisonStephenson(year) - morrisonStephenson(SMH2016_SPLINE[0]![0]) + smh2016(SMH2016_SPLINE[0]![0]);
}

function smh2016(year: number): number {
  let i = SMH2016_SPLINE.length - 1;
  while (i > 0 && SMH2016_SPLINE[i]![0] > year) i--;
  const [y0, y1, a0, a1, a2, a3] = SMH2016_SPLINE[i]!;
  const t = (year - y0) / (y1 - y0);
  return a0 + t * (a1 + t * (a2 + t * a3));
}
