/**
 * Turns of the event loop shared by everything that divides a heavy request into slices (docs/limits.md,
 * "The event loop"): the yield points between GraphQL fields (src/resolvers/yield-points.ts) and the
 * sliced JSON of large answers (src/costing/sliced-json.ts). A turn runs until SLICE_MS have passed;
 * then whoever is working waits in one round-robin queue, and exactly one waiter is resumed per check
 * phase, so one loop iteration holds at most about one slice of heavy work whatever the number of
 * heavy requests and of the mechanisms they are in (two queues, each resuming one waiter per
 * phase, gave two slices per iteration).
 */

/** Longest run of one turn before heavy work yields, ms (well under the 50 ms /health budget). */
export const SLICE_MS = 5;

let turnStart: number | undefined;
let resetQueued = false;

/** Starts the clock of this turn; the next check phase clears it (a new turn starts a new clock). */
function startTurn(now: number): void {
  turnStart = now;
  if (resetQueued) return;
  resetQueued = true;
  setImmediate(() => {
    resetQueued = false;
    turnStart = undefined;
  });
}

/** True when this turn has run longer than SLICE_MS; the first call of a turn starts its clock. */
export function turnIsLong(): boolean {
  const now = performance.now();
  if (turnStart === undefined) {
    startTurn(now);
    return false;
  }
  return now - turnStart > SLICE_MS;
}

/**
 * Waiters per requester (a GraphQL request's context, a serialisation), oldest first. One waiter is
 * resumed per check phase: resumed together, hundreds of waiting fields (a dasha tree's level) ran
 * in one phase again (measured: turns of 85 ms with one setImmediate per field). Requesters take
 * turns round robin, so a light request that had to wait is resumed after at most one waiter of
 * each other requester, not after all of theirs (one queue kept /health waiting ≈ 400 ms behind
 * three dasha trees' fields).
 */
const waiting = new Map<object, Array<() => void>>();
let waiters = 0;
const NO_REQUESTER = {};

function resumeNext(): void {
  const first = waiting.entries().next();
  if (first.done) return;
  const [requester, queue] = first.value;
  const next = queue.shift()!;
  waiting.delete(requester);
  if (queue.length > 0) waiting.set(requester, queue); // to the back of the rotation
  waiters--;
  if (waiters > 0) setImmediate(resumeNext);
  // The resumed work (in the microtasks after this callback) gets a fresh slice.
  startTurn(performance.now());
  next();
}

/** Resolves in a later turn, when `requester`'s place in the rotation comes. */
export function nextTurn(requester: unknown): Promise<void> {
  return new Promise((resolve) => {
    const key = requester !== null && typeof requester === "object" ? requester : NO_REQUESTER;
    const queue = waiting.get(key);
    if (queue) queue.push(resolve);
    else waiting.set(key, [resolve]);
    if (++waiters === 1) setImmediate(resumeNext);
  });
}
