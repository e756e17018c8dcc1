/**
 * V8 heap flags for cluster workers (docs/architecture.md §11, §12; issue 10: ≤ 200 MB resident
 * per worker after load). A worker's live heap is ≈ 42 MB, but each REST request allocates
 * ≈ 0.5 MB, part of which outlives two scavenges and is promoted; V8's default growing factor
 * (up to 4× the live size on a machine with this much memory) then lets the old space fill to
 * 120–170 MB of garbage before the next full collection, and the resident size follows it
 * (measured: 250–285 MB after 8,000–16,000 requests). A fixed factor of 1.5 keeps the old space
 * near 70 MB at the price of a few more full collections (measured 12–15 instead of 5 over
 * 8,000 requests a worker). The young generation is left at V8's size: halving it doubles the
 * scavenges and promotes more, not less. With the REST fast lane (far less promoted garbage,
 * docs/architecture.md §11) V8's default factor still let workers reach 233–241 MB in the same
 * bench, so the flag stays; it costs about 2 ms of p99 at 10 connections (11.6–13.4 ms with it,
 * 9.5–11.5 without, measured alternately on one machine).
 */
export const WORKER_HEAP_FLAGS: readonly string[] = ["--heap-growing-percent=50"];

/** Flags that mean the operator sized the heap themselves: then nothing is added. */
const OPERATOR_HEAP_FLAG = /--(max-old-space-size|heap-growing-percent|max-heap-size|max-semi-space-size)\b/;

/** The execArgv for forked workers: the primary's own, plus WORKER_HEAP_FLAGS unless the operator set a heap flag (argv or NODE_OPTIONS). */
export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const operatorSized = execArgv.some((a) => OPERATOR_HEAP_FLAG.test(a)) || OPERATOR_HEAP_FLAG.test(nodeOptions ?? "");
  return operatorSized ? [...execArgv] : [...execArgv, ...WORKER_HEAP_FLAGS];
}
