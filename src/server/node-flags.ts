/**
 * V8 flags of every service process: `npm start` passes them, and the cluster primary adds them to
 * the workers it forks (docs/architecture.md §11, §12; docs/limits.md, "Garbage collection").
 *
 * - `--max-semi-space-size=4` (MB; V8's default grows to 16): a scavenge copies what survives in the
 *   young generation, so its pause is bounded by this size. While three 2 MB dasha answers are
 *   built at once, 16 MB semi-spaces gave scavenges of 11–29 ms; 4 MB keeps them to a few ms, and
 *   the young generation's resident share falls from 48 to 12 MB. REST throughput was unchanged
 *   (1,839 vs 1,746 req/s, CPU per request 0.66 vs 0.63 ms, `npm run bench -- --only=graphql`).
 * - `--heap-growing-percent=100`: a fixed growing factor of 2 (V8 lets the old space fill to up to
 *   4× the live heap with promoted request garbage before a full collection, and the resident
 *   size follows: 233–285 MB per REST worker). 50 kept REST workers lowest but put more full
 *   collections (10–20 ms pauses each) into /health's p99 under heavy requests (61 vs 50 ms);
 *   200 let a REST worker reach 239 MB.
 * - `--v8-pool-size=1`: one background thread for V8's concurrent marking and parallel scavenges
 *   instead of four; on two cores four helpers competed with the event loop for the CPU (/health
 *   p99 under heavy requests 30 vs 45 ms, same run).
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=4", "--heap-growing-percent=100", "--v8-pool-size=1"];

/** Flags that mean the operator sized the heap themselves: then no heap flag is added. */
const OPERATOR_HEAP_FLAG = /--(max-old-space-size|heap-growing-percent|max-heap-size|max-semi-space-size)\b/;
const HEAP_FLAG = /^--(max-semi-space-size|heap-growing-percent)=/;

/**
 * The execArgv for forked workers: the primary's own, plus each of SERVICE_NODE_FLAGS the primary
 * does not have already — except the heap flags when the operator set a heap flag of their own
 * (argv or NODE_OPTIONS), and `--v8-pool-size` when the operator set it.
 */
export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const given = [...execArgv, nodeOptions ?? ""].join(" ");
  const operatorSized = OPERATOR_HEAP_FLAG.test(given);
  const added = SERVICE_NODE_FLAGS.filter((flag) => {
    const name = flag.slice(0, flag.indexOf("="));
    if (new RegExp(`${name}\\b`).test(given)) return false;
    return !(HEAP_FLAG.test(flag) && operatorSized);
  });
  return [...execArgv, ...added];
}
