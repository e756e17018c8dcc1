import { describe, expect, it } from "vitest";
import { stringifySliced } from "../../src/costing/sliced-json.js";

/** A four-level dasha-like tree: 9 + 81 + 729 + 6,561 periods, as GraphQL completes it (null-prototype objects). */
function tree(level: number): object[] {
  return Array.from({ length: 9 }, (_, i) => {
    const o = Object.create(null) as Record<string, unknown>;
    o.planet = ["SUN", "MOON", "MARS", "RAHU", "JUPITER", "SATURN", "MERCURY", "KETU", "VENUS"][i];
    o.start = `2024-01-${String(10 + i).padStart(2, "0")}T10:30:00.000+05:30`;
    o.end = null;
    if (level < 4) o.subPeriods = tree(level + 1);
    return o;
  });
}

describe("a large answer's JSON made in slices", () => {
  it("is JSON.stringify's text, byte for byte, with its UTF-8 length", async () => {
    const odd = Object.create(null) as Record<string, unknown>;
    Object.assign(odd, {
      name: "திருவோணம் \"quoted\" \\ \u2028", n: -0.5, big: 1e21, t: true, f: false, nil: null, gone: undefined,
      list: [1, undefined, "x", null, { deep: { deeper: { deepest: { leaf: [1, 2, { a: "அ" }] } } } }],
      when: new Date(Date.UTC(2024, 0, 15)), empty: {}, none: [],
    });
    for (const value of [odd, { data: { d0: { mahaDashas: tree(1) } } }, [], {}, "text", 3, null]) {
      const out = await stringifySliced(value);
      expect(out.text).toBe(JSON.stringify(value));
      expect(out.bytes).toBe(Buffer.byteLength(JSON.stringify(value)));
    }
  });

  it("hands the event loop back between slices", async () => {
    const value = { d0: { mahaDashas: tree(1) }, d1: { mahaDashas: tree(1) }, d2: { mahaDashas: tree(1) } };
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const out = await stringifySliced(value, 0);
    running = false;
    expect(out.text).toBe(JSON.stringify(value));
    // With a zero slice every native piece (27 maha periods) is followed by a turn of the loop.
    expect(turns).toBeGreaterThanOrEqual(27);
  });
});
