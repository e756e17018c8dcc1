import { EngineInputError } from "../errors.js";
import { ingresses, stations } from "../scans/ingresses.js";
import { RASHIS } from "../tables/rashis.js";
import { jdFromUnixMs, unixMsFromJd } from "../time/julian.js";
import { DEFAULT_CONVENTIONS, type Graha } from "../types.js";
import { lunarEclipseAt, solarEclipseAt, type LunarEclipse, type SolarEclipse } from "./eclipses.js";
import type { DetectedEvent, EventType } from "./event-types.js";
import { tithiEventData, tithisStartingIn } from "./tithi-events.js";

/**
 * The built-in event detector (docs/architecture.md §8): every event of the specification's ten
 * types whose instant lies in [fromMs, toMs), sorted by instant, then type. Everything is found
 * by code the rest of the engine already uses, under the default conventions (Lahiri, sidereal):
 * - ekadashi (tithis 11 and 26), purnima (15), amavasya (30): the start of the tithi, from the
 *   panchanga's junction finder (tithi-events.ts);
 * - sankranti, saturn_sign_change, jupiter_sign_change: sidereal rashi ingresses, retrograde
 *   re-entries included, and mercury_retrograde_start/_end: stations — scans/ingresses.ts, the
 *   same scans as /transits/monthly;
 * - eclipse_solar, eclipse_lunar at each new and full moon of that junction finder (eclipses.ts).
 *
 * Deterministic: the same event has the same instant (integer UT ms) whichever window finds it,
 * so a store keyed on (type, instant) records it once. Tithi junctions and eclipses are
 * window-independent by construction; the graha scans, whose bracketing grid starts at the scan
 * start, run over fixed blocks aligned to 0h UT of a JD grid and are then filtered to the window.
 */

/** The longest window one call may scan (the scheduler looks weeks ahead). */
export const MAX_DETECT_DAYS = 400;
/** The engine's ephemeris range (1900–2100), epoch ms; the window must lie inside it with a lunation to spare. */
const MIN_MS = Date.UTC(1900, 1, 1);
const MAX_MS = Date.UTC(2100, 11, 1);
/** Scan blocks for ingresses and stations, days (aligned: block k covers [k·B + 0.5, (k+1)·B + 0.5) JD). */
const SCAN_BLOCK_DAYS = 32;
const DAY_MS = 86_400_000;

const iso = (jdUt: number) => new Date(Math.round(unixMsFromJd(jdUt))).toISOString();
const msOf = (jdUt: number) => Math.round(unixMsFromJd(jdUt));

const TITHI_EVENTS: ReadonlyMap<number, EventType> = new Map([
  [11, "ekadashi"], [26, "ekadashi"], [15, "purnima"], [30, "amavasya"],
]);

function sign(n: number) {
  return { number: n, name: RASHIS[n - 1]!.name, sanskrit: RASHIS[n - 1]!.sanskrit };
}

export function detectEvents(fromMs: number, toMs: number): DetectedEvent[] {
  checkWindow(fromMs, toMs);
  const conv = DEFAULT_CONVENTIONS;
  const fromJd = jdFromUnixMs(fromMs);
  const toJd = jdFromUnixMs(toMs);
  const out: DetectedEvent[] = [];
  const push = (type: EventType, jdUt: number, data: Record<string, unknown>) => {
    const instant = msOf(jdUt);
    if (instant >= fromMs && instant < toMs) out.push({ type, instant, data });
  };

  // Tithis a day either side: an eclipse's greatest phase lies within hours of its syzygy.
  for (const t of tithisStartingIn(fromJd - 1, toJd + 1, conv)) {
    const type = TITHI_EVENTS.get(t.number);
    if (type) push(type, t.startJd, tithiEventData(t, iso));
    if (t.number === 1) {
      const e = solarEclipseAt(t.startJd);
      if (e) push("eclipse_solar", e.peakJdUt, solarData(e));
    } else if (t.number === 16) {
      const e = lunarEclipseAt(t.startJd);
      if (e) push("eclipse_lunar", e.peakJdUt, lunarData(e));
    }
  }

  const firstBlock = Math.floor((fromJd - 0.5) / SCAN_BLOCK_DAYS);
  const lastBlock = Math.floor((toJd - 0.5) / SCAN_BLOCK_DAYS);
  for (let b = firstBlock; b <= lastBlock; b++) {
    const a = b * SCAN_BLOCK_DAYS + 0.5;
    const z = a + SCAN_BLOCK_DAYS;
    for (const [graha, type] of [["sun", "sankranti"], ["saturn", "saturn_sign_change"], ["jupiter", "jupiter_sign_change"]] as [Graha, EventType][]) {
      for (const i of ingresses(graha, a, z, conv)) {
        push(type, i.jdUt, {
          sign: sign(i.toSign), from_sign: sign(i.fromSign),
          ...(graha === "sun" ? {} : { retrograde: i.speedDegPerDay < 0 }),
          speed_deg_per_day: i.speedDegPerDay,
        });
      }
    }
    for (const s of stations("mercury", a, z, conv)) {
      const lon = ((s.lonSidDeg % 360) + 360) % 360;
      push(s.kind === "retrograde_start" ? "mercury_retrograde_start" : "mercury_retrograde_end", s.jdUt, {
        longitude: lon, sign: sign(Math.floor(lon / 30) + 1),
      });
    }
  }
  return out.sort((x, y) => x.instant - y.instant || x.type.localeCompare(y.type));
}

function solarData(e: SolarEclipse): Record<string, unknown> {
  return {
    kind: e.kind, greatest_eclipse: iso(e.peakJdUt), magnitude: e.magnitude, obscuration: e.obscuration, gamma: e.gamma,
    latitude: e.latitudeDeg, longitude: e.longitudeDeg,
  };
}

function lunarData(e: LunarEclipse): Record<string, unknown> {
  const c = e.contacts;
  const at = (jd: number | null) => (jd === null ? null : iso(jd));
  return {
    kind: e.kind, greatest_eclipse: iso(e.peakJdUt), magnitude: e.umbralMagnitude, penumbral_magnitude: e.penumbralMagnitude,
    contacts: {
      penumbral_start: at(c.penumbralStart), partial_start: at(c.partialStart), total_start: at(c.totalStart),
      total_end: at(c.totalEnd), partial_end: at(c.partialEnd), penumbral_end: at(c.penumbralEnd),
    },
  };
}

export function checkWindow(fromMs: number, toMs: number): void {
  if (!Number.isFinite(fromMs) || fromMs < MIN_MS || fromMs > MAX_MS) {
    throw new EngineInputError(`from must be an instant from 1900-02-01 to 2100-12-01, got ${fromMs}`, "from");
  }
  if (!Number.isFinite(toMs) || toMs < fromMs || toMs > MAX_MS) {
    throw new EngineInputError(`to must be an instant not before from and not after 2100-12-01, got ${toMs}`, "to");
  }
  if (toMs - fromMs > MAX_DETECT_DAYS * DAY_MS) {
    throw new EngineInputError(`a detection window spans at most ${MAX_DETECT_DAYS} days`, "to");
  }
}
