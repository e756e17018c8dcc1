import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { solarEclipseSeenFrom } from "../../src/engine/events/eclipse-visibility.js";
import { eventsInWindow, windowPriceUnits } from "../../src/engine/events/events-window.js";
import { EngineInputError } from "../../src/engine/errors.js";
import { jdFromUnixMs, unixMsFromJd } from "../../src/engine/time/julian.js";

interface Row { place: string; lat: number; lon: number; kind: string; [contact: string]: unknown }
const ROWS: Row[] = JSON.parse(readFileSync(new URL("../fixtures/espenak-local-solar-eclipses.json", import.meta.url), "utf8")).rows;
const CONTACTS = ["partial_begin", "total_begin", "annular_begin", "maximum", "total_end", "annular_end", "partial_end"];
/** Tolerances: contacts within 15 s of Espenak's, altitudes within 0.7° (his are unrefracted and, for 2017, whole degrees). */
const TIME_TOL_S = 15;
const ALT_TOL_DEG = 0.7;

const ms = (iso: string) => Date.parse(iso);
const solarPeakNear = (iso: string): number => {
  const from = ms(iso) - 86_400_000;
  const e = eventsInWindow(from, from + 2 * 86_400_000, ["eclipse_solar"], null);
  expect(e).toHaveLength(1);
  return jdFromUnixMs(Date.parse(e[0]!.instant));
};

describe("solar eclipses seen from a place, against Espenak's local circumstances (NASA canon)", () => {
  for (const row of ROWS) {
    it(`${row.place}, ${String((row.maximum as [string])[0]).slice(0, 10)}: ${row.kind}, every contact and the Sun's altitude there`, () => {
      const v = solarEclipseSeenFrom(solarPeakNear((row.maximum as [string])[0]), { latDeg: row.lat, lonDeg: row.lon });
      expect(v.localKind).toBe(row.kind);
      expect(v.visible).toBe(true);
      const expected = CONTACTS.filter((c) => row[c]);
      expect(v.contacts.map((c) => c.contact)).toEqual(expected);
      for (const c of v.contacts) {
        const [time, alt] = row[c.contact] as [string, number];
        expect(Math.abs(unixMsFromJd(c.jdUt) - ms(time)) / 1000, `${c.contact} time`).toBeLessThan(TIME_TOL_S);
        expect(Math.abs(c.altitudeDeg - alt), `${c.contact} altitude`).toBeLessThan(ALT_TOL_DEG);
      }
    });
  }

  it("the part seen ends at sunset when the Sun sets during the eclipse (Pacific, 2023-04-20: last contact at −4.4°)", () => {
    const row = ROWS.find((r) => r.place.startsWith("Pacific"))!;
    const v = solarEclipseSeenFrom(solarPeakNear("2023-04-20T05:00:00Z"), { latDeg: row.lat, lonDeg: row.lon });
    const end = v.contacts.at(-1)!;
    expect(v.seenFromJdUt).toBe(v.contacts[0]!.jdUt);
    expect(v.seenUntilJdUt!).toBeLessThan(end.jdUt);
    // The Sun sinks ≈ 0.25°/min: from −4.4° at the last contact, sunset came ≈ 15–25 min before it.
    const minutesBefore = (end.jdUt - v.seenUntilJdUt!) * 1440;
    expect(minutesBefore).toBeGreaterThan(12);
    expect(minutesBefore).toBeLessThan(30);
  });

  it("2024-04-08 is not seen from New Delhi (night there; no contact reaches India)", () => {
    const v = solarEclipseSeenFrom(solarPeakNear("2024-04-08T18:00:00Z"), { latDeg: 28.6139, lonDeg: 77.209 });
    expect(v).toMatchObject({ visible: false, localKind: null, contacts: [], maximum: null, seenFromJdUt: null });
  });
});

describe("lunar eclipses: the Moon's altitude at each contact decides", () => {
  const lunar = (from: string, lat: number, lon: number) => {
    const start = ms(from);
    const e = eventsInWindow(start, start + 3 * 86_400_000, ["eclipse_lunar"], { latitude: lat, longitude: lon });
    expect(e).toHaveLength(1);
    return e[0]!;
  };

  it("2025-09-07 total: seen whole from New Delhi (Moon up from the first to the last contact), not from New York (daytime)", () => {
    const delhi = lunar("2025-09-06T00:00:00Z", 28.6139, 77.209);
    const v = delhi.location!.visibility!;
    expect(v.visible).toBe(true);
    expect(v.contacts.map((c) => c.contact)).toEqual(["penumbral_start", "partial_start", "total_start", "greatest", "total_end", "partial_end", "penumbral_end"]);
    expect(v.contacts.every((c) => c.altitude > 0)).toBe(true);
    expect(v.seen_from).toBe(v.contacts[0]!.time);
    expect(v.seen_until).toBe(v.contacts.at(-1)!.time);
    expect(v.maximum!.time.endsWith("+05:30")).toBe(true);
    const ny = lunar("2025-09-06T00:00:00Z", 40.7128, -74.006).location!.visibility!;
    expect(ny.visible).toBe(false);
    expect(ny.contacts.every((c) => c.altitude < 0)).toBe(true);
    expect(ny.seen_from).toBeNull();
  });

  it("2025-03-14 total: seen from New York, not from New Delhi", () => {
    expect(lunar("2025-03-13T00:00:00Z", 40.7128, -74.006).location!.visibility!.visible).toBe(true);
    expect(lunar("2025-03-13T00:00:00Z", 28.6139, 77.209).location!.visibility!.visible).toBe(false);
  });
});

describe("the events query's window", () => {
  it("is priced one unit per started 31 days: 1 day 1, 31 days 1, 32 days 2, 366 days 12", () => {
    const d = 86_400_000;
    expect([1, 31, 32, 366].map((n) => windowPriceUnits(0, n * d))).toEqual([1, 1, 2, 12]);
  });

  it("refuses more than 366 days, an empty window and an empty type list, naming the field", () => {
    const from = ms("2024-01-01T00:00:00Z");
    const field = (f: () => unknown) => { try { f(); } catch (e) { return e instanceof EngineInputError ? e.field : "other"; } return null; };
    expect(field(() => eventsInWindow(from, from + 367 * 86_400_000, null, null))).toBe("to");
    expect(field(() => eventsInWindow(from, from, null, null))).toBe("to");
    expect(field(() => eventsInWindow(from, from + 86_400_000, [], null))).toBe("types");
    expect(field(() => eventsInWindow(from, from + 86_400_000, null, { latitude: 91, longitude: 0 }))).toBe("latitude");
  });

  it("gives each event the id type@instant and the observance day at a place (Ekadashi in New Delhi)", () => {
    const e = eventsInWindow(ms("2025-10-25T00:00:00+05:30"), ms("2025-11-05T00:00:00+05:30"), ["ekadashi"], { latitude: 28.6139, longitude: 77.209 });
    expect(e).toHaveLength(1);
    expect(e[0]!.id).toBe(`ekadashi@${e[0]!.instant}`);
    expect(e[0]!.location!.time_zone).toBe("Asia/Kolkata");
    expect(e[0]!.location!.observance_date).toMatch(/^2025-11-0[12]$/);
  });
});
