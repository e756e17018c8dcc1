import { describe, expect, it } from "vitest";
import { siderealLongitudeDeg } from "../../../src/engine/astro/positions.js";
import { ingresses } from "../../../src/engine/scans/ingresses.js";
import { jdFromUnixMs } from "../../../src/engine/time/julian.js";
import { gochar, houseFrom, signOf } from "../../../src/engine/transits/gochar.js";
import { specialTransits } from "../../../src/engine/transits/special-transits.js";
import { type Graha, GRAHAS, withDefaults } from "../../../src/engine/types.js";

const LAHIRI = withDefaults();
const jd = (iso: string): number => jdFromUnixMs(Date.parse(iso));
const day = (j: number): string => new Date((j - 2440587.5) * 86_400_000).toISOString().slice(0, 10);
/** The special-transit scans run a coarser station grid than the default scan: same instants within 1 s. */
const near = (a: number | null, b: number): void => void expect(Math.abs(a! - b)).toBeLessThan(1 / 86400);
const lonAt = (at: number) => (g: Graha) => siderealLongitudeDeg(g, at, LAHIRI);

// Sign numbers: 1 Aries … 11 Aquarius, 12 Pisces.
const PISCES = 12;

describe("gochar table with vedha (Phaladeepika ch. 26)", () => {
  const base = (over: Partial<Record<Graha, number>>): Record<Graha, number> =>
    ({ ...Object.fromEntries(GRAHAS.map((g) => [g, 2])), ...over }) as Record<Graha, number>;

  it("the Sun in the 3rd from the Moon is favourable until a graha stands in its vedha house, the 9th", () => {
    // Moon sign Aries (1): everything else parked in the 2nd (Taurus), the Sun in the 3rd (Gemini).
    const free = gochar(1, base({ sun: 3, rahu: 2, ketu: 8 })).find((e) => e.graha === "sun")!;
    expect(free).toMatchObject({ houseFromMoon: 3, favourableHouse: true, vedhaHouse: 9, effect: "favourable", vedhaBy: [] });
    const blocked = gochar(1, base({ sun: 3, mars: 9, rahu: 2, ketu: 8 })).find((e) => e.graha === "sun")!;
    expect(blocked).toMatchObject({ effect: "obstructed", vedhaBy: ["mars"] });
  });

  it("no vedha between father and son: Saturn in the Sun's vedha house leaves it favourable", () => {
    const e = gochar(1, base({ sun: 3, saturn: 9, rahu: 2, ketu: 8 })).find((x) => x.graha === "sun")!;
    expect(e.effect).toBe("favourable");
  });

  it("a house missing from the table is unfavourable, with no vedha house", () => {
    const e = gochar(1, base({ saturn: 1, rahu: 2, ketu: 8 })).find((x) => x.graha === "saturn")!;
    expect(e).toMatchObject({ houseFromMoon: 1, favourableHouse: false, vedhaHouse: null, effect: "unfavourable" });
  });

  it("counts houses by whole signs from the Moon's sign", () => {
    expect(houseFrom(12, 11)).toBe(12);
    expect(houseFrom(12, 1)).toBe(2);
    expect(houseFrom(5, 5)).toBe(1);
  });
});

describe("Sade Sati for a Pisces Moon against Saturn's own ingresses (Lahiri)", () => {
  // Saturn's sidereal ingresses 2020–2032 by the engine's scan; the dates below are the well-known ones.
  const sat = ingresses("saturn", jd("2020-01-01T00:00:00Z"), jd("2032-01-01T00:00:00Z"), LAHIRI);
  const entry = (from: number, to: number, after: string) => sat.find((i) => i.fromSign === from && i.toSign === to && i.jdUt > jd(after))!;

  it("the scan finds Saturn entering Aquarius on 2023-01-17 and Pisces on 2025-03-29", () => {
    expect(day(entry(10, 11, "2022-12-01T00:00:00Z").jdUt)).toBe("2023-01-17");
    expect(day(entry(11, 12, "2025-01-01T00:00:00Z").jdUt)).toBe("2025-03-29");
  });

  it("mid-2024 is the rising phase, from the Aquarius entry to the Pisces entry", () => {
    const at = jd("2024-06-01T00:00:00Z");
    expect(signOf(lonAt(at)("saturn"))).toBe(11);
    const s = specialTransits(PISCES, 1, at, lonAt(at), LAHIRI).sadeSati!;
    expect(s.phase).toBe("rising");
    near(s.phaseSpan.startJdUt, entry(10, 11, "2022-12-01T00:00:00Z").jdUt);
    near(s.phaseSpan.endJdUt, entry(11, 12, "2025-01-01T00:00:00Z").jdUt);
    // The whole Sade Sati: from that Aquarius entry to Saturn's first exit from Aries into Taurus.
    near(s.span.startJdUt, s.phaseSpan.startJdUt!);
    const leaveAries = sat.filter((i) => i.fromSign === 1 && i.toSign === 2);
    expect(leaveAries.length).toBeGreaterThan(0);
    const end = sat.find((i) => i.jdUt > at && i.fromSign === 1 && i.toSign === 2)!;
    near(s.span.endJdUt, end.jdUt);
    // Between start and end Saturn never leaves the 12th–1st–2nd from the Moon.
    for (const i of sat.filter((x) => x.jdUt > s.span.startJdUt! + 1e-3 && x.jdUt < s.span.endJdUt! - 1e-3)) {
      expect([11, 12, 1]).toContain(i.toSign);
    }
    expect(day(s.span.endJdUt!) > "2029-01-01").toBe(true);
  });

  it("mid-2025 is the peak, begun at the Pisces entry of 2025-03-29; the whole Sade Sati still dates from 2023-01-17", () => {
    const at = jd("2025-06-01T00:00:00Z");
    const s = specialTransits(PISCES, 1, at, lonAt(at), LAHIRI).sadeSati!;
    expect(s.phase).toBe("peak");
    expect(day(s.phaseSpan.startJdUt!)).toBe("2025-03-29");
    expect(day(s.span.startJdUt!)).toBe("2023-01-17");
  });

  it("for a Cancer Moon the same Saturn is Ashtama Shani (8th), for a Scorpio Moon Kantaka (4th), and no Sade Sati", () => {
    const at = jd("2024-06-01T00:00:00Z");
    const leo = specialTransits(4, 1, at, lonAt(at), LAHIRI);
    expect(leo.sadeSati).toBeNull();
    expect(leo.ashtamaShani).toMatchObject({ graha: "saturn", sign: 11 });
    expect(day(leo.ashtamaShani!.span.startJdUt!)).toBe("2023-01-17");
    expect(day(leo.ashtamaShani!.span.endJdUt!)).toBe("2025-03-29");
    const scorpio = specialTransits(8, 1, at, lonAt(at), LAHIRI);
    expect(scorpio.kantakaShani).toMatchObject({ graha: "saturn", sign: 11 });
    expect(scorpio.ashtamaShani).toBeNull();
  });

  it("Jupiter over the Moon and the nodes over Moon/lagna are bounded by their own ingresses", () => {
    const at = jd("2024-06-01T00:00:00Z");
    const lon = lonAt(at);
    const jupSign = signOf(lon("jupiter"));
    const rahuSign = signOf(lon("rahu"));
    const ketuSign = ((rahuSign + 5) % 12) + 1;
    const s = specialTransits(jupSign, ketuSign, at, lon, LAHIRI);
    const jup = ingresses("jupiter", at - 800, at + 800, LAHIRI);
    near(s.guruOverMoon!.span.startJdUt, jup.filter((i) => i.jdUt <= at && i.toSign === jupSign).at(-1)!.jdUt);
    near(s.guruOverMoon!.span.endJdUt, jup.find((i) => i.jdUt > at && i.fromSign === jupSign)!.jdUt);
    expect(s.nodeOverLagna).toMatchObject({ graha: "ketu", sign: ketuSign });
    const rahu = ingresses("rahu", at - 1100, at + 1100, LAHIRI);
    near(s.nodeOverLagna!.span.endJdUt, rahu.find((i) => i.jdUt > at)!.jdUt);
    expect(s.nodeOverLagna!.span.endJdUt! - s.nodeOverLagna!.span.startJdUt!).toBeGreaterThan(400);
  });
});
