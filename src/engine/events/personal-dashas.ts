/**
 * The maha and antar changes of the dasha systems besides Vimshottari as personal events
 * (docs/events.md, "Other dasha systems"): each system's periods come from systemDasha
 * (dasha/dasha-systems.ts), the function POST /dasha with `system` and Query.systemDasha answer
 * from, with the route's default year (Julian) and a chart built from the same calls as the chart
 * routes' (grahaPositions, ascendantAndMc), so an event's instant is the `start` the route reports
 * for that period, rounded to the second as the route prints it.
 */
import { ascendantAndMc } from "../astro/houses.js";
import { grahaPositions } from "../astro/positions.js";
import type { ChartGraha, ChartInput } from "../chart/chart-input.js";
import { systemDasha, type DashaSystemKey, type SystemDashaResult } from "../dasha/dasha-systems.js";
import type { DashaSpan } from "../dasha/dasha-span.js";
import { DASHA_YEAR_DAYS, DEFAULT_DASHA_YEAR } from "../dasha/vimshottari.js";
import { RASHIS } from "../tables/rashis.js";
import { instantFromUnixMs } from "../time/instant.js";
import { DEFAULT_CONVENTIONS, GRAHAS, type AyanamshaName, type Graha, type Place } from "../types.js";
import type { PersonalEventType } from "./personal-event-types.js";

/** The natal chart of a birth (the chart routes' ChartInput: sidereal lagna and the nine grahas). */
export function natalChartInput(birthMs: number, place: Place, ayanamsha: AyanamshaName): ChartInput {
  const conv = { ...DEFAULT_CONVENTIONS, ayanamsha };
  const instant = instantFromUnixMs(birthMs);
  const positions = grahaPositions(instant, conv, GRAHAS);
  const grahas = {} as Record<Graha, ChartGraha>;
  for (const g of GRAHAS) {
    const p = positions[g]!;
    grahas[g] = { lonSidDeg: p.lonSidDeg, latDeg: p.latDeg, speedDegPerDay: p.speedDegPerDay };
  }
  return { lagnaSidDeg: ascendantAndMc(instant, place, conv).ascendantSidDeg, grahas };
}

/** A system's dasha for a birth, as the route computes it (default year convention). */
export function birthSystemDasha(system: DashaSystemKey, chart: ChartInput, birthJdUt: number): SystemDashaResult {
  return systemDasha(system, chart, birthJdUt, DASHA_YEAR_DAYS[DEFAULT_DASHA_YEAR]);
}

/** The lord as the route names it: a graha key, or a rashi's name. */
const lordOf = (p: DashaSpan): string => p.graha ?? RASHIS[(p.rashi ?? 1) - 1]!.name;

/**
 * The maha periods overlapping [fromJd, toJd): the listed ones, and past them (systems whose
 * sequence repeats) the repeats, shifted by whole cycles exactly as runningSpans does for the
 * route's `current`. Each with the lord of the period before it.
 */
function mahasIn(d: SystemDashaResult, fromJd: number, toJd: number): { span: DashaSpan; previous: string | null }[] {
  const listed = d.mahaDashas;
  const first = listed[0];
  const last = listed[listed.length - 1];
  if (!first || !last) return [];
  const out: { span: DashaSpan; previous: string | null }[] = [];
  listed.forEach((m, i) => {
    if (m.endJdUt > fromJd && m.startJdUt < toJd) out.push({ span: m, previous: i > 0 ? lordOf(listed[i - 1]!) : null });
  });
  if (d.cycleDays !== null && toJd > last.endJdUt) {
    const cycle = listed.slice(0, d.cycleLength);
    const k0 = Math.max(1, Math.floor((Math.max(fromJd, last.endJdUt) - first.startJdUt) / d.cycleDays));
    const k1 = Math.floor((toJd - first.startJdUt) / d.cycleDays);
    for (let k = k0; k <= k1; k++) {
      const shift = k * d.cycleDays;
      cycle.forEach((m0, i) => {
        const m = { ...m0, startJdUt: m0.startJdUt + shift, endJdUt: m0.endJdUt + shift };
        // The repeats begin where the listed periods end (the route reads the listed ones before that).
        if (m.startJdUt < last.endJdUt || m.endJdUt <= fromJd || m.startJdUt >= toJd) return;
        out.push({ span: m, previous: lordOf(cycle[(i + cycle.length - 1) % cycle.length]!) });
      });
    }
  }
  return out;
}

/**
 * Pushes the maha and antar changes of `system` whose start lies in [fromJd, toJd) (and after
 * birth): `<system>_dasha_maha_change` with the maha lord and the one before it, and
 * `<system>_dasha_antar_change` for each antar period (a maha's first antar too).
 */
export function systemDashaChanges(
  d: SystemDashaResult, fromJd: number, toJd: number, wanted: { maha: boolean; antar: boolean },
  push: (t: PersonalEventType, jd: number, data: Record<string, unknown>) => void, iso: (jd: number) => string,
): void {
  const system = d.system as DashaSystemKey;
  for (const { span: m, previous } of mahasIn(d, fromJd, toJd)) {
    const base = { system, kind: d.kind };
    if (wanted.maha && m.startJdUt >= fromJd && m.startJdUt > d.birthJdUt) {
      push(`${system}_dasha_maha_change`, m.startJdUt, {
        ...base, maha_dasha: lordOf(m), previous_maha_dasha: previous, start: iso(m.startJdUt), end: iso(m.endJdUt),
      });
    }
    if (!wanted.antar || d.maxLevel < 2) continue;
    const subs = d.subdivide(m);
    subs.forEach((a, j) => {
      if (a.startJdUt < fromJd || a.startJdUt >= toJd || a.startJdUt <= d.birthJdUt) return;
      push(`${system}_dasha_antar_change`, a.startJdUt, {
        ...base, maha_dasha: lordOf(m), antar_dasha: lordOf(a), previous_antar_dasha: j > 0 ? lordOf(subs[j - 1]!) : null,
        start: iso(a.startJdUt), end: iso(a.endJdUt),
      });
    });
  }
}
