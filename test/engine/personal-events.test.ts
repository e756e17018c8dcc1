import { describe, expect, it } from "vitest";
import { natalOf, personalEvents, worldScan } from "../../src/engine/events/personal-events.js";
import { chandrashtamaPeriods } from "../../src/engine/personal/daily-strength.js";
import { vimshottari, subPeriods } from "../../src/engine/dasha/vimshottari.js";
import { DEFAULT_CONVENTIONS } from "../../src/engine/types.js";
import { jdFromUnixMs, unixMsFromJd } from "../../src/engine/time/julian.js";
import { siderealLongitudeDeg } from "../../src/engine/astro/positions.js";
import { specialTransits } from "../../src/engine/transits/special-transits.js";
import { rashiOf } from "../../src/engine/tables/rashis.js";
import { tithiOf } from "../../src/engine/tables/tithis.js";

const BIRTH = Date.parse("1990-05-15T14:30:00+05:30");
const sec = (jd: number) => Math.round(unixMsFromJd(jd) / 1000) * 1000;

describe("personal events (engine)", () => {
  it("a year's events: dasha boundaries are Vimshottari's, chandrashtama the daily-strength module's, one birthday", () => {
    const from = Date.parse("2026-01-01T00:00:00Z");
    const to = Date.parse("2027-01-01T00:00:00Z");
    const n = natalOf(BIRTH);
    const ev = personalEvents(n, worldScan(from, to));
    const antar = ev.filter((e) => e.type === "dasha_antar_change");
    const d = vimshottari(n.moonLonSidDeg, n.birthJdUt, { depth: 1 });
    const expected = d.mahaDashas.flatMap((m) => subPeriods(m, d.yearDays)).map((a) => sec(a.startJdUt)).filter((t) => t >= from && t < to);
    expect(antar.map((e) => e.instant)).toEqual(expected);
    const periods = chandrashtamaPeriods(n.moonLonSidDeg, jdFromUnixMs(from), jdFromUnixMs(to), DEFAULT_CONVENTIONS);
    const starts = ev.filter((e) => e.type === "chandrashtama_start").map((e) => e.instant);
    expect(starts).toEqual(periods.map((p) => sec(p.startJdUt)).filter((t) => t >= from && t < to));
    expect(ev.filter((e) => e.type === "janma_nakshatra").length).toBeGreaterThanOrEqual(13);
    expect(ev.filter((e) => e.type === "vedic_birthday")).toHaveLength(1);
  }, 300_000);

  it("the Vedic birthday is the natal tithi's start with the Sun in the natal sign (or the next month's when none), once a year", () => {
    const conv = DEFAULT_CONVENTIONS;
    const years = [2026, 2027, 2028].map((y) => worldScan(Date.UTC(y, 0, 1), Date.UTC(y + 1, 0, 1)));
    for (const birthIso of ["1990-05-15T09:00:00Z", "1975-01-03T22:10:00Z", "2001-12-24T03:30:00Z"]) {
      const n = natalOf(Date.parse(birthIso));
      let count = 0;
      for (const scan of years) {
        const ev = personalEvents(n, scan, new Set(["vedic_birthday"]));
        // A birthday late in December may fall in January: 0–2 in a calendar year, 3 in three years.
        expect(ev.length, birthIso).toBeLessThanOrEqual(2);
        count += ev.length;
        for (const e of ev) {
          const jd = jdFromUnixMs(e.instant + 60_000);
          expect(tithiOf(siderealLongitudeDeg("moon", jd, conv) - siderealLongitudeDeg("sun", jd, conv))).toBe(n.tithi);
          const sunSign = rashiOf(siderealLongitudeDeg("sun", jdFromUnixMs(e.instant), conv));
          expect(sunSign).toBe(e.data.rule === "next_solar_month" ? (n.sunSign % 12) + 1 : n.sunSign);
        }
      }
      expect(count, birthIso).toBeGreaterThanOrEqual(2);
      expect(count, birthIso).toBeLessThanOrEqual(4);
    }
  }, 600_000);

  it("Sade Sati, Kantaka and Ashtama boundaries are the /transits special transits' spans (to the scan's precision)", () => {
    // Saturn entered sidereal Pisces on 2025-03-29: a phase boundary for natal Moons in Aquarius, Pisces, Aries (Sade Sati),
    // Virgo (7th), Sagittarius (4th), Gemini (10th: Kantaka) and Leo (8th: Ashtama).
    const from = Date.parse("2025-03-01T00:00:00Z");
    const to = Date.parse("2025-05-01T00:00:00Z");
    const at = jdFromUnixMs(Date.parse("2025-06-01T00:00:00Z"));
    const lonAt = (g: Parameters<typeof siderealLongitudeDeg>[0]) => siderealLongitudeDeg(g, at, DEFAULT_CONVENTIONS);
    const cases: [number, string][] = [[11, "sade_sati_phase_start"], [12, "sade_sati_phase_start"], [1, "sade_sati_phase_start"],
      [6, "kantaka_shani_start"], [9, "kantaka_shani_start"], [3, "kantaka_shani_start"], [5, "ashtama_shani_start"]];
    const scan = worldScan(from, to);
    const base = natalOf(Date.parse("1990-05-15T09:00:00Z"));
    for (const [moonSign, type] of cases) {
      const natal = { ...base, moonSign };
      const ev = personalEvents(natal, scan).filter((e) => e.type === type);
      expect(ev, `moon sign ${moonSign}`).toHaveLength(1);
      const s = specialTransits(moonSign, 1, at, lonAt, DEFAULT_CONVENTIONS);
      const span = type.startsWith("sade") ? s.sadeSati!.phaseSpan : type.startsWith("kantaka") ? s.kantakaShani!.span : s.ashtamaShani!.span;
      expect(Math.abs(ev[0]!.instant - unixMsFromJd(span.startJdUt!))).toBeLessThan(60_000);
    }
  }, 600_000);
});
