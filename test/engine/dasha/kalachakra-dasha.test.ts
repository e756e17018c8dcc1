import { describe, expect, it } from "vitest";
import { KALACHAKRA_LISTED_YEARS, kalachakraDasha, kalachakraPlace } from "../../../src/engine/dasha/kalachakra-dasha.js";
import { runningSpans } from "../../../src/engine/dasha/dasha-span.js";
import { KALACHAKRA_ROWS, KALACHAKRA_SIGN_YEARS, kalachakraChakraOf, paramayushOf } from "../../../src/engine/tables/kalachakra.js";
import { PADA_SPAN_DEG } from "../../../src/engine/tables/nakshatras.js";
import { RASHIS } from "../../../src/engine/tables/rashis.js";
import { REF_YEAR_DAYS, WAVE3 } from "./pyjhora-fixture.js";

const name = (s: number) => RASHIS[s - 1]!.name;
const JD = 2451545;
const Y = 365.25;

describe("Kalachakra tables (BPHS ch. 46)", () => {
  it("years per sign: Aries 7, Taurus 16, Gemini 9, Cancer 21, Leo 5, Virgo 9, Libra 16, Scorpio 7, Sagittarius 10, Capricorn 4, Aquarius 4, Pisces 10", () => {
    expect(KALACHAKRA_SIGN_YEARS.slice(1)).toEqual([7, 16, 9, 21, 5, 9, 16, 7, 10, 4, 4, 10]);
  });

  it("paramayush of the padas: savya 100, 85, 83, 86; apasavya 86, 83, 85, 100", () => {
    expect(KALACHAKRA_ROWS.ashwini.map(paramayushOf)).toEqual([100, 85, 83, 86]);
    expect(KALACHAKRA_ROWS.bharani.map(paramayushOf)).toEqual([100, 85, 83, 86]);
    expect(KALACHAKRA_ROWS.rohini.map(paramayushOf)).toEqual([86, 83, 85, 100]);
    expect(KALACHAKRA_ROWS.mrigashira.map(paramayushOf)).toEqual([86, 83, 85, 100]);
  });

  it("an apasavya row is a savya row read backwards (Rohini pada p = Bharani pada 5−p reversed, Mrigashira = Ashwini)", () => {
    for (let p = 0; p < 4; p++) {
      expect(KALACHAKRA_ROWS.rohini[p]).toEqual([...KALACHAKRA_ROWS.bharani[3 - p]!].reverse());
      expect(KALACHAKRA_ROWS.mrigashira[p]).toEqual([...KALACHAKRA_ROWS.ashwini[3 - p]!].reverse());
    }
  });

  it("groups by star: savya Ashwini…Krittika, apasavya Rohini…Ardra alternately; the chakras by foot (Sanjay Rath)", () => {
    const chakras = Array.from({ length: 27 }, (_, i) => kalachakraChakraOf(i + 1).chakra[0]).join("");
    // a = Ashwini, b = Bharani, r = Rohini, m = Mrigashira rows.
    expect(chakras).toBe("abarmmabarmmabarmmabarmmaba");
    expect(kalachakraChakraOf(27).group).toBe("savya");
    expect(kalachakraChakraOf(24).group).toBe("apasavya");
  });
});

describe("Kalachakra dasha against PyJHora (PVR book method)", () => {
  // PyJHora reads Revati with the Bharani rows (its savya_stars_2); Sanjay Rath and the text put it with Ashwini.
  const compared = WAVE3.births.filter((b) => b.chart.moon_nakshatra !== 27);

  it("maha signs, balance at birth and the following starts (±1 day) for every birth with the Moon outside Revati", () => {
    expect(compared.length).toBe(13);
    for (const b of compared) {
      const d = kalachakraDasha(b.chart.planets_deg.Moon, b.jd_ut, REF_YEAR_DAYS);
      const ref = b.dashas.kalachakra_pvr_book.mahadashas as any[];
      expect(d.kalachakra.nakshatra).toBe(b.chart.moon_nakshatra);
      expect(d.kalachakra.pada).toBe(b.chart.moon_pada);
      expect(d.balance.years, b.id).toBeCloseTo(ref[0].years, 4);
      ref.forEach((m, i) => {
        expect(name(d.mahaDashas[i]!.rashi!), `${b.id} ${i}`).toBe(m.lords);
        if (i > 0) expect(Math.abs(d.mahaDashas[i]!.startJdUt - m.start_jd_ut), `${b.id} ${i}`).toBeLessThan(1);
      });
    }
  });

  it("antardashas of the second maha: the row's nine signs from the maha sign, each maha × years / paramayush", () => {
    for (const b of compared) {
      const d = kalachakraDasha(b.chart.planets_deg.Moon, b.jd_ut, REF_YEAR_DAYS);
      const second = d.mahaDashas[1]!;
      const ref = (b.dashas.kalachakra_pvr_book.antardashas_of_first_two_mahas as any[]).slice(9); // the first maha's nine, then the second's
      expect(ref.every((a) => a.lords[0] === name(second.rashi!)), b.id).toBe(true);
      const antars = d.subdivide(second);
      expect(antars.map((a) => name(a.rashi!)), b.id).toEqual(ref.map((a) => a.lords[1]));
      antars.forEach((a, i) => expect(a.durationYears, `${b.id} ${i}`).toBeCloseTo(ref[i].years, 5));
      expect(antars[8]!.endJdUt).toBe(second.endJdUt);
    }
  });

  it("the first maha keeps its full length (starts before birth) and its antardashas split the whole period — PyJHora scales the balance instead", () => {
    const b = WAVE3.births[0];
    const d = kalachakraDasha(b.chart.planets_deg.Moon, b.jd_ut, REF_YEAR_DAYS);
    const first = d.mahaDashas[0]!;
    expect(first.durationYears).toBe(KALACHAKRA_SIGN_YEARS[first.rashi!]);
    expect(first.startJdUt).toBeLessThan(b.jd_ut);
    expect((first.endJdUt - b.jd_ut) / REF_YEAR_DAYS).toBeCloseTo(d.balance.years, 9);
    const antars = d.subdivide(first);
    expect(antars.reduce((a, x) => a + x.durationYears, 0)).toBeCloseTo(first.durationYears, 9);
  });
});

describe("Kalachakra at pada and star boundaries", () => {
  it("the Moon at the start of a pada: the row's first sign, all of it to run", () => {
    const d = kalachakraDasha(0, JD, Y);
    expect(d.kalachakra).toMatchObject({ nakshatra: 1, pada: 1, group: "savya", chakra: "ashwini", paramayush: 100, deha: 1, jeeva: 9 });
    expect(d.balance).toEqual({ rashi: 1, years: 7, elapsedFraction: 0 });
    expect(d.mahaDashas[0]!.startJdUt).toBe(JD);
  });

  it("just before a pada's end the last sign has almost nothing left; just after, the next pada's first sign starts whole", () => {
    const edge = PADA_SPAN_DEG; // Ashwini 1 | Ashwini 2
    const before = kalachakraDasha(edge - 1e-10, JD, Y); // 1e-10° of the Moon ≈ 0.1 s of a 100-year row
    expect(before.kalachakra.pada).toBe(1);
    expect(before.balance.rashi).toBe(9); // Sagittarius, the 9th sign of Ashwini 1
    expect(before.balance.years).toBeLessThan(1e-5);
    expect(before.mahaDashas[1]!.rashi).toBe(10); // Ashwini 2 starts with Capricorn
    const after = kalachakraDasha(edge + 1e-10, JD, Y);
    expect(after.kalachakra.pada).toBe(2);
    expect(after.balance.rashi).toBe(10);
    expect(after.balance.years).toBeCloseTo(4, 5);
    // Either side of the boundary, Capricorn's period ends at the same instant (within a second).
    expect(Math.abs(before.mahaDashas[1]!.endJdUt - after.mahaDashas[0]!.endJdUt) * 86400).toBeLessThan(1);
  });

  it("across a star boundary into the other group: Krittika pada 4 (savya) is followed by Rohini pada 1 (apasavya)", () => {
    const krittika4 = 3 * (360 / 27) - PADA_SPAN_DEG / 2;
    const d = kalachakraDasha(krittika4, JD, Y);
    expect(d.kalachakra).toMatchObject({ nakshatra: 3, pada: 4, chakra: "ashwini" });
    const afterRow = d.mahaDashas.findIndex((m, i) => i > 0 && (m as any).row !== (d.mahaDashas[0] as any).row);
    expect(d.mahaDashas.slice(afterRow, afterRow + 9).map((m) => m.rashi)).toEqual(KALACHAKRA_ROWS.rohini[0]);
  });

  it("apasavya deha and jeeva are the row's ends reversed: Rohini pada 1 deha Cancer, jeeva Sagittarius", () => {
    const p = kalachakraPlace(3 * (360 / 27) + 0.1);
    expect(p).toMatchObject({ nakshatra: 4, pada: 1, group: "apasavya", chakra: "rohini", deha: 4, jeeva: 9, paramayush: 86 });
  });

  it("the end of the zodiac: Revati pada 4 just before 360° ends with Pisces; 360° itself is Ashwini's Aries", () => {
    const d = kalachakraDasha(360 - 1e-9, JD, Y);
    expect(d.kalachakra).toMatchObject({ nakshatra: 27, pada: 4, chakra: "ashwini" });
    expect(d.balance.rashi).toBe(12);
    expect(d.mahaDashas[1]!.rashi).toBe(1); // Ashwini pada 1 follows
    expect(kalachakraDasha(360, JD, Y).balance).toEqual({ rashi: 1, years: 7, elapsedFraction: 0 });
  });

  it("maha periods cover 120 years from birth, at most 24 of them anywhere in the zodiac; running periods found to level 3", () => {
    let most = 0;
    for (let lon = 0; lon < 360; lon += 0.37) {
      const d = kalachakraDasha(lon, JD, Y);
      const last = d.mahaDashas[d.mahaDashas.length - 1]!;
      expect(last.endJdUt).toBeGreaterThanOrEqual(JD + KALACHAKRA_LISTED_YEARS * Y);
      most = Math.max(most, d.mahaDashas.length);
    }
    expect(most).toBeLessThanOrEqual(24); // the work rule's bound (src/resolvers/work-rules.ts)
    const d = kalachakraDasha(123.4, JD, Y);
    const chain = runningSpans(d, JD + 40 * Y, 3)!;
    expect(chain.map((p) => p.level)).toEqual([1, 2, 3]);
    expect(chain[2]!.startJdUt).toBeGreaterThanOrEqual(chain[1]!.startJdUt);
    expect(runningSpans(d, JD + 200 * Y, 3)).toBeNull();
  });
});
