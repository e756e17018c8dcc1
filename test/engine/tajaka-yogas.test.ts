import { describe, expect, it } from "vitest";
import { TAJAKA_YOGA_NAMES, tajakaYogas, type TajakaYogaName } from "../../src/engine/tajaka/tajaka-yogas.js";
import type { SaptaGraha } from "../../src/engine/types.js";

/**
 * Each of the sixteen Tajaka yogas on a constructed chart that sits on its rule, and the same
 * chart moved just off it. Longitudes are sidereal; sign n starts at (n − 1)·30°. Planets not in
 * the configuration are parked at 20–28° Virgo, where they stand in no aspect with Aries, Taurus,
 * Leo or Libra (2/12 or 6/8) and none of them is strong; yogas among the parked planets
 * themselves are left out of the comparison. Deeptamshas (mean of the pair): Moon 12,
 * Mercury 7, Venus 7, Sun 15, Mars 8, Jupiter 9, Saturn 9.
 */
const S = (sign: number, deg: number) => (sign - 1) * 30 + deg;
const PARKED: Record<SaptaGraha, number> = {
  sun: S(6, 20), moon: S(6, 21), mars: S(6, 22), mercury: S(6, 23), jupiter: S(6, 24), venus: S(6, 25), saturn: S(6, 28),
};
const ARIES = 0;

function found(name: TajakaYogaName, place: Partial<Record<SaptaGraha, number>>, opts: { lagna?: number; speed?: Partial<Record<SaptaGraha, number>> } = {}) {
  // Only yogas among the placed planets: the parked ones, conjoined in Virgo (the 6th), form their own.
  return tajakaYogas(opts.lagna ?? ARIES, { ...PARKED, ...place }, opts.speed ?? {})
    .filter((y) => y.name === name && y.planets.every((g) => g in place)).map((y) => y.planets);
}

describe("the sixteen Tajaka yogas (Tajaka Neelakanthi)", () => {
  it("names all sixteen, in the text's order", () => {
    expect(TAJAKA_YOGA_NAMES).toEqual([
      "Ikkavala", "Induvara", "Ithasala", "Eesarpha", "Nakta", "Yamaya", "Manahoo", "Kamboola",
      "Gairi-Kamboola", "Khallasara", "Radda", "Duhphali-kutta", "Dutthotha-davira", "Tambira", "Kuttha", "Durudhura",
    ]);
  });

  it("1 Ikkavala: all seven in houses 1, 2, 4, 5, 7, 8, 10, 11; one in the 3rd breaks it", () => {
    const on = { sun: S(1, 5), moon: S(2, 5), mars: S(4, 5), mercury: S(5, 5), jupiter: S(7, 5), venus: S(8, 5), saturn: S(10, 5) };
    expect(found("Ikkavala", on)).toHaveLength(1);
    expect(found("Ikkavala", { ...on, saturn: S(3, 5) })).toEqual([]);
  });

  it("2 Induvara: all seven in houses 3, 6, 9, 12; one in the 1st breaks it", () => {
    const on = { sun: S(3, 5), moon: S(3, 6), mars: S(6, 5), mercury: S(9, 5), jupiter: S(12, 5), venus: S(12, 6), saturn: S(3, 7) };
    expect(found("Induvara", on)).toHaveLength(1);
    expect(found("Induvara", { ...on, saturn: S(1, 7) })).toEqual([]);
  });

  it("3 Ithasala: Mercury 10° Aries, Jupiter 14° Leo (trine, 4° behind, orb 8°); at 19° Leo (9° > 8°) none", () => {
    expect(found("Ithasala", { mercury: S(1, 10), jupiter: S(5, 14) })).toContainEqual(["mercury", "jupiter"]);
    expect(found("Ithasala", { mercury: S(1, 10), jupiter: S(5, 18) })).toContainEqual(["mercury", "jupiter"]); // 8°: on the orb
    expect(found("Ithasala", { mercury: S(1, 10), jupiter: S(5, 18.01) })).not.toContainEqual(["mercury", "jupiter"]);
  });

  it("4 Eesarpha: Mercury 10° Aries past Jupiter 4° Leo by 6°; past by 8.01° none", () => {
    expect(found("Eesarpha", { mercury: S(1, 10), jupiter: S(5, 4) })).toContainEqual(["mercury", "jupiter"]);
    expect(found("Eesarpha", { mercury: S(1, 10), jupiter: S(5, 1.99) })).not.toContainEqual(["mercury", "jupiter"]);
  });

  it("5 Nakta: Jupiter (Aries) and Saturn (Taurus) unaspected; the faster Mars at 8° Leo applies to both within orb 8.5°", () => {
    const on = { jupiter: S(1, 10), saturn: S(2, 12), mars: S(5, 8) };
    expect(found("Nakta", on)).toEqual([["jupiter", "saturn", "mars"]]);
    expect(found("Nakta", { ...on, mars: S(5, 20) })).toEqual([]); // Mars 10° past Jupiter: out of orb
    expect(found("Nakta", { ...on, saturn: S(3, 12) })).toEqual([]); // Saturn in Gemini: the two aspect each other
  });

  it("6 Yamaya: Moon (Aries) and Mercury (Taurus) unaspected; the slower Saturn 10° Leo is within orb of both", () => {
    const on = { moon: S(1, 5), mercury: S(2, 6), saturn: S(5, 10) };
    expect(found("Yamaya", on)).toContainEqual(["moon", "mercury", "saturn"]);
    expect(found("Yamaya", { ...on, saturn: S(5, 20) })).not.toContainEqual(["moon", "mercury", "saturn"]); // Moon 15° behind > 10.5°
  });

  it("7 Manahoo: Mercury→Jupiter Ithasala; Mars 12° Cancer squares Mercury within 7.5°; at 20° Cancer no longer", () => {
    const on = { mercury: S(1, 10), jupiter: S(5, 14), mars: S(4, 12) };
    expect(found("Manahoo", on)).toEqual([["mercury", "jupiter", "mars"]]);
    expect(found("Manahoo", { ...on, mars: S(4, 20) })).toEqual([]);
  });

  it("8 Kamboola: the Moon 8° Sagittarius applies to Mercury of the Mercury→Jupiter Ithasala; at 20° it applies to neither", () => {
    const on = { mercury: S(1, 10), jupiter: S(5, 14), moon: S(9, 8) };
    expect(found("Kamboola", on)).toEqual([["mercury", "jupiter", "moon"]]);
    expect(found("Kamboola", { ...on, moon: S(9, 20) })).toEqual([]);
  });

  it("9 Gairi-Kamboola: the Moon at 29.5° Sagittarius, joining neither, meets exalted Saturn (5° Libra) from Capricorn", () => {
    const on = { mercury: S(1, 10), jupiter: S(5, 14), moon: S(9, 29.5), saturn: S(7, 5) };
    expect(found("Gairi-Kamboola", on)).toEqual([["mercury", "jupiter", "moon", "saturn"]]);
    expect(found("Gairi-Kamboola", { ...on, moon: S(9, 28.9) })).toEqual([]); // not yet in the last degree
    expect(found("Gairi-Kamboola", { ...on, saturn: S(7, 11) })).toEqual([]); // 11° > orb 10.5° from Capricorn 0°
  });

  it("10 Khallasara: the Moon at 28° Sagittarius is out of orb of Mercury and Jupiter; at 12° it applies to Jupiter", () => {
    const on = { mercury: S(1, 10), jupiter: S(5, 14), moon: S(9, 28) };
    expect(found("Khallasara", on)).toEqual([["mercury", "jupiter", "moon"]]);
    expect(found("Khallasara", { ...on, moon: S(9, 12) })).toEqual([]);
  });

  it("11 Radda: Mercury→Jupiter Ithasala with Jupiter debilitated (Capricorn); Jupiter in Leo is not weak", () => {
    expect(found("Radda", { mercury: S(1, 10), jupiter: S(10, 14) })).toEqual([["mercury", "jupiter"]]);
    expect(found("Radda", { mercury: S(1, 10), jupiter: S(5, 14) })).toEqual([]);
    // Retrograde is weak too.
    expect(found("Radda", { mercury: S(1, 10), jupiter: S(5, 14) }, { speed: { jupiter: -0.05 } })).toEqual([["mercury", "jupiter"]]);
  });

  it("12 Duhphali-kutta: the slower Jupiter exalted (Cancer) receives Mercury (not strong); a retrograde Mercury spoils it", () => {
    const on = { mercury: S(1, 10), jupiter: S(4, 14) };
    expect(found("Duhphali-kutta", on)).toEqual([["mercury", "jupiter"]]);
    expect(found("Duhphali-kutta", on, { speed: { mercury: -0.3 } })).toEqual([]);
  });

  it("13 Dutthotha-davira: Mercury (Pisces) and Jupiter (Capricorn) both debilitated in Ithasala; exalted Saturn 16° Libra applies… to Jupiter's Ithasala", () => {
    const on = { mercury: S(12, 10), jupiter: S(10, 14), saturn: S(7, 16) };
    expect(found("Dutthotha-davira", on)).toEqual([["mercury", "jupiter", "saturn"]]);
    expect(found("Dutthotha-davira", { ...on, saturn: S(7, 25) })).toEqual([]); // 11° ahead of Jupiter > orb 9°
  });

  it("14 Tambira: Mercury at 29.5° Aries meets exalted Jupiter (3° Cancer) on entering Taurus; at 27° Aries not yet", () => {
    expect(found("Tambira", { mercury: S(1, 29.5), jupiter: S(4, 3) })).toEqual([["mercury", "jupiter"]]);
    expect(found("Tambira", { mercury: S(1, 27), jupiter: S(4, 3) })).toEqual([]);
  });

  it("15 Kuttha: Mercury in Gemini (own) and Jupiter in Sagittarius (own) in Ithasala, in houses 1 and 7 (lagna Gemini) or 2 and 8 (Taurus); lagna Cancer puts Mercury in the 12th", () => {
    const on = { mercury: S(3, 10), jupiter: S(9, 14) };
    expect(found("Kuttha", on, { lagna: S(3, 1) })).toEqual([["mercury", "jupiter"]]);
    expect(found("Kuttha", on, { lagna: S(2, 1) })).toEqual([["mercury", "jupiter"]]);
    expect(found("Kuttha", on, { lagna: S(4, 1) })).toEqual([]);
  });

  it("16 Durudhura: Mercury (Pisces) and Jupiter (Capricorn) in Ithasala, both debilitated; Jupiter exalted in Cancer leaves one weak", () => {
    expect(found("Durudhura", { mercury: S(12, 10), jupiter: S(10, 14) })).toEqual([["mercury", "jupiter"]]);
    expect(found("Durudhura", { mercury: S(12, 10), jupiter: S(4, 14) })).toEqual([]);
  });
});
