import "reflect-metadata";
import { execute, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { createGraphQLContext } from "../../src/resolvers/context.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";

/**
 * Issue 22 item 3: a heavy request does not hold the event loop for its whole run. Between the
 * aliases of an operation and the levels of a dasha tree, a turn that has run past SLICE_MS hands
 * the loop back (docs/limits.md), so a timer set when the request starts fires before it ends.
 */
const BIRTH = `{ datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }`;
const TREE = "mahaDashas { planet start end subPeriods { planet start end subPeriods { planet start end subPeriods { planet start end } } } }";

describe("yield points", () => {
  it("a timer fires while three aliases of a four-level dasha execute, and often", async () => {
    const schema = await buildAppSchema();
    const document = parse(`{ a: dasha(birth: ${BIRTH}) { ${TREE} } b: dasha(birth: ${BIRTH}) { ${TREE} } c: dasha(birth: ${BIRTH}) { ${TREE} } }`);
    let ticks = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      ticks += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const started = performance.now();
    const result = await execute({ schema, document, contextValue: createGraphQLContext({ requestId: "t" }) });
    const ms = performance.now() - started;
    running = false;
    expect(result.errors).toBeUndefined();
    expect((result.data as any).c.mahaDashas[8].subPeriods[8].subPeriods[8].subPeriods).toHaveLength(9);
    // At least one hand-back per 10 ms slice (a loaded machine makes slices longer, never fewer turns).
    expect(ticks).toBeGreaterThanOrEqual(Math.min(3, Math.floor(ms / 30)));
    expect(ticks).toBeGreaterThan(0);
  });
});
