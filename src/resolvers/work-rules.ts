/**
 * How much work a field does and how many items a list field yields, per schema coordinate
 * (`Type.field`), for the work estimate made before a request runs (src/costing/work.ts,
 * docs/limits.md). Data, written once; the figures are upper bounds, not averages.
 *
 * Unit: one work unit ≈ one microsecond of CPU on the reference machine (bench/results.md).
 * Every value in the answer also costs VALUE_WORK units (graphql-js completes and serialises it),
 * so an answer's size is work too: that is what makes a deep dasha tree heavy.
 * Figures from `npm run bench` (bench/work.bench.ts and the engine benches): a chart core ≈ 0.6 ms,
 * a panchanga day ≈ 0.25 ms, festivals of a year ≈ 50 ms, a 365-day panchanga search ≈ 100 ms;
 * each rounded up.
 */

/** A field's arguments after coercion (variables and defaults applied). */
export type FieldArgs = Readonly<Record<string, unknown>>;

export interface WorkRule {
  /** Items a list field yields per parent (an upper bound), fixed or from its own or its parent field's arguments. */
  readonly items?: number | ((args: FieldArgs, parentArgs: FieldArgs) => number);
  /** CPU of one resolution of the field, work units, fixed or from the arguments. */
  readonly work?: number | ((args: FieldArgs) => number);
}

/** Work of one value in the answer (completion + serialisation), units. */
export const VALUE_WORK = 2;
/**
 * Work of a priced field without a rule, units: reading what its root field computed (memoised per
 * request); the computation itself is the root field's rule.
 */
export const DEFAULT_PRICED_WORK = 20;
/** Items of a list field without a rule: the nine grahas, twelve rashis or bhavas. */
export const DEFAULT_LIST_ITEMS = 12;

const DAY_MS = 86_400_000;
const PANCHANGA_DAY_WORK = 400;
const CHART_CORE_WORK = 1_000;

/** Whole days from `start` to `end` (ISO strings), inclusive; `cap` when either does not parse. */
function daysBetween(start: unknown, end: unknown, cap: number): number {
  const a = typeof start === "string" ? Date.parse(start) : NaN;
  const b = typeof end === "string" ? Date.parse(end) : NaN;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return cap;
  return Math.min(cap, Math.max(1, Math.floor((b - a) / DAY_MS) + 1));
}

const intArg = (value: unknown, fallback: number, max: number): number =>
  typeof value === "number" && Number.isFinite(value) ? Math.min(max, Math.max(1, Math.ceil(value))) : fallback;

const listLength = (value: unknown): number => (Array.isArray(value) ? value.length : 1);

export const WORK_RULES: Readonly<Record<string, WorkRule>> = {
  // Vimshottari: nine periods at each level; each level down computes nine sub-periods per parent.
  "Query.dasha": { work: CHART_CORE_WORK },
  "Chart.dasha": { work: 200 },
  // `planet` keeps one period of a level (a five-level tree under one maha or antar dasha).
  "Dasha.mahaDashas": { items: (a) => (a.planet ? 1 : 9), work: 20 },
  "DashaPeriod.subPeriods": { items: (a) => (a.planet ? 1 : 9), work: 20 },
  // The other systems (Query.systemDasha): at most 24 maha periods (Yogini and Shattrimsa-sama, three
  // cycles of eight; Chara and Narayana, two cycles of twelve; Kalachakra's 120 years, ≤ 23) and at
  // most 12 sub-periods per period (twelve signs; nine in Kalachakra, ≤ 9 grahas).
  "Query.systemDasha": { work: CHART_CORE_WORK },
  "SystemDasha.mahaDashas": { items: 24, work: 20 },
  "SystemDasha.current": { items: 3 },
  "DashaSpan.subPeriods": { items: 12, work: 20 },
  // Panchanga: one day per item; a range is at most 31 days (the resolver refuses more).
  "Query.panchanga": { work: PANCHANGA_DAY_WORK * 2 },
  "PanchangaRange.days": { items: (_a, p) => daysBetween(p.startDatetime, p.endDatetime, 31) },
  "Query.panchangaRange": {
    work: (a) => PANCHANGA_DAY_WORK * daysBetween(a.startDatetime, a.endDatetime, 31),
  },
  "Query.panchangaSearch": { work: (a) => 200 * intArg(a.maxDays, 365, 365) },
  "PanchangaSearch.matches": { items: (_a, p) => intArg(p.maxResults, 20, 20) },
  "Query.muhurta": { work: (a) => PANCHANGA_DAY_WORK * 2 * intArg(a.days, 30, 90) },
  "Muhurta.windows": { items: 90 },
  // A chart's core (positions, lagna, bhavas, vimshottari) is computed once per birth and request.
  "Query.chart": { work: CHART_CORE_WORK },
  "Query.compatibility": { work: 2 * CHART_CORE_WORK },
  "Query.varshaphal": { work: 3 * CHART_CORE_WORK },
  "Query.prashna": { work: CHART_CORE_WORK },
  "Query.panchaPakshi": { work: PANCHANGA_DAY_WORK * 2 },
  "Query.choghadiya": { work: PANCHANGA_DAY_WORK * 2 },
  // Calendar: a year of festivals and vratas is computed day by day.
  "Query.calendar": { work: 2_000 },
  "Calendar.festivals": { items: 400, work: 40_000 },
  "Calendar.vratas": { items: 300, work: 30_000 },
  "Calendar.monthVratas": { items: 40, work: 4_000 },
  // Time scans: the Moon's sub-lord changes ~9 times a day over at most 31 days; others ≤ 366 days.
  "Query.kpSubLordChanges": { work: (a) => (a.planet === "moon" || a.planet === "MOON" ? 1_000 : 300) * daysBetween(a.start, a.end, 366) },
  "Query.kpIngresses": { work: (a) => 100 * daysBetween(a.start, a.end, 366) },
  "Query.transitsMonthly": { work: 10_000 },
  "Query.aspectsMonthly": { work: 10_000 },
  "Query.lunarAspects": { work: (a) => 500 * intArg(a.days, 7, 31) },
  "TimeScan.subLordChanges": { items: 300 },
  "TimeScan.ingresses": { items: 100 },
  "TimeScan.stations": { items: 20 },
  "TimeScan.aspects": { items: 200 },
  "Query.kpPlanetsAtIntervals": { work: 240 * 300 },
  "KpIntervals.steps": { items: 240 },
  "Query.bulkMatch": { work: (a) => 50 * listLength(a.candidates) },
  "Query.ephemeris": { work: CHART_CORE_WORK },
  // Saturn over 200 years from its table (bench/timeline.bench.ts: a few ms); ~7 Sade Satis, ~70 stays.
  "Chart.saturnTimeline": { work: 20_000 },
  "SaturnTimeline.sadeSati": { items: 8 },
  "SadeSatiSpell.phases": { items: 10 },
  "SadeSatiSpell.interruptions": { items: 4 },
  "SaturnTimeline.kantakaShani": { items: 40 },
  "SaturnTimeline.ashtamaShani": { items: 14 },
  "SaturnTimeline.stays": { items: 100 },
  // Combustion and avasthas read the chart core; the heliacal search samples the graha and the Sun
  // (~100–300 full evaluations for one graha, two synodic searches at most).
  "Chart.planetStates": { items: 7, work: 100 },
  "PlanetState.heliacal": { work: 15_000 },
};
