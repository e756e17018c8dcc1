import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { houseCusps, houseCuspsForAscendant } from "../../src/engine/astro/houses.js";
import { KP_HORARY_HOUSES, kpHoraryJudgement, kpHoraryRow } from "../../src/engine/kp/horary-249.js";
import { kpChart } from "../../src/engine/kp/kp-chart.js";
import { PRASHNA_QUESTION_TYPES } from "../../src/engine/tables/prashna.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { GRAHAS, withDefaults, type Graha } from "../../src/engine/types.js";

const rows = Array.from({ length: 249 }, (_, i) => kpHoraryRow(i + 1));
const DMS = (d: number, m: number, s = 0) => d + m / 60 + s / 3600;

describe("the KP 249 table (K. S. Krishnamurti, KP Reader VI)", () => {
  it("number 1 starts at 0° Aries (Ketu star, Ketu sub); 249 ends at 360°; the rows tile the circle", () => {
    expect(rows[0]).toMatchObject({ number: 1, startDeg: 0, sign: 1, starLord: "ketu", subLord: "ketu" });
    expect(rows[0]!.endDeg).toBeCloseTo(7 / 9, 12); // Ketu's 7 of 120 years of 13°20′ = 0°46′40″
    expect(rows[248]).toMatchObject({ number: 249, sign: 12, starLord: "mercury", subLord: "saturn" });
    expect(rows[248]!.endDeg).toBeCloseTo(360, 12);
    for (let i = 1; i < 249; i++) expect(rows[i]!.startDeg).toBeCloseTo(rows[i - 1]!.endDeg, 12);
  });

  it("exactly six subs cross a sign cut, at 30°, 90°, 150°, 210°, 270° and 330°: both halves keep the star and sub lord", () => {
    const splits = rows.filter((r, i) => i > 0 && Math.abs(r.startDeg - Math.round(r.startDeg / 30) * 30) < 1e-9
      && rows[i - 1]!.subLord === r.subLord && rows[i - 1]!.starLord === r.starLord).map((r) => Math.round(r.startDeg));
    expect(splits).toEqual([30, 90, 150, 210, 270, 330]);
    // At 30°: Krittika (Sun) — Sun 26°40′–27°20′, Moon to 28°26′40″, Mars to 29°13′20″, then Rahu's 2° runs to 31°13′20″.
    const a = rows.find((r) => Math.abs(r.endDeg - 30) < 1e-9)!;
    const b = rows[a.number]!;
    expect([a.sign, a.starLord, a.subLord, b.sign, b.starLord, b.subLord]).toEqual([1, "sun", "rahu", 2, "sun", "rahu"]);
    expect(a.startDeg).toBeCloseTo(DMS(29, 13, 20), 9);
    expect(b.endDeg).toBeCloseTo(DMS(31, 13, 20), 9);
    // Ashwini's 9 rows, Bharani's 9, then Krittika's Sun, Moon, Mars and the first half of Rahu: rows 22 and 23.
    expect([a.number, b.number]).toEqual([22, 23]);
  });

  it("no split where a sub ends exactly on a sign cut (60°: Mrigashira's Saturn sub ends at 0° Gemini)", () => {
    const at60 = rows.find((r) => Math.abs(r.startDeg - 60) < 1e-9)!;
    expect(rows[at60.number - 2]).toMatchObject({ starLord: "mars", subLord: "saturn", sign: 2 });
    expect(at60).toMatchObject({ starLord: "mars", subLord: "mercury", sign: 3 });
  });

  it("number 100, hand-derived: Purva Phalguni (Venus) from 13°20′ Leo; subs Venus, Sun, Moon, Mars, Rahu, Jupiter, Saturn end at 24°00′; Mercury 24°00′–25°53′20″", () => {
    expect(rows[99]).toMatchObject({ sign: 5, starLord: "venus", subLord: "mercury" });
    expect(rows[99]!.startDeg).toBeCloseTo(120 + 24, 9);
    expect(rows[99]!.endDeg).toBeCloseTo(120 + DMS(25, 53, 20), 9);
  });

  it("agrees with PyJHora's real 249-sub table rows (its `table` entries; its uniform-split formula is a known fault and not used)", () => {
    const ref = JSON.parse(readFileSync(new URL("../fixtures/pyjhora-chart2.json", import.meta.url), "utf8")).prashna.kp_249 as {
      n: number; table: { rasi: number; start_in_sign_deg: number; end_in_sign_deg: number; star_lord: string; sub_lord: string; sign_lord: string };
    }[];
    expect(ref.length).toBeGreaterThanOrEqual(8);
    for (const r of ref) {
      const row = kpHoraryRow(r.n);
      expect(row.sign, String(r.n)).toBe(r.table.rasi + 1);
      expect(row.startDeg - r.table.rasi * 30, String(r.n)).toBeCloseTo(r.table.start_in_sign_deg, 5);
      expect(row.endDeg - r.table.rasi * 30, String(r.n)).toBeCloseTo(r.table.end_in_sign_deg, 5);
      expect([row.signLord, row.starLord, row.subLord]).toEqual([r.table.sign_lord, r.table.star_lord, r.table.sub_lord].map((x) => x.toLowerCase()));
    }
  });

  it("published rows: Ashwini's nine subs (Krishnamurti Paddhati, Future Samachar's KP book, ch. 2 sub-lord table) and number 145 (sageasita.com KP notebook: Libra 29°26′40″–30°, Vishakha, Jupiter star, Moon sub, taken as the ascendant)", () => {
    const ashwini: [string, number, number][] = [
      ["ketu", 0, 7 / 9], ["venus", 7 / 9, 3], ["sun", 3, DMS(3, 40)], ["moon", DMS(3, 40), DMS(4, 46, 40)], ["mars", DMS(4, 46, 40), DMS(5, 33, 20)],
      ["rahu", DMS(5, 33, 20), DMS(7, 33, 20)], ["jupiter", DMS(7, 33, 20), DMS(9, 20)], ["saturn", DMS(9, 20), DMS(11, 26, 40)], ["mercury", DMS(11, 26, 40), DMS(13, 20)],
    ];
    ashwini.forEach(([sub, from, to], i) => {
      expect(rows[i]).toMatchObject({ number: i + 1, sign: 1, starLord: "ketu", subLord: sub });
      expect(rows[i]!.startDeg).toBeCloseTo(from, 9);
      expect(rows[i]!.endDeg).toBeCloseTo(to, 9);
    });
    const r145 = kpHoraryRow(145);
    expect(r145).toMatchObject({ sign: 7, signLord: "venus", starLord: "jupiter", subLord: "moon" });
    expect(r145.startDeg).toBeCloseTo(180 + DMS(29, 26, 40), 9);
    expect(r145.endDeg).toBeCloseTo(210, 9);
  });

  it("refuses 0, 250 and 1.5", () => {
    for (const n of [0, 250, 1.5]) expect(() => kpHoraryRow(n)).toThrow(RangeError);
  });
});

describe("cusps for a chosen rising degree", () => {
  const conv = { ...withDefaults(), ayanamsha: "krishnamurti" as const };
  it("inverts the ascendant: the cusps for the moment's own ascendant are the moment's cusps (Chennai, New York, Sydney)", () => {
    for (const [iso, lat, lon] of [["2024-03-10T05:50:00Z", 13.08, 80.27], ["1999-12-31T23:00:00Z", 40.71, -74.0], ["2031-07-01T12:00:00Z", -33.87, 151.2]] as const) {
      const instant = instantFromUnixMs(Date.parse(iso));
      const place = { latDeg: lat, lonDeg: lon };
      const direct = houseCusps(instant, place, "placidus", conv);
      const inverse = houseCuspsForAscendant(instant, place, "placidus", conv, direct.cuspsSidDeg[0]!)!;
      for (let h = 0; h < 12; h++) expect(Math.abs(((inverse.cuspsSidDeg[h]! - direct.cuspsSidDeg[h]! + 540) % 360) - 180), `${iso} cusp ${h + 1}`).toBeLessThan(1e-7);
    }
  });
  it("every one of the 249 ascendants rises at 60° N; at 80° N some degrees never rise (circumpolar or never up) and are refused", () => {
    const instant = instantFromUnixMs(Date.parse("2024-03-10T05:50:00Z"));
    for (const r of rows) {
      const c = houseCuspsForAscendant(instant, { latDeg: 60, lonDeg: 10 }, "placidus", conv, r.startDeg);
      expect(c, String(r.number)).not.toBeNull();
      expect(Math.abs(((c!.cuspsSidDeg[0]! - r.startDeg + 540) % 360) - 180)).toBeLessThan(1e-7);
    }
    const refused = rows.filter((r) => houseCuspsForAscendant(instant, { latDeg: 80, lonDeg: 10 }, "placidus", conv, r.startDeg) === null);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(249);
  });
});

describe("KP judgement by the cuspal sub lord", () => {
  it("house groups: negating = the 12th from each favourable house (marriage 2, 7, 11 → 1, 6, 10; career → 1, 5, 9)", () => {
    expect(KP_HORARY_HOUSES.marriage).toEqual({ cusp: 7, favourable: [2, 7, 11], negating: [1, 6, 10] });
    expect(KP_HORARY_HOUSES.career).toEqual({ cusp: 10, favourable: [2, 6, 10, 11], negating: [1, 5, 9] });
    expect(KP_HORARY_HOUSES.children.negating).toEqual([1, 4, 10]);
    for (const q of PRASHNA_QUESTION_TYPES) {
      const g = KP_HORARY_HOUSES[q];
      expect(g.favourable.filter((h) => g.negating.includes(h)), q).toEqual([]);
    }
  });

  it("a constructed chart: equal 30° cusps from 0° Aries; the 7th cusp (0° Libra) has sub lord Mars", () => {
    // Cusp 7 at 180° is the start of Chitra's Libra half: Chitra (Mars) runs 173°20′–186°40′, its subs
    // from Mars: Mars to 174°06′40″, Rahu to 176°06′40″, Jupiter to 177°53′20″, Saturn to 180°, then
    // Mercury 180°–181°53′20″. So the sub lord of cusp 7 is Mercury.
    const cusps = Array.from({ length: 12 }, (_, i) => i * 30);
    const lons = { sun: 45, moon: 200, mars: 100, mercury: 185, jupiter: 250, venus: 40, saturn: 310, rahu: 15, ketu: 195 } as Record<Graha, number>;
    const c = kpChart(lons, cusps);
    expect(c.cusps[6]!.subLord).toBe("mercury");
    const j = kpHoraryJudgement(c, "marriage");
    expect(j.subLord).toBe("mercury");
    // Mercury occupies house 7 (185°), so it signifies the 7th at least; the verdict follows the rule:
    const fav = j.favourableHouses.filter((h) => j.subLordSignifies.includes(h));
    const neg = j.negatingHouses.filter((h) => j.subLordSignifies.includes(h));
    expect(j.subLordSignifies).toContain(7);
    expect(j.verdict).toBe(fav.length === 0 ? "no" : neg.length ? "yes_with_obstacles" : "yes");
    expect(j.subLordSignifies).toEqual(c.signifiedHouses.mercury);
    expect(GRAHAS).toContain(j.subLord);
  });
});
