import { describe, expect, it } from "vitest";
import { KARANAS, halfTithiOf, karanaOfHalfTithi } from "../../src/engine/tables/karanas.js";
import { MASAS, masaOfSunRashiAtNewMoon } from "../../src/engine/tables/masas.js";
import { RITUS, ayanaOfSunRashi, rituOfMasa } from "../../src/engine/tables/ritus.js";
import { SAMVATSARAS, samvatsaraOfShakaYear } from "../../src/engine/tables/samvatsaras.js";
import { TITHIS, tithiOf } from "../../src/engine/tables/tithis.js";
import { VARAS, varaOfSunrise } from "../../src/engine/tables/varas.js";
import { YOGAS, yogaOf } from "../../src/engine/tables/yogas.js";
import { jdFromUnixMs } from "../../src/engine/time/julian.js";

describe("panchanga tables", () => {
  it("has 30 tithis: Shukla 1–15 ending with Purnima, Krishna 16–30 ending with Amavasya", () => {
    expect(TITHIS).toHaveLength(30);
    expect(TITHIS[14]).toMatchObject({ number: 15, name: "Purnima", paksha: "shukla" });
    expect(TITHIS[29]).toMatchObject({ number: 30, name: "Amavasya", paksha: "krishna" });
    expect(TITHIS[10]!.name).toBe("Ekadashi");
    expect(TITHIS[25]).toMatchObject({ name: "Ekadashi", paksha: "krishna", pakshaDay: 11 });
    expect(tithiOf(0)).toBe(1);
    expect(tithiOf(179.999)).toBe(15);
    expect(tithiOf(359.999)).toBe(30);
    expect(tithiOf(-1)).toBe(30);
  });

  it("has 27 yogas from Vishkumbha to Vaidhriti with nine inauspicious", () => {
    expect(YOGAS).toHaveLength(27);
    expect(YOGAS[0]!.name).toBe("Vishkumbha");
    expect(YOGAS[26]!.name).toBe("Vaidhriti");
    expect(YOGAS.filter((y) => y.inauspicious).map((y) => y.number)).toEqual([1, 6, 9, 10, 13, 15, 17, 19, 27]);
    expect(yogaOf(360 / 27 + 1e-9)).toBe(2);
    expect(yogaOf(359.99)).toBe(27);
  });

  it("maps the 60 half-tithis to the 11 karanas in the standard naming", () => {
    expect(KARANAS.map((k) => k.name)).toEqual([
      "Bava", "Balava", "Kaulava", "Taitila", "Garaja", "Vanija", "Vishti", "Shakuni", "Chatushpada", "Naga", "Kimstughna",
    ]);
    const seq = Array.from({ length: 60 }, (_, i) => karanaOfHalfTithi(i + 1));
    expect(seq[0]).toBe(11);
    expect(seq.slice(1, 8)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(seq.slice(50, 57)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(seq.slice(57)).toEqual([8, 9, 10]);
    // Each movable karana occurs 8 times a month, each fixed one once.
    for (let k = 1; k <= 7; k++) expect(seq.filter((x) => x === k)).toHaveLength(8);
    for (let k = 8; k <= 11; k++) expect(seq.filter((x) => x === k)).toHaveLength(1);
    expect(halfTithiOf(6)).toBe(2);
    expect(KARANAS[karanaOfHalfTithi(47) - 1]!.name).toBe("Taitila"); // as in the reference data
  });

  it("numbers varas from Sunday = 1 with their lords, by the local date of sunrise", () => {
    expect(VARAS.map((v) => v.lord)).toEqual(["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn"]);
    // 2000-01-01 was a Saturday; a 06:30 IST sunrise that day (01:00 UT) is Saturday in Delhi.
    expect(varaOfSunrise(jdFromUnixMs(Date.UTC(2000, 0, 1, 1, 0)), 77.2)).toBe(7);
    // 2024-03-10 was a Sunday; New York sunrise 07:20 EDT = 11:20 UT.
    expect(varaOfSunrise(jdFromUnixMs(Date.UTC(2024, 2, 10, 11, 20)), -74)).toBe(1);
    // Sydney sunrise 2024-01-01 05:47 AEDT = 2023-12-31 18:47 UT is Monday 1 January locally.
    expect(varaOfSunrise(jdFromUnixMs(Date.UTC(2023, 11, 31, 18, 47)), 151.2)).toBe(2);
  });

  it("names masas from the Sun's rashi at the opening new moon (Meena → Chaitra)", () => {
    expect(MASAS).toHaveLength(12);
    expect(MASAS[masaOfSunRashiAtNewMoon(12) - 1]!.name).toBe("Chaitra");
    expect(MASAS[masaOfSunRashiAtNewMoon(1) - 1]!.name).toBe("Vaishakha");
    expect(MASAS[masaOfSunRashiAtNewMoon(11) - 1]!.name).toBe("Phalguna");
  });

  it("has 60 samvatsaras, Shaka 1946 being Krodhi and 1947 Vishvavasu", () => {
    expect(SAMVATSARAS).toHaveLength(60);
    expect(new Set(SAMVATSARAS).size).toBe(60);
    expect(SAMVATSARAS[samvatsaraOfShakaYear(1946) - 1]).toBe("Krodhi");
    expect(SAMVATSARAS[samvatsaraOfShakaYear(1947) - 1]).toBe("Vishvavasu");
    expect(SAMVATSARAS[samvatsaraOfShakaYear(1945) - 1]).toBe("Shobhakrit");
    expect(samvatsaraOfShakaYear(1946 + 60)).toBe(samvatsaraOfShakaYear(1946));
  });

  it("pairs lunar months into six ritus and halves the year into two ayanas", () => {
    expect(RITUS).toHaveLength(6);
    expect(RITUS[rituOfMasa(1) - 1]!.name).toBe("Vasanta");
    expect(RITUS[rituOfMasa(12) - 1]!.name).toBe("Shishira");
    expect(ayanaOfSunRashi(10)).toBe("Uttarayana");
    expect(ayanaOfSunRashi(3)).toBe("Uttarayana");
    expect(ayanaOfSunRashi(4)).toBe("Dakshinayana");
    expect(ayanaOfSunRashi(9)).toBe("Dakshinayana");
  });
});
