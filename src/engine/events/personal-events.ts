import { grahaPosition, siderealLongitudeDeg } from "../astro/positions.js";
import { houseFrom } from "../chart/chart-input.js";
import { subPeriods, vimshottari, VIMSHOTTARI_TOTAL_YEARS, type DashaPeriod } from "../dasha/vimshottari.js";
import { crossings } from "../scans/crossings.js";
import { ingresses, type Ingress } from "../scans/ingresses.js";
import { longitudeFn, scanOptionsFor } from "../scans/graha-motion.js";
import { NAKSHATRAS, NAKSHATRA_SPAN_DEG, nakshatraOf } from "../tables/nakshatras.js";
import { RASHIS, rashiOf } from "../tables/rashis.js";
import { TITHIS, tithiOf } from "../tables/tithis.js";
import { instantFromUnixMs } from "../time/instant.js";
import { jdFromUnixMs, unixMsFromJd } from "../time/julian.js";
import type { AyanamshaName, Conventions, Place } from "../types.js";
import { DEFAULT_CONVENTIONS } from "../types.js";
import type { DashaSystemKey, SystemDashaResult } from "../dasha/dasha-systems.js";
import { systemDashaOfType, type PersonalEvent, type PersonalEventType } from "./personal-event-types.js";
import { birthSystemDasha, natalChartInput, systemDashaChanges } from "./personal-dashas.js";
// Saturn's passages from the natal Moon: the timeline module's (the lifetime Saturn timeline reports the same).
import { saturnPassages, type SaturnPassage } from "../timeline/saturn-passages.js";
import { tithisStartingIn } from "./tithi-events.js";

/**
 * Personal events of a birth (docs/events.md, "Personal events"), each from the same engine code
 * as the calculation route that reports the period:
 * - dasha_maha_change / dasha_antar_change: Vimshottari (dasha/vimshottari.ts, as POST /dasha,
 *   Julian years), from the natal Moon of positions.ts (as every chart route);
 * - jupiter_house_change / saturn_house_change: the sidereal ingresses of scans/ingresses.ts over
 *   the same 32-day blocks as the world detector (detect.ts), so they fall on the instants of its
 *   jupiter/saturn_sign_change;
 * - the Saturn passages (Sade Sati phases, Kantaka and Ashtama Shani): timeline/saturn-passages.ts,
 *   the lifetime Saturn timeline's own function;
 * - chandrashtama_start/_end: the Moon entering and leaving the 8th sign from the natal Moon sign
 *   (the crossings personal/daily-strength.ts chandrashtamaPeriods finds, POST /chandrashtama);
 * - janma_nakshatra: the Moon entering the natal nakshatra (the instant POST /daily-strength
 *   reports as tara_bala.changes_at the moment before);
 * - vedic_birthday: the start of the natal tithi in the solar month of birth (rule below).
 *
 * Scaling: what does not depend on the birth (the Moon's sign and nakshatra crossings, the
 * ingresses, the tithis) is computed once per window (WorldScan) and shared by every birth; a
 * birth then costs its natal positions and a few comparisons. Instants are rounded to whole
 * seconds, as the routes print them (time/iso.ts formatIso), so an event's instant equals the
 * boundary the route reports.
 */

const DAY_MS = 86_400_000;
const BLOCK_DAYS = 32;

/** UT epoch ms of a JD, rounded to the whole second exactly as formatIso rounds it. */
export const secondOf = (jdUt: number): number => Math.round(unixMsFromJd(jdUt) / 1000) * 1000;
const iso = (ms: number): string => new Date(ms).toISOString();
const sign = (n: number) => ({ number: n, name: RASHIS[n - 1]!.name, sanskrit: RASHIS[n - 1]!.sanskrit });

/** What a birth contributes: its instant and natal positions (ayanamsha as chosen). */
export interface Natal {
  readonly birthMs: number;
  readonly birthJdUt: number;
  readonly ayanamsha: AyanamshaName;
  readonly moonLonSidDeg: number;
  readonly sunLonSidDeg: number;
  readonly moonSign: number;
  readonly nakshatra: number;
  readonly tithi: number;
  readonly sunSign: number;
  /** The birth place: the other dasha systems need the chart (Chara and Narayana its lagna). */
  readonly place?: Place;
  /** The other dasha systems' periods, computed on first need (personal-dashas.ts). */
  readonly systemDashas?: Map<DashaSystemKey, SystemDashaResult>;
}

export function natalOf(birthMs: number, ayanamsha: AyanamshaName = "lahiri", place?: Place): Natal {
  const conv: Conventions = { ...DEFAULT_CONVENTIONS, ayanamsha };
  const instant = instantFromUnixMs(birthMs);
  // grahaPosition: the same call the chart routes make (EngineContext.positions), so the dasha balance agrees.
  const moon = grahaPosition("moon", instant, conv).lonSidDeg;
  const sun = grahaPosition("sun", instant, conv).lonSidDeg;
  return {
    birthMs, birthJdUt: instant.jdUt, ayanamsha, moonLonSidDeg: moon, sunLonSidDeg: sun,
    moonSign: rashiOf(moon), nakshatra: nakshatraOf(moon), tithi: tithiOf(moon - sun), sunSign: rashiOf(sun),
    ...(place ? { place, systemDashas: new Map() } : {}),
  };
}

/** The birth's dasha in `system`, computed once per natal (the chart is built only when a system is asked for). */
function systemDashaOf(n: Natal, system: DashaSystemKey): SystemDashaResult {
  if (!n.place || !n.systemDashas) throw new RangeError("the other dasha systems need the birth place (natalOf with a place)");
  let d = n.systemDashas.get(system);
  if (!d) {
    d = birthSystemDasha(system, natalChartInput(n.birthMs, n.place, n.ayanamsha), n.birthJdUt);
    n.systemDashas.set(system, d);
  }
  return d;
}

/** The birth-independent scans of a window [fromMs, toMs), for one ayanamsha. */
export interface WorldScan {
  readonly fromMs: number;
  readonly toMs: number;
  readonly ayanamsha: AyanamshaName;
  /** The Moon's sign entries (toSign) in the window padded by 3 days each side. */
  readonly moonSigns: readonly { jd: number; toSign: number }[];
  /** The Moon's nakshatra entries (toNakshatra) in the window padded by 2 days each side. */
  readonly moonNakshatras: readonly { jd: number; toNakshatra: number }[];
  readonly jupiter: readonly Ingress[];
  /** Saturn's ingresses over the window. */
  readonly saturn: readonly Ingress[];
  /** Tithi starts over the window ± 35 days, with the Sun's sign at each. */
  readonly tithis: readonly { jd: number; number: number; endJd: number; sunSign: number }[];
  /** The window the scan was made for (fromMs may be narrowed per subscription; the caches below cover this one). */
  readonly scanFromMs: number;
  /** Saturn's passages over the scanned window by natal Moon sign: twelve at most, shared by every birth. */
  readonly passages: Map<number, SaturnPassage[]>;
}

/** Ingresses over aligned 32-day blocks (as detect.ts), filtered to [fromJd, toJd). */
function blockIngresses(graha: "jupiter" | "saturn", fromJd: number, toJd: number, conv: Conventions): Ingress[] {
  const out: Ingress[] = [];
  for (let b = Math.floor((fromJd - 0.5) / BLOCK_DAYS); b <= Math.floor((toJd - 0.5) / BLOCK_DAYS); b++) {
    const a = b * BLOCK_DAYS + 0.5;
    for (const i of ingresses(graha, a, a + BLOCK_DAYS, conv)) if (i.jdUt >= fromJd && i.jdUt < toJd) out.push(i);
  }
  return out;
}

const NAK_BOUNDS = Array.from({ length: 27 }, (_, i) => i * NAKSHATRA_SPAN_DEG);
const SIGN_BOUNDS = Array.from({ length: 12 }, (_, i) => i * 30);

export function worldScan(fromMs: number, toMs: number, ayanamsha: AyanamshaName = "lahiri"): WorldScan {
  const conv: Conventions = { ...DEFAULT_CONVENTIONS, ayanamsha };
  const fromJd = jdFromUnixMs(fromMs);
  const toJd = jdFromUnixMs(toMs);
  const moon = longitudeFn("moon", conv);
  const moonOpts = scanOptionsFor("moon", conv);
  const moonSigns = crossings(moon, SIGN_BOUNDS, fromJd - 3, toJd + 3, moonOpts)
    .filter((c) => c.direction > 0).map((c) => ({ jd: c.jd, toSign: c.boundaryIndex + 1 }));
  const moonNakshatras = crossings(moon, NAK_BOUNDS, fromJd - 2, toJd + 2, moonOpts)
    .filter((c) => c.direction > 0).map((c) => ({ jd: c.jd, toNakshatra: c.boundaryIndex + 1 }));
  const tithis = tithisStartingIn(fromJd - 35, toJd + 35, conv).map((t) => ({
    jd: t.startJd, number: t.number, endJd: t.endJd, sunSign: rashiOf(siderealLongitudeDeg("sun", t.startJd, conv)),
  }));
  return {
    fromMs, toMs, ayanamsha, moonSigns, moonNakshatras, tithis, scanFromMs: fromMs, passages: new Map(),
    jupiter: blockIngresses("jupiter", fromJd, toJd, conv),
    saturn: blockIngresses("saturn", fromJd, toJd, conv),
  };
}

/** The maha and antar periods of Vimshottari starting in [fromJd, toJd) (the 120-year cycle repeats, as currentPeriods). */
function dashaChanges(n: Natal, fromJd: number, toJd: number, push: (t: PersonalEventType, jd: number, d: Record<string, unknown>) => void): void {
  const d = vimshottari(n.moonLonSidDeg, n.birthJdUt, { depth: 1 });
  const cycle = VIMSHOTTARI_TOTAL_YEARS * d.yearDays;
  const first = d.mahaDashas[0]!.startJdUt;
  const k0 = Math.max(0, Math.floor((fromJd - first) / cycle) - 1);
  for (let k = k0; k <= k0 + 2; k++) {
    const shift = k * cycle;
    d.mahaDashas.forEach((m0, i) => {
      const m: DashaPeriod = shift === 0 ? m0 : { ...m0, startJdUt: m0.startJdUt + shift, endJdUt: m0.endJdUt + shift, sub: [] };
      if (m.endJdUt <= fromJd || m.startJdUt >= toJd) return;
      const prevMaha = d.mahaDashas[(i + 8) % 9]!.lord;
      if (m.startJdUt >= fromJd && m.startJdUt > n.birthJdUt) {
        push("dasha_maha_change", m.startJdUt, {
          system: "vimshottari", maha_dasha: m.lord, previous_maha_dasha: prevMaha, start: iso(secondOf(m.startJdUt)), end: iso(secondOf(m.endJdUt)),
        });
      }
      const subs = subPeriods(m, d.yearDays);
      subs.forEach((a, j) => {
        if (a.startJdUt < fromJd || a.startJdUt >= toJd || a.startJdUt <= n.birthJdUt) return;
        push("dasha_antar_change", a.startJdUt, {
          system: "vimshottari", maha_dasha: m.lord, antar_dasha: a.lord, previous_antar_dasha: j > 0 ? subs[j - 1]!.lord : null,
          start: iso(secondOf(a.startJdUt)), end: iso(secondOf(a.endJdUt)),
        });
      });
    });
  }
}

/**
 * The yearly Vedic birthday (janma tithi in the solar month of birth): the start of the natal
 * tithi while the Sun is in its natal sidereal sign. Of two such starts in one solar month the
 * second counts; when the solar month holds none (it can be shorter than a lunation), the first
 * in the next solar month counts. This is the rule the dharma-shastra digests give for the birth
 * star in the solar month of birth, applied to the tithi (docs/events.md names the sources).
 */
function birthdayStarts(n: Natal, w: WorldScan): { jd: number; endJd: number; rule: string }[] {
  const occ = w.tithis.filter((t) => t.number === n.tithi);
  const out: { jd: number; endJd: number; rule: string }[] = [];
  const next = (s: number) => (s % 12) + 1;
  const prev = (s: number) => ((s + 10) % 12) + 1;
  occ.forEach((t, i) => {
    const before = occ[i - 1];
    const after = occ[i + 1];
    if (t.sunSign === n.sunSign) {
      // Two in the month: only the second.
      if (after && after.sunSign === n.sunSign) return;
      out.push({ jd: t.jd, endJd: t.endJd, rule: before && before.sunSign === n.sunSign ? "second_in_solar_month" : "in_solar_month" });
    } else if (t.sunSign === next(n.sunSign) && before && before.sunSign === prev(n.sunSign)) {
      out.push({ jd: t.jd, endJd: t.endJd, rule: "next_solar_month" });
    }
  });
  return out;
}

/** Every personal event of a natal chart whose instant lies in [w.fromMs, w.toMs), by instant then type. */
export function personalEvents(n: Natal, w: WorldScan, wanted?: ReadonlySet<PersonalEventType>): PersonalEvent[] {
  const out: PersonalEvent[] = [];
  const push = (type: PersonalEventType, jd: number, data: Record<string, unknown>) => {
    if (wanted && !wanted.has(type)) return;
    const instant = secondOf(jd);
    if (instant >= w.fromMs && instant < w.toMs && instant > n.birthMs) out.push({ type, instant, data });
  };
  const fromJd = jdFromUnixMs(w.fromMs - 1000);
  const toJd = jdFromUnixMs(w.toMs + 1000);
  const want = (...t: PersonalEventType[]) => !wanted || t.some((x) => wanted.has(x));

  if (want("dasha_maha_change", "dasha_antar_change")) dashaChanges(n, fromJd, toJd, push);
  // The other systems only when asked for by name (never in the default set, `wanted` absent).
  if (wanted) {
    const levels = new Map<DashaSystemKey, { maha: boolean; antar: boolean }>();
    for (const t of wanted) {
      const s = systemDashaOfType(t);
      if (!s) continue;
      const l = levels.get(s.system) ?? { maha: false, antar: false };
      l[s.level] = true;
      levels.set(s.system, l);
    }
    for (const [system, l] of levels) systemDashaChanges(systemDashaOf(n, system), fromJd, toJd, l, push, (jd) => iso(secondOf(jd)));
  }

  for (const i of w.jupiter) {
    push("jupiter_house_change", i.jdUt, {
      house_from_moon: houseFrom(n.moonSign, i.toSign), previous_house_from_moon: houseFrom(n.moonSign, i.fromSign),
      sign: sign(i.toSign), from_sign: sign(i.fromSign), natal_moon_sign: sign(n.moonSign), retrograde: i.speedDegPerDay < 0,
    });
  }
  for (const i of w.saturn) {
    if (i.jdUt < fromJd) continue;
    push("saturn_house_change", i.jdUt, {
      house_from_moon: houseFrom(n.moonSign, i.toSign), previous_house_from_moon: houseFrom(n.moonSign, i.fromSign),
      sign: sign(i.toSign), from_sign: sign(i.fromSign), natal_moon_sign: sign(n.moonSign), retrograde: i.speedDegPerDay < 0,
    });
  }
  if (want("sade_sati_phase_start", "sade_sati_phase_end", "kantaka_shani_start", "kantaka_shani_end", "ashtama_shani_start", "ashtama_shani_end")) {
    let passages = w.passages.get(n.moonSign);
    if (!passages) {
      const conv = { ...DEFAULT_CONVENTIONS, ayanamsha: w.ayanamsha };
      passages = saturnPassages(n.moonSign, jdFromUnixMs(w.scanFromMs - 1000), jdFromUnixMs(w.toMs + 1000), conv);
      w.passages.set(n.moonSign, passages);
    }
    for (const p of passages) {
      const base = p.kind === "sade_sati" ? "sade_sati_phase" : `${p.kind}_shani`;
      const data = {
        kind: p.kind === "sade_sati" ? "sade_sati" : `${p.kind}_shani`, ...(p.phase ? { phase: p.phase } : {}), sign: sign(p.sign), house_from_moon: p.house,
        natal_moon_sign: sign(n.moonSign), start: p.start === null ? null : iso(secondOf(p.start)), end: p.end === null ? null : iso(secondOf(p.end)),
      };
      if (p.start !== null) push(`${base}_start` as PersonalEventType, p.start, data);
      if (p.end !== null) push(`${base}_end` as PersonalEventType, p.end, data);
    }
  }

  const eighth = ((n.moonSign + 6) % 12) + 1;
  const ms = w.moonSigns;
  for (let k = 0; k < ms.length; k++) {
    const c = ms[k]!;
    if (c.toSign !== eighth) continue;
    const leave = ms[k + 1];
    const data = { sign: sign(eighth), natal_moon_sign: sign(n.moonSign), start: iso(secondOf(c.jd)), end: leave ? iso(secondOf(leave.jd)) : null };
    push("chandrashtama_start", c.jd, data);
    if (leave) push("chandrashtama_end", leave.jd, data);
  }

  const mn = w.moonNakshatras;
  for (let k = 0; k < mn.length; k++) {
    const c = mn[k]!;
    if (c.toNakshatra !== n.nakshatra) continue;
    const leave = mn[k + 1];
    push("janma_nakshatra", c.jd, {
      nakshatra: { number: n.nakshatra, name: NAKSHATRAS[n.nakshatra - 1]!.name }, start: iso(secondOf(c.jd)),
      end: leave ? iso(secondOf(leave.jd)) : null,
    });
  }

  if (want("vedic_birthday")) {
    const t = TITHIS[n.tithi - 1]!;
    for (const b of birthdayStarts(n, w)) {
      push("vedic_birthday", b.jd, {
        tithi: { number: t.number, name: t.name, paksha: t.paksha }, solar_month_sign: sign(n.sunSign), rule: b.rule,
        start: iso(secondOf(b.jd)), end: iso(secondOf(b.endJd)),
        age: Math.round((b.jd - n.birthJdUt) / 365.2422),
      });
    }
  }
  return out.sort((x, y) => x.instant - y.instant || x.type.localeCompare(y.type));
}

/** Longest window one computation may cover. */
export const MAX_PERSONAL_WINDOW_DAYS = 400;

/** Convenience for one birth: natal positions, the window's scan, its events. */
export function personalEventsOfBirth(birthMs: number, fromMs: number, toMs: number, ayanamsha: AyanamshaName = "lahiri"): PersonalEvent[] {
  if (!(toMs > fromMs) || toMs - fromMs > MAX_PERSONAL_WINDOW_DAYS * DAY_MS) throw new RangeError("window must be 0 < to − from ≤ 400 days");
  return personalEvents(natalOf(birthMs, ayanamsha), worldScan(fromMs, toMs, ayanamsha));
}
