import { describe, expect, it } from "vitest";
import { EngineInputError } from "../../src/engine/errors.js";
import { MUHURTA_RULES, MUHURTA_TYPES, muhurtaRule } from "../../src/engine/muhurta/muhurta-rules.js";
import { YOGAS } from "../../src/engine/tables/yogas.js";

describe("muhurta rules", () => {
  it("knows the ten event types and refuses others, listing them", () => {
    expect(MUHURTA_TYPES).toEqual([
      "general", "marriage", "griha_pravesha", "vehicle_purchase", "business_start", "travel",
      "education_start", "property_purchase", "namakarana", "mundan",
    ]);
    expect(muhurtaRule(undefined).type).toBe("general");
    expect(muhurtaRule("Marriage").type).toBe("marriage");
    expect(() => muhurtaRule("coronation")).toThrow(EngineInputError);
    expect(() => muhurtaRule("coronation")).toThrow(/general, marriage, griha_pravesha.*mundan/);
  });

  it("never favours a Rikta tithi, Amavasya or an inauspicious yoga, and names a source", () => {
    for (const t of MUHURTA_TYPES) {
      const r = MUHURTA_RULES[t];
      for (const rikta of [4, 9, 14, 19, 24, 29, 30]) expect(r.tithis.has(rikta)).toBe(false);
      for (const y of YOGAS) if (y.inauspicious) expect(r.yogas.has(y.number)).toBe(false);
      expect(r.source).toMatch(/Muhurta Chintamani/);
      for (const n of r.nakshatras) expect(n >= 1 && n <= 27).toBe(true);
      for (const v of r.varas) expect(v >= 1 && v <= 7).toBe(true);
      expect(r.nakshatras.size).toBeGreaterThan(3);
    }
  });

  it("uses the classical marriage nakshatras (Rohini, Mrigashira, Magha, U. Phalguni, Hasta, Swati, Anuradha, Mula, U. Ashadha, U. Bhadrapada, Revati)", () => {
    expect([...MUHURTA_RULES.marriage.nakshatras].sort((a, b) => a - b)).toEqual([4, 5, 10, 12, 13, 15, 17, 19, 21, 26, 27]);
    expect(MUHURTA_RULES.marriage.varas.has(3)).toBe(false); // not on Tuesday
  });
});
