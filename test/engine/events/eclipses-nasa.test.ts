import { beforeAll, describe, expect, it } from "vitest";
import { detectEvents } from "../../../src/engine/events/detect.js";
import type { DetectedEvent } from "../../../src/engine/events/event-types.js";
import { deltaTSeconds } from "../../../src/engine/time/delta-t.js";
import { jdFromUnixMs } from "../../../src/engine/time/julian.js";

/**
 * Every solar and lunar eclipse of 2024–2030 against NASA's published predictions:
 * F. Espenak, NASA Goddard Space Flight Center — "Five Millennium Canon of Solar Eclipses"
 * (NASA/TP-2006-214141) and "Five Millennium Canon of Lunar Eclipses" (NASA/TP-2009-214172), as
 * listed in the decade tables on eclipse.gsfc.nasa.gov (SEdecade/SEdecade2021.html,
 * LEdecade/LEdecade2021.html): calendar date, "TD of Greatest Eclipse", type and magnitude
 * (solar: fraction of the Sun's diameter covered; lunar: umbral magnitude, negative for a
 * penumbral eclipse). Every value below is NASA's.
 *
 * NASA gives the instant in Terrestrial (Dynamical) Time. The engine works in UT with its own
 * ΔT; the comparison converts the engine's UT to TT with that same ΔT (time/delta-t.ts), so it
 * measures the eclipse computation alone: NASA's UT column differs from TD by NASA's
 * extrapolated ΔT (e.g. 72.3 s for 2029 Jun 12 on its Besselian-elements page), ours by the
 * engine's, a few seconds apart in these years.
 *
 * How sure the transcription is: NASA's Besselian-elements page for 2029 Jun 12 gives
 * 04:06:12.6 TDT and magnitude 0.4576; published listings credited to Espenak give the same TD
 * times for the lunar eclipses of 2026–2030 and for 2024 Apr 08, 2024 Oct 02 and
 * 2029 Dec 05; and an independent computation (astronomy-engine's eclipse search, not NASA's
 * ephemeris or method) agrees with all 33 instants within 7 s and with every type — a slip of a
 * minute or more in any row could not pass unnoticed.
 */
const SOLAR: readonly (readonly [td: string, type: string, magnitude: number])[] = [
  ["2024-04-08T18:18:29", "total", 1.0566],
  ["2024-10-02T18:46:13", "annular", 0.9326],
  ["2025-03-29T10:48:36", "partial", 0.9376],
  ["2025-09-21T19:43:04", "partial", 0.855],
  ["2026-02-17T12:13:06", "annular", 0.963],
  ["2026-08-12T17:47:06", "total", 1.0386],
  ["2027-02-06T16:00:48", "annular", 0.9281],
  ["2027-08-02T10:07:50", "total", 1.079],
  ["2028-01-26T15:08:59", "annular", 0.9208],
  ["2028-07-22T02:56:40", "total", 1.056],
  ["2029-01-14T17:13:48", "partial", 0.8714],
  ["2029-06-12T04:06:13", "partial", 0.4576],
  ["2029-07-11T15:37:19", "partial", 0.2303],
  ["2029-12-05T15:03:58", "partial", 0.8911],
  ["2030-06-01T06:29:13", "annular", 0.9443],
  ["2030-11-25T06:51:37", "total", 1.0468],
];

const LUNAR: readonly (readonly [td: string, type: string, umbralMagnitude: number])[] = [
  ["2024-03-25T07:13:59", "penumbral", -0.1304],
  ["2024-09-18T02:45:25", "partial", 0.0848],
  ["2025-03-14T06:59:56", "total", 1.1784],
  ["2025-09-07T18:12:58", "total", 1.3619],
  ["2026-03-03T11:34:52", "total", 1.1526],
  ["2026-08-28T04:14:04", "partial", 0.9299],
  ["2027-02-20T23:14:06", "penumbral", -0.0522],
  ["2027-07-18T16:04:09", "penumbral", -1.0683],
  ["2027-08-17T07:14:59", "penumbral", -0.5259],
  ["2028-01-12T04:14:13", "partial", 0.0678],
  ["2028-07-06T18:20:57", "partial", 0.3894],
  ["2028-12-31T16:53:15", "total", 1.2463],
  ["2029-06-26T03:23:22", "total", 1.8436],
  ["2029-12-20T22:43:12", "total", 1.1174],
  ["2030-06-15T18:34:34", "partial", 0.5025],
  ["2030-12-09T22:28:51", "penumbral", -0.1625],
];

/** The engine's instant in TT, seconds after NASA's TD instant. */
function secondsFromNasa(e: DetectedEvent, td: string): number {
  const jdUt = jdFromUnixMs(e.instant);
  return (jdUt + deltaTSeconds(jdUt) / 86400 - jdFromUnixMs(Date.parse(`${td}Z`))) * 86400;
}

let events: DetectedEvent[] = [];
beforeAll(() => {
  for (let y = 2024; y <= 2030; y++) events.push(...detectEvents(Date.UTC(y, 0, 1), Date.UTC(y + 1, 0, 1)));
}, 120_000);

function check(kind: "eclipse_solar" | "eclipse_lunar", table: typeof SOLAR, magTol: number): void {
  const found = events.filter((e) => e.type === kind);
  expect(found.map((e) => new Date(e.instant).toISOString().slice(0, 10))).toEqual(table.map(([td]) => td.slice(0, 10)));
  let worst = 0;
  table.forEach(([td, type, magnitude], i) => {
    const e = found[i]!;
    const dt = secondsFromNasa(e, td);
    worst = Math.max(worst, Math.abs(dt));
    expect(Math.abs(dt), `${td}: Δt ${dt.toFixed(1)} s`).toBeLessThanOrEqual(60);
    expect(e.data.kind, td).toBe(type);
    expect(e.data.greatest_eclipse).toBe(new Date(e.instant).toISOString());
    expect(Math.abs((e.data.magnitude as number) - magnitude), `${td} magnitude ${e.data.magnitude}`).toBeLessThanOrEqual(magTol);
  });
  console.log(`${kind}: ${table.length} eclipses, worst |Δt| vs NASA ${worst.toFixed(1)} s`);
}

describe("eclipses 2024–2030 against NASA (Espenak, Five Millennium Canons)", () => {
  it("finds exactly NASA's 16 solar eclipses, each of NASA's type, greatest eclipse within 1 minute, magnitude within 0.002", () => {
    check("eclipse_solar", SOLAR, 0.002);
  });

  // Our umbra is astronomy-engine's (Earth's radius enlarged to 6,459 km for the atmosphere); NASA
  // enlarges it by Danjon's rule, which makes umbral magnitudes differ by up to ≈ 0.006.
  it("finds exactly NASA's 16 lunar eclipses, each of NASA's type, greatest eclipse within 1 minute, umbral magnitude within 0.008", () => {
    check("eclipse_lunar", LUNAR, 0.008);
  });

  it("gives lunar contacts in order, present exactly for the phases the type has", () => {
    const lunar = events.filter((x) => x.type === "eclipse_lunar");
    expect(lunar).toHaveLength(LUNAR.length);
    for (const e of lunar) {
      const c = e.data.contacts as Record<string, string | null>;
      const order = ["penumbral_start", "partial_start", "total_start", "total_end", "partial_end", "penumbral_end"]
        .map((k) => c[k]).filter((v): v is string => v !== null).map((v) => Date.parse(v));
      const expected = e.data.kind === "total" ? 6 : e.data.kind === "partial" ? 4 : 2;
      expect(order, String(e.data.greatest_eclipse)).toHaveLength(expected);
      // Strictly increasing, with the greatest eclipse in the middle.
      for (let i = 1; i < order.length; i++) expect(order[i]!).toBeGreaterThan(order[i - 1]!);
      expect(order[expected / 2 - 1]!).toBeLessThan(e.instant);
      expect(order[expected / 2]!).toBeGreaterThan(e.instant);
    }
  });

  it("marks the hybrid eclipse of 2023 Apr 20 as hybrid (NASA: 04:17:56 TD, hybrid, magnitude 1.0132)", () => {
    const [e] = detectEvents(Date.UTC(2023, 3, 19), Date.UTC(2023, 3, 21)).filter((x) => x.type === "eclipse_solar");
    expect(e!.data.kind).toBe("hybrid");
    expect(Math.abs(secondsFromNasa(e!, "2023-04-20T04:17:56"))).toBeLessThanOrEqual(60);
    expect(Math.abs((e!.data.magnitude as number) - 1.0132)).toBeLessThanOrEqual(0.002);
  });
});
