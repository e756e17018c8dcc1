import { describe, expect, it } from "vitest";
import { natalOf, personalEvents, worldScan } from "../../src/engine/events/personal-events.js";
import { chandrashtamaPeriods } from "../../src/engine/personal/daily-strength.js";
import { vimshottari, subPeriods } from "../../src/engine/dasha/vimshottari.js";
import { DEFAULT_CONVENTIONS } from "../../src/engine/types.js";
import { jdFromUnixMs, unixMsFromJd } from "../../src/engine/time/julian.js";

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
  });
});
