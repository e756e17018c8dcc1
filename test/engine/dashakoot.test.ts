import { describe, expect, it } from "vitest";
import { dashakoot } from "../../src/engine/compat/dashakoot.js";
import { porutham, starFacts } from "../../src/engine/compat/porutham.js";
import { KOOTA_MAX } from "../../src/engine/tables/ashtakoota.js";
import { DASHAKOOT_MAX_POINTS } from "../../src/engine/tables/dashakoot.js";

const score = (g: number, b: number, system: "tamil" | "kerala" = "tamil", gp: number | null = 1, bp: number | null = 1) =>
  dashakoot(porutham(system, starFacts(g, gp), starFacts(b, bp)));
const points = (d: ReturnType<typeof dashakoot>) => d.kootas.map((k) => k.points);
const pointsOf = (d: ReturnType<typeof dashakoot>, name: string) => d.kootas.find((k) => k.name === name)!.points;

describe("dashakoot points table", () => {
  it("the ten kootas weigh 36 together; the six that are Ashtakoota kootas keep its units", () => {
    const w = DASHAKOOT_MAX_POINTS;
    expect(Object.values(w).reduce((a, b) => a + b, 0)).toBe(36);
    expect([w.dina, w.gana, w.yoni, w.rasi, w.rasyadhipati, w.vasya])
      .toEqual([KOOTA_MAX.tara, KOOTA_MAX.gana, KOOTA_MAX.yoni, KOOTA_MAX.bhakoot, KOOTA_MAX.graha_maitri, KOOTA_MAX.vashya]);
    expect([w.mahendra, w.stree_deergha, w.rajju, w.vedha]).toEqual([2, 1, 5, 1]);
  });

  it("every koota earns its full points for uttama, half for madhyama, none for adhama — all 27 × 27 stars, both systems", () => {
    const share = { uttama: 1, madhyama: 0.5, adhama: 0 } as const;
    for (const system of ["tamil", "kerala"] as const) {
      for (let g = 1; g <= 27; g++) {
        for (let b = 1; b <= 27; b++) {
          const p = porutham(system, starFacts(g, 2), starFacts(b, 3));
          const d = dashakoot(p);
          expect(d.kootas.map((k) => k.name)).toEqual(p.poruthams.map((x) => x.name));
          d.kootas.forEach((k, i) => {
            const grade = p.poruthams[i]!.grade as keyof typeof share;
            expect(k.points, `${system} ${g}/${b} ${k.name}`).toBe(DASHAKOOT_MAX_POINTS[k.name] * share[grade]);
          });
          expect(d.total).toBe(d.kootas.reduce((t, k) => t + k.points!, 0));
          expect(d.maxTotal).toBe(36);
          expect(d.vetoed).toBe(p.vetoed);
          expect(d.verdict).toBe(!p.vetoed && d.total >= 18 ? "acceptable" : "not_recommended");
        }
      }
    }
  });
});

describe("dashakoot on named edge pairs (points worked by hand from the printed rules)", () => {
  // Order: dina, gana, mahendra, stree_deergha, yoni, rasi, rasyadhipati, vasya, rajju, vedha.
  it("the same star, other padas (Rohini 2 / Rohini 1): Dina madhyama 1.5, Rasi madhyama 3.5, Rajju fails: 23 of 36, vetoed", () => {
    const d = score(4, 4, "tamil", 2, 1);
    expect(points(d)).toEqual([1.5, 6, 0, 0, 4, 3.5, 5, 2, 0, 1]);
    expect(d.total).toBe(23);
    expect(d.vetoed).toBe(true);
    expect(d.verdict).toBe("not_recommended");
    expect(d.reasons.some((r) => r.startsWith("rajju fails"))).toBe(true);
  });

  it("the same star and pada: Dina adhama 0", () => {
    expect(pointsOf(score(4, 4, "tamil", 1, 1), "dina")).toBe(0);
  });

  it("the same rasi, other stars (groom Bharani, bride Ashwini, both Aries): 28 of 36, acceptable", () => {
    // Dina count 2 → 3; Manushya–Deva madhyama 3; count 2: no Mahendra, no Stree Deergha; horse–elephant (cell 2) madhyama 2;
    // the same sign, other stars uttama 7; both Mars 5; the same sign vasya 2; foot vs waist rajju 5; no vedha 1.
    const d = score(2, 1);
    expect(points(d)).toEqual([3, 3, 0, 0, 2, 7, 5, 2, 5, 1]);
    expect(d.total).toBe(28);
    expect(d.verdict).toBe("acceptable");
  });

  it("a vedha pair (groom Jyeshtha, bride Ashwini): Vedha 0 and, both foot rajju, Rajju 0: 15.5, vetoed twice", () => {
    // Dina count 18 → 3; Rakshasa–Deva 0; count 18: Mahendra 0, Stree Deergha 1; deer–horse (cell 1) madhyama 2;
    // Scorpio the 8th from Aries, both Mars: madhyama 3.5; Rasyadhipati 5; Scorpio vasya to Aries one way: 1.
    const d = score(18, 1);
    expect(points(d)).toEqual([3, 0, 0, 1, 2, 3.5, 5, 1, 0, 0]);
    expect(d.total).toBe(15.5);
    expect(d.kootas.filter((k) => k.veto).map((k) => k.name)).toEqual(["rajju", "vedha"]);
    expect(d.verdict).toBe("not_recommended");
    // Vedha is mutual: the other way round fails too.
    expect(pointsOf(score(1, 18), "vedha")).toBe(0);
  });

  it.each([
    ["pada (foot)", 1, 10], ["kati (waist)", 2, 11], ["nabhi (navel)", 3, 12], ["kantha (neck)", 4, 13], ["siro (head)", 5, 14],
  ])("each rajju group: a shared %s rajju scores Rajju 0 and vetoes", (_name, g, b) => {
    const d = score(g, b);
    expect(pointsOf(d, "rajju")).toBe(0);
    expect(d.vetoed).toBe(true);
    expect(d.verdict).toBe("not_recommended");
  });

  it("Kerala excuses a shared rajju climbing one way and falling the other: Rajju madhyama 2.5, no veto (Ashwini / Ashlesha)", () => {
    expect(pointsOf(score(9, 1, "tamil"), "rajju")).toBe(0);
    const k = score(9, 1, "kerala");
    expect(pointsOf(k, "rajju")).toBe(2.5);
    expect(k.kootas.find((x) => x.name === "rajju")!.veto).toBe(false);
  });

  it("a star matched without its sign: the three rasi kootas unjudged, the maximum 22 and the minimum scaled to 11", () => {
    const d = dashakoot(porutham("tamil", starFacts(5, null), starFacts(1, 1))); // Mrigashira spans Taurus and Gemini
    expect(d.kootas.filter((k) => k.points === null).map((k) => k.name)).toEqual(["rasi", "rasyadhipati", "vasya"]);
    expect(d.maxTotal).toBe(36 - 7 - 5 - 2);
    expect(d.minimum).toBe(11);
    expect(d.reasons[0]).toContain("14 need both Moon signs");
  });

  it("no pair earns all 36 (under the Tamil rules Dina's counts never meet Mahendra's beyond the 13th); the best earn 34 in either system", () => {
    const dina = [2, 4, 6, 8, 9, 11, 13, 15, 18, 20, 24, 26];
    const mahendra = [4, 7, 10, 13, 16, 19, 22, 25];
    expect(dina.filter((n) => mahendra.includes(n) && n >= 14)).toEqual([]); // so Dina, Mahendra and Stree Deergha are never all uttama
    for (const system of ["tamil", "kerala"] as const) {
      let best = 0;
      let worst = 36;
      for (let g = 1; g <= 27; g++) for (let b = 1; b <= 27; b++) for (let gp = 1; gp <= 4; gp++) for (let bp = 1; bp <= 4; bp++) {
        const t = score(g, b, system, gp, bp).total;
        expect(t * 2).toBe(Math.round(t * 2)); // half points at most
        best = Math.max(best, t);
        worst = Math.min(worst, t);
      }
      expect(best, system).toBe(34); // regression figure of the whole 27 × 27 × 16 padas sweep
      expect(worst, system).toBeLessThan(10);
    }
  });
});
