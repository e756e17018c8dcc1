import { describe, expect, it } from "vitest";
import { stringifySliced } from "../../src/costing/sliced-json.js";
import { nextTurn, SLICE_MS, turnIsLong } from "../../src/gates/turns.js";

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
    // Pieces that take longer than a slice each (a toJSON that spins): every piece ends a turn.
    const slow = { toJSON: () => { for (const stop = performance.now() + SLICE_MS + 1; performance.now() < stop;); return "slow"; } };
    const value = { d0: { mahaDashas: tree(1) }, slow: Array.from({ length: 12 }, () => slow) };
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const out = await stringifySliced(value);
    running = false;
    expect(out.text).toBe(JSON.stringify(value));
    expect(turns).toBeGreaterThanOrEqual(11);
  });

  it("takes its turns in the rotation the yield points share: one slice of heavy work per loop iteration", async () => {
    // Two serialisations and a field-like waiter at once: without one rotation each mechanism resumed
    // its own waiter in the same check phase (two or three slices per loop iteration).
    const slow = { toJSON: () => { for (const stop = performance.now() + SLICE_MS + 1; performance.now() < stop;); return "slow"; } };
    const value = Array.from({ length: 8 }, () => slow);
    let iterations = 0;
    let slicesThisIteration = 0;
    let most = 0;
    let running = true;
    // A timer per loop iteration (the timers phase): counts iterations and resets the slice count.
    const iteration = () => {
      if (!running) return;
      iterations += 1;
      // The first iteration holds the three starts, made synchronously by this test.
      if (iterations > 1) most = Math.max(most, slicesThisIteration);
      slicesThisIteration = 0;
      setTimeout(iteration, 0);
    };
    setTimeout(iteration, 0);
    const counted = { toJSON: () => { slicesThisIteration += 1; return slow.toJSON(); } };
    const field = (async () => {
      for (let i = 0; i < 8; i++) {
        slicesThisIteration += 1;
        for (const stop = performance.now() + SLICE_MS + 1; performance.now() < stop;);
        if (turnIsLong()) await nextTurn(field);
      }
    });
    const [a, b] = await Promise.all([
      stringifySliced(Array.from({ length: 8 }, () => counted)),
      stringifySliced(Array.from({ length: 8 }, () => counted)),
      field(),
    ]);
    running = false;
    expect(a!.text).toBe(JSON.stringify(value));
    expect(b!.text).toBe(JSON.stringify(value));
    expect(iterations).toBeGreaterThanOrEqual(8);
    expect(most).toBe(1);
  });
});
