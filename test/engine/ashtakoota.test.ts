import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ashtakoota, nakshatraCount, taraScore, vashyaGroupOf } from "../../src/engine/compat/ashtakoota.js";
import {
  GANA_BY_NAKSHATRA, NADI_BY_NAKSHATRA, VARNA_BY_RASHI, VASHYA_BY_RASHI_HALF, YONI_BY_NAKSHATRA, YONI_POINTS,
} from "../../src/engine/tables/ashtakoota.js";
import { NAKSHATRA_SPAN_DEG, PADA_SPAN_DEG } from "../../src/engine/tables/nakshatras.js";

interface Person { nakshatra: number; pada: number; moon_deg?: number; utc?: string; lat?: number; lon?: number; manglik_pyjhora?: boolean }
interface Pair {
  id: string; kind: string; boy: Person; girl: Person; boy_rasi: number; girl_rasi: number;
  pyjhora_north: Record<string, number>; tara_classical: { score: number; count_bride_to_groom: number; count_groom_to_bride: number };
  total_with_classical_tara_derived: number;
}
const PAIRS: Pair[] = JSON.parse(readFileSync(new URL("../fixtures/pyjhora-ashtakoota.json", import.meta.url), "utf8")).pairs;

/** The Moon of a fixture person: its longitude, or the middle of its pada for the edge pairs. */
const moonOf = (p: Person): number => p.moon_deg ?? (p.nakshatra - 1) * NAKSHATRA_SPAN_DEG + (p.pada - 0.5) * PADA_SPAN_DEG;
/** PyJHora's Vashya reads the Sagittarius/Capricorn halves from the pada (padas 1–2 / 3–4), not the 15° line. */
const pyjhoraHalf = (p: Person, rashi: number): number => {
  const sign = [9, 10].includes(rashi) ? (p.pada <= 2 ? 0 : 1) : 0;
  return VASHYA_BY_RASHI_HALF[rashi - 1]![sign]!;
};

/**
 * Varna and Vashya written here from their sources, independently of the engine's tables:
 * - Varna of the Moon sign (Muhurta Chintamani, Vivaha prakarana 6; B.V. Raman, "Muhurtha", marriage
 *   chapter): Cancer, Scorpio, Pisces Brahmin; Aries, Leo, Sagittarius Kshatriya; Taurus, Virgo,
 *   Capricorn Vaishya; Gemini, Libra, Aquarius Shudra. 1 point when the groom's varna is the same as
 *   or higher than the bride's, else 0.
 * - Vashya class of the Moon (same sources): Aries, Taurus and the second half of Sagittarius
 *   quadruped (Chatushpada); Gemini, Virgo, Libra, Aquarius and the first half of Sagittarius human
 *   (Manava); Cancer, Pisces and the second half of Capricorn water (Jalachara); Leo wild (Vanachara);
 *   Scorpio insect (Keeta); the first half of Capricorn quadruped. Points by the five-class table
 *   as tabulated by saravali.de (the table PyJHora prints too), bride's class by groom's class.
 */
const VARNA_OF_SIGN = ["Kshatriya", "Vaishya", "Shudra", "Brahmin", "Kshatriya", "Vaishya", "Shudra", "Brahmin", "Kshatriya", "Vaishya", "Shudra", "Brahmin"];
const VARNA_RANK: Record<string, number> = { Brahmin: 4, Kshatriya: 3, Vaishya: 2, Shudra: 1 };
const expectedVarna = (groomSign: number, brideSign: number): number =>
  VARNA_RANK[VARNA_OF_SIGN[groomSign - 1]!]! >= VARNA_RANK[VARNA_OF_SIGN[brideSign - 1]!]! ? 1 : 0;
type VashyaClass = "quadruped" | "human" | "water" | "wild" | "insect";
/** [first half, second half] of each sign, Aries first. */
const VASHYA_OF_SIGN: [VashyaClass, VashyaClass][] = [
  ["quadruped", "quadruped"], ["quadruped", "quadruped"], ["human", "human"], ["water", "water"], ["wild", "wild"], ["human", "human"],
  ["human", "human"], ["insect", "insect"], ["human", "quadruped"], ["quadruped", "water"], ["human", "human"], ["water", "water"],
];
const VASHYA_TABLE: Record<VashyaClass, Record<VashyaClass, number>> = {
  // bride:    groom →  quadruped  human  water  wild  insect
  quadruped: { quadruped: 2, human: 0.5, water: 1, wild: 0, insect: 2 },
  human: { quadruped: 0.5, human: 2, water: 0, wild: 0, insect: 0 },
  water: { quadruped: 1, human: 0, water: 2, wild: 2, insect: 2 },
  wild: { quadruped: 0, human: 0, water: 2, wild: 2, insect: 0 },
  insect: { quadruped: 1, human: 0, water: 1, wild: 0, insect: 2 },
};
const vashyaClassAt = (lonSidDeg: number): VashyaClass => {
  const sign = Math.floor(lonSidDeg / 30);
  return VASHYA_OF_SIGN[sign]![lonSidDeg - sign * 30 < 15 ? 0 : 1]!;
};
const expectedVashya = (groomLon: number, brideLon: number): number => VASHYA_TABLE[vashyaClassAt(brideLon)][vashyaClassAt(groomLon)];
const kootaScore = (groomLon: number, brideLon: number, name: string): number =>
  ashtakoota(groomLon, brideLon).koots.find((k) => k.name === name)!.score;

describe("varna and vashya, every pair, against the tables written above", () => {
  it("varna: all 12 × 12 Moon-sign pairs", () => {
    let cells = 0;
    for (let g = 1; g <= 12; g++) {
      for (let b = 1; b <= 12; b++) {
        expect(kootaScore((g - 1) * 30 + 10, (b - 1) * 30 + 20, "varna"), `groom sign ${g}, bride sign ${b}`).toBe(expectedVarna(g, b));
        cells += 1;
      }
    }
    expect(cells).toBe(144);
  });
  it("vashya: all 24 × 24 half-sign pairs (Sagittarius and Capricorn change class at 15°)", () => {
    let cells = 0;
    const halves = Array.from({ length: 24 }, (_, i) => i * 15 + 7.5);
    for (const g of halves) {
      for (const b of halves) {
        expect(kootaScore(g, b, "vashya"), `groom ${g}°, bride ${b}°`).toBe(expectedVashya(g, b));
        cells += 1;
      }
    }
    expect(cells).toBe(576);
    // Either side of the 15° lines.
    for (const [g, b, pts] of [[254.9, 0, 0.5], [255.1, 0, 2], [284.9, 100, 1], [285.1, 100, 2]] as const) {
      expect(kootaScore(g, b, "vashya"), `groom ${g}°, bride ${b}°`).toBe(pts);
    }
  });
});

describe("classical tables, cell by cell (Muhurta Chintamani 6)", () => {
  it("varna by sign: water Brahmin, fire Kshatriya, earth Vaishya, air Shudra", () => {
    expect(VARNA_BY_RASHI).toEqual([1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0]);
  });
  it("gana: the nine Deva and nine Rakshasa nakshatras", () => {
    const of = (g: number) => GANA_BY_NAKSHATRA.flatMap((x, i) => (x === g ? [i + 1] : []));
    expect(of(0)).toEqual([1, 5, 7, 8, 13, 15, 17, 22, 27]);
    expect(of(1)).toEqual([2, 4, 6, 11, 12, 20, 21, 25, 26]);
    expect(of(2)).toEqual([3, 9, 10, 14, 16, 18, 19, 23, 24]);
  });
  it("nadi: Adi, Madhya, Antya zig-zag", () => {
    const of = (n: number) => NADI_BY_NAKSHATRA.flatMap((x, i) => (x === n ? [i + 1] : []));
    expect(of(0)).toEqual([1, 6, 7, 12, 13, 18, 19, 24, 25]);
    expect(of(1)).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26]);
    expect(of(2)).toEqual([3, 4, 9, 10, 15, 16, 21, 22, 27]);
  });
  it("yoni: nakshatras pair up on animals; the matrix is symmetric with 4 on the diagonal and the 7 sworn-enemy pairs at 0", () => {
    const counts = new Map<number, number>();
    for (const y of YONI_BY_NAKSHATRA) counts.set(y, (counts.get(y) ?? 0) + 1);
    // Thirteen animals have two nakshatras; the Mongoose has Uttara Ashadha alone.
    expect([...counts.values()].sort()).toEqual([1, ...Array(13).fill(2)]);
    expect(YONI_BY_NAKSHATRA.indexOf(12)).toBe(20);
    YONI_POINTS.forEach((row, i) => row.forEach((v, j) => expect(v).toBe(YONI_POINTS[j]![i])));
    YONI_POINTS.forEach((row, i) => expect(row[i]).toBe(4));
    // Horse–Buffalo, Elephant–Lion, Sheep–Monkey, Serpent–Mongoose, Dog–Deer, Cat–Rat, Cow–Tiger.
    for (const [a, b] of [[0, 8], [1, 13], [2, 11], [3, 12], [4, 10], [5, 6], [7, 9]]) expect(YONI_POINTS[a]![b]).toBe(0);
    expect(YONI_POINTS.flat().filter((v) => v === 0)).toHaveLength(14);
  });
  it("tara counts are inclusive and 3, 5, 7 mod 9 lose the 1.5", () => {
    expect(nakshatraCount(5, 5)).toBe(1);
    expect(nakshatraCount(27, 1)).toBe(2);
    expect(taraScore(3, 1)).toEqual({ score: 1.5, fromBride: 3, fromGroom: 26 });
    expect(taraScore(9, 1).score).toBe(3); // 9 → remainder 0, and 20 → 2
    expect(taraScore(7, 1).score).toBe(1.5); // 7 Vadha one way, 22 → 4 the other
  });
  it("vashya halves: Sagittarius human then quadruped, Capricorn quadruped then aquatic", () => {
    expect([vashyaGroupOf(245), vashyaGroupOf(255), vashyaGroupOf(275), vashyaGroupOf(285)]).toEqual([1, 0, 0, 2]);
  });
});

describe("the 40 PyJHora pairs", () => {
  const vashyaReadOtherwise: string[] = [];
  it.each(PAIRS.map((p) => [p.id, p] as const))("%s", (_id, p) => {
    const a = ashtakoota(moonOf(p.boy), moonOf(p.girl));
    const s = Object.fromEntries(a.koots.map((k) => [k.name, k.score]));
    expect([a.groom.nakshatra, a.groom.pada, a.groom.rashi]).toEqual([p.boy.nakshatra, p.boy.pada, p.boy_rasi]);
    expect([a.bride.nakshatra, a.bride.pada, a.bride.rashi]).toEqual([p.girl.nakshatra, p.girl.pada, p.girl_rasi]);
    const py = p.pyjhora_north;
    for (const k of ["yoni", "graha_maitri", "gana", "bhakoot", "nadi"]) expect(s[k], k).toBe(py[k]);
    // Tara: PyJHora's is inverted; the classical value is given beside it.
    expect(s.tara).toBe(p.tara_classical.score);
    expect(py.tara).toBe(3 - p.tara_classical.score);
    // Varna: the common table (earth Vaishya), written above; PyJHora swaps Vaishya and Shudra, so
    // its score is the common rule applied to its swapped table.
    expect(s.varna).toBe(expectedVarna(p.boy_rasi, p.girl_rasi));
    const pyVarna = (r: number) => [0, 1, 3, 2][VARNA_BY_RASHI[r - 1]!]!;
    expect(py.varna).toBe(pyVarna(p.boy_rasi) <= pyVarna(p.girl_rasi) ? 1 : 0);
    // Vashya: the table above at the 15° line; PyJHora, reading Sagittarius/Capricorn halves from
    // the pada, agrees wherever the two readings give the same classes.
    expect(s.vashya).toBe(expectedVashya(moonOf(p.boy), moonOf(p.girl)));
    const sameVashyaClass = pyjhoraHalf(p.boy, p.boy_rasi) === vashyaGroupOf(moonOf(p.boy))
      && pyjhoraHalf(p.girl, p.girl_rasi) === vashyaGroupOf(moonOf(p.girl));
    if (sameVashyaClass) expect(s.vashya).toBe(py.vashya);
    else vashyaReadOtherwise.push(p.id);
    expect(a.totalScore).toBe(p.total_with_classical_tara_derived - py.varna + expectedVarna(p.boy_rasi, p.girl_rasi)
      - py.vashya + expectedVashya(moonOf(p.boy), moonOf(p.girl)));
    expect(a.maxScore).toBe(36);
  });
  it("all 40 asserted; 6 read a Sagittarius/Capricorn half otherwise than PyJHora (pada, not the 15° line)", () => {
    expect(vashyaReadOtherwise.length).toBe(6);
  });
});

describe("Nadi and Bhakoot exceptions, recommendation", () => {
  const mid = (nak: number, pada: number) => (nak - 1) * NAKSHATRA_SPAN_DEG + (pada - 0.5) * PADA_SPAN_DEG;
  it("same nakshatra and pada: Nadi dosha stands", () => {
    const a = ashtakoota(mid(23, 4), mid(23, 4));
    expect(a.nadiDosha).toEqual({ present: true, cancelled: false, cancellations: [] });
    expect(a.totalScore).toBe(28);
    expect(a.recommendation).toBe("average");
  });
  it("same nakshatra, different padas (Krittika 1 Aries / 4 Taurus): Nadi cancelled; Bhakoot 2/12 stands (Mars, Venus neutral)", () => {
    const a = ashtakoota(mid(3, 1), mid(3, 4));
    expect(a.nadiDosha).toEqual({ present: true, cancelled: true, cancellations: ["same nakshatra, different padas"] });
    expect(a.bhakootDosha).toEqual({ present: true, cancelled: false, cancellations: [] });
  });
  it("same sign, different nakshatras (Shravana / Uttara Ashadha in Capricorn): Nadi cancelled", () => {
    const a = ashtakoota(mid(22, 1), mid(21, 4));
    expect(a.nadiDosha.cancellations).toEqual(["same Moon sign, different nakshatras"]);
    // PyJHora's 22 + 3 (classical Tara) + 1 (Vashya: both Moons lie in Capricorn's first half, quadruped;
    // PyJHora reads pada 4 of Uttara Ashadha as the aquatic half) = 26: good, the cancelled Nadi does not lower it.
    expect(a.totalScore).toBe(26);
    expect(a.recommendation).toBe("good");
  });
  it("6/8 with one lord (Aries/Scorpio, Mars): Bhakoot cancelled", () => {
    const a = ashtakoota(mid(1, 1), mid(17, 1));
    expect(a.koots.find((k) => k.name === "bhakoot")!.score).toBe(0);
    expect(a.bhakootDosha).toEqual({ present: true, cancelled: true, cancellations: ["Moon-sign lords the same or mutual friends"] });
  });
  it("bands: ≥ 33 excellent, ≥ 25 good, ≥ 18 average", () => {
    for (const [lonA, lonB] of [[mid(1, 1), mid(12, 3)], [mid(5, 2), mid(20, 1)], [mid(9, 4), mid(26, 2)]]) {
      const a = ashtakoota(lonA!, lonB!);
      const band = a.totalScore >= 33 ? "excellent" : a.totalScore >= 25 ? "good" : a.totalScore >= 18 ? "average" : "not_recommended";
      const lowered = [a.nadiDosha, a.bhakootDosha].filter((d) => d.present && !d.cancelled).length;
      const order = ["excellent", "good", "average", "not_recommended"];
      expect(a.recommendation).toBe(order[Math.min(order.indexOf(band) + lowered, 3)]);
    }
  });
});
