import { describe, expect, it } from "vitest";
import { vargaPlacement } from "../../src/engine/varga/varga-sign.js";
import { VARGA_METHODS } from "../../src/engine/tables/varga-methods.js";
import { rng } from "./chart-helpers.js";

/**
 * The Jagannatha Hora vargas beyond BPHS's sixteen (D5, D6, D8, D11, D81, D108, D144) and the
 * Parivritti hora.
 *
 * Worked example: PyJHora 4.8.6 (a second implementation of Jagannatha Hora's methods)
 * `charts.divisional_chart` for 23 Aug 1983 15:35 IST, Patan (23.85 N, 72.12 E), Lahiri, as quoted
 * with its rasi positions in the public test "Divisional Charts Parity Test" of the calculate-kundli
 * function (deno, divisional_test.ts). Each row: graha, D1 sign, degree in sign, then the expected
 * D5, D6, D8, D11 and Parivritti D2 signs.
 */
const PYJHORA_1983: readonly [string, number, number, number, number, number, number, number][] = [
  ["ascendant", 9, 8.680197, 11, 2, 7, 8, 5],
  ["sun", 5, 5.215551, 1, 2, 10, 10, 9],
  ["moon", 11, 2.975166, 1, 1, 9, 4, 9],
  ["mars", 4, 11.759671, 6, 9, 4, 2, 7],
  ["mercury", 6, 2.17144, 2, 7, 5, 8, 11],
  ["jupiter", 8, 7.510355, 6, 8, 11, 8, 3],
  ["venus", 5, 8.013184, 11, 2, 11, 11, 9],
  ["saturn", 7, 5.412116, 1, 2, 2, 8, 1],
  ["rahu", 2, 28.294861, 8, 12, 4, 10, 4],
  ["ketu", 8, 28.294861, 8, 12, 4, 4, 4],
];

const lonOf = (sign: number, deg: number): number => (sign - 1) * 30 + deg;

describe("higher vargas against PyJHora's worked chart (1983-08-23 Patan)", () => {
  it.each(PYJHORA_1983)("%s", (_g, sign, deg, d5, d6, d8, d11, d2p) => {
    const lon = lonOf(sign, deg);
    expect(vargaPlacement("D5", lon).rashi).toBe(d5);
    expect(vargaPlacement("D6", lon).rashi).toBe(d6);
    expect(vargaPlacement("D8", lon).rashi).toBe(d8);
    expect(vargaPlacement("D11", lon).rashi).toBe(d11);
    expect(vargaPlacement("D2", lon, { hora: "parivritti" }).rashi).toBe(d2p);
  });
});

describe("definitions (P.V.R. Narasimha Rao, Vedic Astrology: An Integrated Approach)", () => {
  it("D5: odd signs Aries, Aquarius, Sagittarius, Gemini, Libra; even signs Taurus, Virgo, Pisces, Capricorn, Scorpio", () => {
    expect([0, 1, 2, 3, 4].map((k) => vargaPlacement("D5", lonOf(1, 6 * k + 3)).rashi)).toEqual([1, 11, 9, 3, 7]);
    expect([0, 1, 2, 3, 4].map((k) => vargaPlacement("D5", lonOf(4, 6 * k + 3)).rashi)).toEqual([2, 6, 12, 10, 8]);
  });

  it("D6: odd signs from Aries, even from Libra; D8: movable from Aries, fixed from Sagittarius, dual from Leo", () => {
    expect(vargaPlacement("D6", lonOf(3, 1)).rashi).toBe(1);
    expect(vargaPlacement("D6", lonOf(2, 1)).rashi).toBe(7);
    expect([1, 2, 3].map((s) => vargaPlacement("D8", lonOf(s, 1)).rashi)).toEqual([1, 9, 5]);
  });

  it("D11, D81, D108 count on cyclically from Aries; D81 is the navamsha of the navamsha; D144 the dwadashamsha of the dwadashamsha", () => {
    const next = rng(81);
    for (let i = 0; i < 500; i++) {
      const lon = next() * 360;
      for (const n of [11, 81, 108] as const) {
        expect(vargaPlacement(`D${n}`, lon).rashi).toBe((Math.floor((lon * n) / 30) % 12) + 1);
      }
      const d9 = vargaPlacement("D9", lon);
      expect(vargaPlacement("D81", lon).rashi).toBe(vargaPlacement("D9", (d9.rashi - 1) * 30 + d9.degInRashi).rashi);
      const d12 = vargaPlacement("D12", lon);
      expect(vargaPlacement("D144", lon).rashi).toBe(vargaPlacement("D12", (d12.rashi - 1) * 30 + d12.degInRashi).rashi);
    }
    expect(VARGA_METHODS.D144.method).toBe("d12_of_d12");
  });

  it("Parivritti D2: Aries 0–15° → Aries, 15–30° → Taurus, Taurus → Gemini/Cancer …; the default stays the Sun/Moon hora", () => {
    expect([5, 20, 35, 50].map((l) => vargaPlacement("D2", l, { hora: "parivritti" }).rashi)).toEqual([1, 2, 3, 4]);
    expect(vargaPlacement("D2", 5).rashi).toBe(5);
  });
});
