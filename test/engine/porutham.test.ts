import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { papaPoints, papasamyam } from "../../src/engine/compat/papasamyam.js";
import { porutham, rashiOfStar, rashiOfWholeStar, starFacts, type Porutham } from "../../src/engine/compat/porutham.js";
import type { ChartInput } from "../../src/engine/chart/chart-input.js";
import { GRAHAS, type Graha } from "../../src/engine/types.js";

const item = (p: Porutham, name: string) => p.poruthams.find((x) => x.name === name)!;
const match = (g: number, b: number, system: "tamil" | "kerala" = "tamil", gp: number | null = 1, bp: number | null = 1) =>
  porutham(system, starFacts(g, gp), starFacts(b, bp));

/**
 * The rajju groups as matching guides print them (foot, waist, navel, neck, head), typed here from
 * the printed lists, not from the engine's run rule.
 */
const RAJJU_LISTS: Record<string, number[]> = {
  pada: [1, 9, 10, 18, 19, 27],
  kati: [2, 8, 11, 17, 20, 26],
  nabhi: [3, 7, 12, 16, 21, 25],
  kantha: [4, 6, 13, 15, 22, 24],
  siro: [5, 14, 23],
};
/** The classical vedha pairs (Muhurta Chintamani 6), as printed. */
const VEDHA = [[1, 18], [2, 17], [3, 16], [4, 15], [5, 14], [5, 23], [14, 23], [6, 22], [7, 21], [8, 20], [9, 19], [10, 27], [11, 26], [12, 25], [13, 24]];

describe("the ten poruthams' tables", () => {
  it("every star's rajju is the printed group's: a pair in one group fails Rajju, a pair across groups agrees (27 × 27 pairs)", () => {
    const groupOf = (n: number) => Object.keys(RAJJU_LISTS).find((k) => RAJJU_LISTS[k]!.includes(n))!;
    let vetoed = 0;
    for (let g = 1; g <= 27; g++) {
      for (let b = 1; b <= 27; b++) {
        const r = item(match(g, b), "rajju");
        expect(r.agreed, `${g}/${b}`).toBe(groupOf(g) !== groupOf(b));
        expect(r.veto).toBe(!r.agreed);
        if (r.veto) vetoed++;
      }
    }
    expect(vetoed).toBe(4 * 36 + 9); // four groups of six stars, the head of three
  });

  it("Vedha fails exactly for the fifteen classical pairs, either way round, and vetoes the match", () => {
    let vetoed = 0;
    for (let g = 1; g <= 27; g++) {
      for (let b = 1; b <= 27; b++) {
        const v = item(match(g, b), "vedha");
        const classical = VEDHA.some(([x, y]) => (x === g && y === b) || (x === b && y === g));
        expect(v.agreed, `${g}/${b}`).toBe(!classical);
        if (v.veto) {
          vetoed++;
          expect(match(g, b).verdict).toBe("not_recommended");
        }
      }
    }
    expect(vetoed).toBe(30);
  });

  it("a star's sign from its pada: Krittika 1 is Aries, Krittika 2–4 Taurus; a star inside one sign needs no pada", () => {
    expect([1, 2, 3, 4].map((p) => rashiOfStar(3, p))).toEqual([1, 2, 2, 2]);
    expect([1, 2, 3, 4].map((p) => rashiOfStar(27, p))).toEqual([12, 12, 12, 12]);
    expect(rashiOfWholeStar(1)).toBe(1);
    expect(rashiOfWholeStar(5)).toBeNull(); // Mrigashira: Taurus and Gemini
    // Nine of the 27 stars straddle two signs.
    expect(Array.from({ length: 27 }, (_, i) => rashiOfWholeStar(i + 1)).filter((r) => r === null)).toHaveLength(9);
  });
});

describe("each porutham at its edges", () => {
  it("Dina counts the groom's star from the bride's: 2nd agrees, 3rd fails, and swapping the partners changes the count", () => {
    // Bride Ashwini (1), groom Bharani (2): count 2 → uttama. Reversed: count 27 → fails in the Tamil list.
    expect(item(match(2, 1), "dina")).toMatchObject({ agreed: true, grade: "uttama" });
    expect(item(match(3, 1), "dina")).toMatchObject({ agreed: false, grade: "adhama" });
    expect(item(match(1, 2), "dina").agreed).toBe(false);
    // Kerala's Tara remainder rule also takes the 27th, 22nd and 17th.
    expect([27, 22, 17].map((n) => item(match(((n - 1) % 27) + 1, 1, "kerala"), "dina").agreed)).toEqual([true, true, true]);
    expect([27, 22, 17].map((n) => item(match(((n - 1) % 27) + 1, 1, "tamil"), "dina").agreed)).toEqual([false, false, false]);
  });

  it("the same star: Dina madhyama in different padas, adhama in the same pada; Rasi madhyama", () => {
    const other = porutham("tamil", starFacts(18, 4), starFacts(18, 2));
    expect(item(other, "dina")).toMatchObject({ agreed: true, grade: "madhyama" });
    const same = porutham("tamil", starFacts(18, 1), starFacts(18, 1));
    expect(item(same, "dina")).toMatchObject({ agreed: false, grade: "adhama" });
    expect(item(same, "rasi").grade).toBe("madhyama");
    // Jyeshtha with itself: the same rajju (foot) vetoes the match.
    expect(same.vetoed).toBe(true);
  });

  it("the same sign with different stars is Rasi uttama; the 2nd to 6th sign from the bride's fail; the 7th agrees", () => {
    // Bride Shravana 3 (Capricorn), groom Dhanishta 1 (Capricorn).
    expect(item(porutham("tamil", starFacts(23, 1), starFacts(22, 3)), "rasi").grade).toBe("uttama");
    // Bride Ashwini (Aries): groom Rohini (Taurus, 2nd) fails; groom Swati (Libra, 7th) agrees.
    expect(item(match(4, 1), "rasi").agreed).toBe(false);
    expect(item(match(15, 1), "rasi").grade).toBe("uttama");
  });

  it("Mahendra agrees at the 4th, 7th … 25th star from the bride's and nowhere else", () => {
    const agreed = Array.from({ length: 27 }, (_, i) => i + 1).filter((n) => item(match(((n) % 27) || 27, 1), "mahendra").agreed);
    // groom star n → count n from Ashwini.
    expect(agreed.map((n) => n)).toEqual([4, 7, 10, 13, 16, 19, 22, 25]);
  });

  it("Stree Deergha: Tamil uttama beyond the 13th, madhyama beyond the 7th; Kerala only from the 15th", () => {
    const grade = (n: number, s: "tamil" | "kerala") => item(match(n, 1, s), "stree_deergha").grade;
    expect([7, 8, 13, 14].map((n) => grade(n, "tamil"))).toEqual(["adhama", "madhyama", "madhyama", "uttama"]);
    expect([14, 15].map((n) => grade(n, "kerala"))).toEqual(["adhama", "uttama"]);
  });

  it("Gana: the same gana uttama, Deva with Manushya madhyama, Rakshasa with another adhama", () => {
    expect(item(match(1, 5), "gana").grade).toBe("uttama"); // Ashwini Deva, Mrigashira Deva
    expect(item(match(1, 2), "gana").grade).toBe("madhyama"); // Deva, Manushya
    expect(item(match(3, 1), "gana").grade).toBe("adhama"); // Krittika Rakshasa, Ashwini Deva
  });

  it("Yoni: sworn enemies fail (horse Ashwini, buffalo Hasta); the same animal is uttama", () => {
    expect(item(match(13, 1), "yoni")).toMatchObject({ agreed: false, grade: "adhama" });
    expect(item(match(24, 1), "yoni").grade).toBe("uttama"); // Shatabhisha is the horse too
  });

  it("Vasya both ways uttama (Aries–Scorpio? no: Aries holds Scorpio, Scorpio holds Cancer), one way madhyama, neither adhama", () => {
    // Groom Aries (Ashwini), bride Leo (Magha): Leo is in Aries' sway, Aries not in Leo's → madhyama.
    expect(item(match(1, 10), "vasya").grade).toBe("madhyama");
    // Groom Capricorn (Shravana), bride Aries (Ashwini): Capricorn holds Aries, Aries does not hold Capricorn → madhyama.
    expect(item(match(22, 1), "vasya").grade).toBe("madhyama");
    // Groom Gemini (Ardra), bride Aries: neither → adhama.
    expect(item(match(6, 1), "vasya").grade).toBe("adhama");
  });

  it("Rajju: Tamil vetoes every shared rajju; Kerala excuses one star ascending and the other descending, never the head", () => {
    // Uttara Ashadha (21, navel, ascending) and Purva Bhadrapada (25, navel, descending).
    expect(item(match(25, 21, "tamil"), "rajju")).toMatchObject({ agreed: false, veto: true });
    expect(item(match(25, 21, "kerala"), "rajju")).toMatchObject({ agreed: true, grade: "madhyama", veto: false });
    // Both ascending (Shravana 22 and Rohini 4, neck): Kerala vetoes too.
    expect(item(match(22, 4, "kerala"), "rajju").veto).toBe(true);
    // The head stars (Mrigashira, Chitra, Dhanishta): vetoed in both systems.
    expect(item(match(5, 23, "kerala"), "rajju").veto).toBe(true);
  });

  it("without a pada, a star spanning two signs leaves Rasi, Rasyadhipati and Vasya unjudged, and the count says so", () => {
    const p = porutham("tamil", starFacts(5, null), starFacts(1, null));
    expect(p.poruthams.filter((x) => x.agreed === null).map((x) => x.name)).toEqual(["rasi", "rasyadhipati", "vasya"]);
    expect(p.poruthams.filter((x) => x.agreed === null).every((x) => x.dependsOn === "rasi")).toBe(true);
    expect(p.judgedCount).toBe(7);
    expect(p.reasons[0]).toContain("3 need both Moon signs");
  });
});

interface PyPair {
  id: string; kind: string;
  boy: { nakshatra: number; pada: number }; girl: { nakshatra: number; pada: number };
  south_porutham_pyjhora: Record<string, boolean | number>;
}
const PAIRS: PyPair[] = JSON.parse(readFileSync(new URL("../fixtures/pyjhora-porutham.json", import.meta.url), "utf8")).pairs;

describe("against PyJHora's 25 pairs, where its rule is the classical one", () => {
  const ours = (p: PyPair, system: "tamil" | "kerala") => porutham(system, starFacts(p.boy.nakshatra, p.boy.pada), starFacts(p.girl.nakshatra, p.girl.pada));
  const disagree = (name: string, pyName: string, system: "tamil" | "kerala") =>
    PAIRS.filter((p) => item(ours(p, system), name).agreed !== p.south_porutham_pyjhora[pyName]).map((p) => p.id);

  it("covers the 25 pairs", () => expect(PAIRS).toHaveLength(25));
  it("Mahendra and Yoni agree on every pair", () => {
    expect(disagree("mahendra", "mahendra", "tamil")).toEqual([]);
    expect(disagree("yoni", "yoni", "tamil")).toEqual([]);
  });
  it("Vedha agrees except E07 (Ardra–Hasta), which only PyJHora's number-sum rule calls vedha (a known PyJHora fault)", () => {
    expect(disagree("vedha", "vedha", "tamil")).toEqual(["E07"]);
  });
  it("Gana agrees except M01 (Rakshasa–Rakshasa), which PyJHora rejects by a rule of its own (star number ≤ 14)", () => {
    expect(disagree("gana", "gana", "tamil")).toEqual(["M01"]);
  });
  it("Kerala Rajju (aroha/avaroha) agrees with PyJHora's except E07 and E09, where its list typo makes Hasta and Rohini non-ascending", () => {
    expect(disagree("rajju", "rajju", "kerala")).toEqual(["E07", "E09"]);
  });
  // Dina, Rasi, Rasyadhipati, Vasya and Stree Deergha follow other rules in PyJHora (it counts Dina from the
  // groom's star with exception lists of its own, and rejects the same sign): docs/matching.md lists them.
});

describe("papasamyam", () => {
  /** A chart with every graha at a chosen sign (15° in), lagna in `lagna`. */
  const chart = (lagna: number, signs: Partial<Record<Graha, number>>): ChartInput => {
    const grahas = {} as Record<Graha, { lonSidDeg: number; latDeg: number; speedDegPerDay: number }>;
    for (const g of GRAHAS) grahas[g] = { lonSidDeg: ((signs[g] ?? 3) - 1) * 30 + 15, latDeg: 0, speedDegPerDay: 1 };
    return { lagnaSidDeg: (lagna - 1) * 30 + 10, grahas };
  };

  it("counts each malefic in 1, 2, 4, 7, 8, 12 from the lagna (1), the Moon (½) and Venus (¼), every contribution listed", () => {
    // Lagna Aries; Moon Cancer; Venus Libra. Mars in Libra: 7th from lagna (1), 4th from Moon (½), 1st from Venus (¼).
    // Saturn in Gemini (3rd, 12th, 9th): ½. Sun in Leo (5th, 2nd, 11th): ½. Rahu in Sagittarius (9th, 6th, 3rd): 0.
    const p = papaPoints(chart(1, { moon: 4, venus: 7, mars: 7, saturn: 3, sun: 5, rahu: 9, ketu: 3 }));
    expect(p.contributions).toEqual([
      { graha: "mars", reference: "lagna", house: 7, points: 1 },
      { graha: "mars", reference: "moon", house: 4, points: 0.5 },
      { graha: "saturn", reference: "moon", house: 12, points: 0.5 },
      { graha: "sun", reference: "moon", house: 2, points: 0.5 },
      { graha: "mars", reference: "venus", house: 1, points: 0.25 },
    ]);
    expect(p.byReference).toEqual({ lagna: 1, moon: 1.5, venus: 0.25 });
    expect(p.total).toBe(2.75);
  });

  it("is balanced when the groom's papa is at least the bride's, and says which way it leans", () => {
    const heavy = chart(1, { mars: 1, saturn: 7, sun: 4, rahu: 8, moon: 1, venus: 1 });
    const light = chart(1, { mars: 3, saturn: 3, sun: 3, rahu: 3, moon: 6, venus: 6 });
    expect(papasamyam(heavy, light).balanced).toBe(true);
    const reversed = papasamyam(light, heavy);
    expect(reversed.balanced).toBe(false);
    expect(reversed.difference).toBeLessThan(0);
    expect(reversed.description).toMatch(/^Not balanced/);
    expect(papasamyam(light, light).balanced).toBe(true);
  });
});
