import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { subLordChanges } from "../../src/engine/kp/sublord-changes.js";
import { kpLordsOf } from "../../src/engine/kp/sub-lords.js";
import { aspectHits, MONTHLY_ASPECT_GRAHAS } from "../../src/engine/scans/aspect-hits.js";
import { ingresses, stations } from "../../src/engine/scans/ingresses.js";
import { lunarAspects } from "../../src/engine/scans/lunar-aspects.js";
import { deltaTSeconds } from "../../src/engine/time/delta-t.js";
import { type Graha, GRAHAS, withDefaults } from "../../src/engine/types.js";

/**
 * Event scans against the Swiss Ephemeris reference (test/fixtures/swisseph-scans.json, see
 * test/fixtures/README.md): every reference event is found, none extra, and each time is within
 * what 1″ of longitude means at the event's rate (stations: 0.5″/day of speed over |accel|).
 * Times are compared in TT, so the two ΔT models do not count against the engine.
 */
const ref = JSON.parse(readFileSync(new URL("../fixtures/swisseph-scans.json", import.meta.url), "utf8"));
const LAHIRI = withDefaults();
const KP = withDefaults({ ayanamsha: "krishnamurti" });
const name = (g: Graha): string => g[0]!.toUpperCase() + g.slice(1);
const ARCSEC = 1 / 3600;

/** Engine UT → the reference's UT scale (same TT). */
const toRefUt = (jdUt: number, refDeltaTs: number): number => jdUt + (deltaTSeconds(jdUt) - refDeltaTs) / 86400;

interface Matched { id: string; dtSec: number; tolSec: number }

/** Pairs reference and engine events of the same key in time order; asserts the same count per key. */
function match<R, E>(
  id: string,
  refs: R[],
  engine: E[],
  keyR: (r: R) => string,
  keyE: (e: E) => string,
  jdR: (r: R) => number,
  jdE: (e: E) => number,
  tolDays: (r: R) => number,
  out: Matched[],
): void {
  const groups = new Map<string, { r: R[]; e: E[] }>();
  for (const r of refs) (groups.get(keyR(r)) ?? groups.set(keyR(r), { r: [], e: [] }).get(keyR(r))!).r.push(r);
  for (const e of engine) (groups.get(keyE(e)) ?? groups.set(keyE(e), { r: [], e: [] }).get(keyE(e))!).e.push(e);
  for (const [key, g] of groups) {
    expect(g.e.length, `${id} ${key}: engine ${g.e.map(jdE).join(",")} vs reference ${g.r.map(jdR).join(",")}`).toBe(g.r.length);
    g.r.sort((a, b) => jdR(a) - jdR(b));
    g.e.sort((a, b) => jdE(a) - jdE(b));
    g.r.forEach((r, i) => {
      const dtSec = (jdE(g.e[i]!) - jdR(r)) * 86400;
      const tolSec = tolDays(r) * 86400;
      out.push({ id: `${id} ${key}`, dtSec, tolSec });
      expect(Math.abs(dtSec), `${id} ${key} #${i}: Δt ${dtSec.toFixed(2)} s, tolerance ${tolSec.toFixed(2)} s`).toBeLessThanOrEqual(tolSec);
    });
  }
}

function worst(label: string, m: Matched[]): void {
  const w = m.reduce((a, b) => (Math.abs(b.dtSec) / b.tolSec > Math.abs(a.dtSec) / a.tolSec ? b : a), m[0]!);
  console.log(`${label}: ${m.length} events; worst ${w.id} Δt ${w.dtSec.toFixed(2)} s of ${w.tolSec.toFixed(2)} s allowed`);
}

describe("monthly scans vs Swiss Ephemeris (24 months, Lahiri, mean node)", () => {
  it("ingresses of the nine grahas: all present, none extra, |Δt| ≤ 1″/speed", () => {
    const m: Matched[] = [];
    for (const w of ref.monthly) {
      const ev = GRAHAS.flatMap((g) => ingresses(g, w.start_jd_ut, w.end_jd_ut, LAHIRI))
        .filter((e) => e.jdUt >= w.start_jd_ut && e.jdUt < w.end_jd_ut);
      match(w.id, w.ingresses, ev,
        (r: any) => `${r.graha} ${r.from_sign}->${r.to_sign}`, (e) => `${name(e.graha)} ${e.fromSign}->${e.toSign}`,
        (r: any) => r.jd_ut, (e) => toRefUt(e.jdUt, w.delta_t_s), (r: any) => ARCSEC / Math.abs(r.speed), m);
    }
    worst("ingresses", m);
    expect(m.length).toBeGreaterThan(24 * 14);
  });

  it("stations of Mercury … Saturn in sidereal longitude: |Δt| ≤ (0.5″/day)/|accel|", () => {
    const m: Matched[] = [];
    for (const w of ref.monthly) {
      const ev = (["mercury", "venus", "mars", "jupiter", "saturn"] as const).flatMap((g) => stations(g, w.start_jd_ut, w.end_jd_ut, LAHIRI));
      match(w.id, w.stations, ev,
        (r: any) => `${r.graha} ${r.kind}`, (e) => `${name(e.graha)} ${e.kind}`,
        (r: any) => r.jd_ut, (e) => toRefUt(e.jdUt, w.delta_t_s), (r: any) => (0.5 * ARCSEC) / Math.abs(r.accel), m);
    }
    worst("stations", m);
    expect(m.length).toBeGreaterThan(5);
  });

  it("exact aspects of all pairs (third hits around stations included): |Δt| ≤ 1″/|relative speed|", () => {
    const m: Matched[] = [];
    for (const w of ref.monthly) {
      const ev = aspectHits(MONTHLY_ASPECT_GRAHAS, w.start_jd_ut, w.end_jd_ut, LAHIRI);
      match(w.id, w.aspects, ev,
        (r: any) => `${r.a}-${r.b} ${r.angle}`, (e) => `${name(e.a)}-${name(e.b)} ${e.angle}`,
        (r: any) => r.jd_ut, (e) => toRefUt(e.jdUt, w.delta_t_s), (r: any) => ARCSEC / Math.abs(r.speed), m);
    }
    worst("aspects", m);
    expect(m.length).toBeGreaterThan(100);
  });
});

describe("KP sub-lord changes vs Swiss Ephemeris", () => {
  for (const [label, conv] of [["lahiri", LAHIRI], ["krishnamurti", KP]] as const) {
    it(`${label}: every change, its boundary and lords; |Δt| ≤ 1″/speed`, () => {
      const m: Matched[] = [];
      for (const w of ref.kp_sublord[label]) {
        const g = String(w.graha).toLowerCase() as Graha;
        const end = w.start_jd_ut + w.days;
        const ev = subLordChanges(g, w.start_jd_ut, end, conv);
        const at = kpLordsOf(w.at_start.longitude);
        expect([name(at.starLord), name(at.subLord)]).toEqual([w.at_start.star_lord, w.at_start.sub_lord]);
        match(w.id, w.changes, ev,
          (r: any) => `${r.longitude.toFixed(6)} ${r.from_star_lord}/${r.from_sub_lord}->${r.to_star_lord}/${r.to_sub_lord}`,
          (e) => `${e.lonSidDeg.toFixed(6)} ${name(e.fromStarLord)}/${name(e.fromSubLord)}->${name(e.toStarLord)}/${name(e.toSubLord)}`,
          (r: any) => r.jd_ut, (e) => toRefUt(e.jdUt, w.delta_t_s), (r: any) => ARCSEC / Math.abs(r.speed), m);
      }
      worst(`sub-lord changes (${label})`, m);
      expect(m.length).toBeGreaterThan(100);
    });
  }
});

describe("lunar aspects vs Swiss Ephemeris (10 windows of 7 days)", () => {
  it("every aspect of the Moon to the eight others, the Moon's sign; |Δt| ≤ 1″/speed", () => {
    const m: Matched[] = [];
    for (const w of ref.lunar_aspects) {
      const ev = lunarAspects(w.start_jd_ut, w.start_jd_ut + w.days, LAHIRI);
      match(w.id, w.events, ev,
        (r: any) => `${r.planet} ${r.angle} in ${r.moon_sign}`, (e) => `${name(e.b)} ${e.angle} in ${e.moonSign}`,
        (r: any) => r.jd_ut, (e) => toRefUt(e.jdUt, w.delta_t_s), (r: any) => ARCSEC / Math.abs(r.speed), m);
    }
    worst("lunar aspects", m);
    expect(m.length).toBeGreaterThan(100);
  });
});

describe("KP lords of the reference instants", () => {
  it("star, sub and sub-sub lords of every graha and cusp where the margin exceeds 1″", () => {
    let compared = 0;
    for (const c of ref.kp_instants) {
      for (const label of ["lahiri", "krishnamurti"] as const) {
        const block = c[label];
        const items = [...Object.values(block.grahas), ...block.cusp_lords.map((l: any, i: number) => ({ ...l, lon: block.houses_placidus[i] }))];
        for (const r of items as any[]) {
          const k = kpLordsOf(r.lon);
          expect(k.nakshatra).toBe(r.nakshatra);
          expect(name(k.starLord)).toBe(r.star_lord);
          if (r.sub_margin_arcsec > 1) expect(name(k.subLord)).toBe(r.sub_lord);
          if (r.sub_sub_margin_arcsec > 1) expect(name(k.subSubLord)).toBe(r.sub_sub_lord);
          compared++;
        }
      }
    }
    expect(compared).toBe(20 * 2 * 21);
  });
});
