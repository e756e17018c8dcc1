import { describe, expect, it } from "vitest";
import { EngineInputError } from "../../src/engine/errors.js";
import { parseCriteria } from "../../src/engine/panchanga/search-criteria.js";

describe("panchanga search criteria", () => {
  it("accepts tithi by name (both pakshas), by paksha-qualified name, or by number 1-30", () => {
    expect([...parseCriteria({ tithi: "Ekadashi" }).tithi!]).toEqual([11, 26]);
    expect([...parseCriteria({ tithi: "krishna ekadashi" }).tithi!]).toEqual([26]);
    expect([...parseCriteria({ tithi: "Purnima" }).tithi!]).toEqual([15]);
    expect([...parseCriteria({ tithi: 30 }).tithi!]).toEqual([30]);
    expect([...parseCriteria({ tithi: "4" }).tithi!]).toEqual([4]);
  });

  it("accepts nakshatra, yoga and karana by name or number", () => {
    const c = parseCriteria({ nakshatra: "Purva Phalguni", yoga: "siddhi", karana: "Gara" });
    expect([...c.nakshatra!]).toEqual([11]);
    expect([...c.yoga!]).toEqual([16]);
    expect([...c.karana!]).toEqual([5]);
    expect([...parseCriteria({ karana: 11 }).karana!]).toEqual([11]);
  });

  it("accepts vara as English or Sanskrit (Ravi, Soma, Mangala, Budha, Guru, Shukra, Shani)", () => {
    const names = ["Ravi", "Soma", "Mangala", "Budha", "Guru", "Shukra", "Shani"];
    names.forEach((n, i) => expect([...parseCriteria({ vara: n }).vara!]).toEqual([i + 1]));
    expect([...parseCriteria({ vara: "thursday" }).vara!]).toEqual([5]);
  });

  it("refuses unknown names with the accepted ones listed", () => {
    expect(() => parseCriteria({ tithi: "Ekadasi-ish" })).toThrow(EngineInputError);
    expect(() => parseCriteria({ tithi: "Ekadasi-ish" })).toThrow(/accepted: Pratipada, Dwitiya.*Purnima.*Amavasya/);
    expect(() => parseCriteria({ vara: "Funday" })).toThrow(/accepted: Sunday, Monday/);
    expect(() => parseCriteria({ nakshatra: 28 })).toThrow(/1-27/);
    expect(() => parseCriteria({ karana: 0 })).toThrow(/1-11/);
    expect(() => parseCriteria({ planet: "x" } as never)).toThrow(/unknown criteria key/);
  });
});
