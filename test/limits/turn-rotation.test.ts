import { describe, expect, it } from "vitest";
import { nextTurn } from "../../src/gates/turns.js";

/**
 * The rotation of src/gates/turns.ts without a schema or a clock (docs/limits.md, "The event
 * loop"): one waiter is resumed per check phase, and requesters take turns round robin, so a
 * requester that arrives behind another's hundreds of waiters is resumed within one round.
 */
describe("the turn rotation", () => {
  it("resumes one waiter per check phase, and a late requester within one round of the others", async () => {
    let phase = 0;
    let counting = true;
    const count = () => { if (counting) { phase += 1; setImmediate(count); } };
    setImmediate(count);
    const heavyA = {};
    const heavyB = {};
    const resumedAt: Record<string, number[]> = { a: [], b: [], small: [] };
    const waits: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      waits.push(nextTurn(heavyA).then(() => { resumedAt.a!.push(phase); }));
      waits.push(nextTurn(heavyB).then(() => { resumedAt.b!.push(phase); }));
    }
    // Five phases later (five of the 400 heavy waiters resumed), a small requester waits once.
    while (phase < 5) await new Promise<void>((r) => setImmediate(r));
    const arrived = phase;
    await nextTurn({}).then(() => { resumedAt.small!.push(phase); });
    await Promise.all(waits);
    counting = false;

    // Behind at most one waiter of each heavy requester, then its turn.
    expect(resumedAt.small![0]! - arrived).toBeLessThanOrEqual(3);
    // The heavy requesters' waiters were still queued: hundreds resumed after the small one.
    expect(resumedAt.a!.filter((p) => p > resumedAt.small![0]!).length).toBeGreaterThan(150);
    // One waiter per phase: 401 waiters take at least 401 phases, never two in one.
    const all = [...resumedAt.a!, ...resumedAt.b!, ...resumedAt.small!];
    expect(new Set(all).size).toBe(all.length);
    // Round robin: a and b alternate (the small one once between), neither twice while the other waits.
    const order = all.map((p, i) => [p, i < 200 ? "a" : i < 400 ? "b" : "s"] as const).sort((x, y) => x[0] - y[0]).map(([, who]) => who);
    const heavyOrder = order.filter((who) => who !== "s").join("");
    expect(heavyOrder).toBe("ab".repeat(200));
    expect(order.indexOf("s")).toBeLessThanOrEqual(arrived + 2);
  });
});
