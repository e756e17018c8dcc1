import { describe, expect, it } from "vitest";
import { WORKER_HEAP_FLAGS, workerExecArgv } from "../../src/server/worker-heap.js";

describe("cluster workers' V8 heap flags", () => {
  it("adds the bounded growing factor to the primary's own flags", () => {
    expect(WORKER_HEAP_FLAGS).toEqual(["--heap-growing-percent=50"]);
    expect(workerExecArgv(["--enable-source-maps"], undefined)).toEqual(["--enable-source-maps", "--heap-growing-percent=50"]);
    expect(workerExecArgv([], "")).toEqual(["--heap-growing-percent=50"]);
  });

  it("adds nothing when the operator sized the heap, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-old-space-size=512"], undefined)).toEqual(["--max-old-space-size=512"]);
    expect(workerExecArgv(["--cpu-prof"], "--max-semi-space-size=4")).toEqual(["--cpu-prof"]);
    expect(workerExecArgv([], "--trace-warnings --heap-growing-percent=20")).toEqual([]);
    expect(workerExecArgv([], "--max-heap-size=300")).toEqual([]);
  });
});
