import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVICE_NODE_FLAGS, workerExecArgv } from "../../src/server/node-flags.js";

describe("the service processes' V8 flags", () => {
  it("npm start passes exactly these flags (one list: the start script and the cluster's workers)", () => {
    const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.start!;
    expect(start).toBe(`exec node ${SERVICE_NODE_FLAGS.join(" ")} dist/src/server/main.js`);
    expect(SERVICE_NODE_FLAGS).toEqual(["--max-semi-space-size=4", "--heap-growing-percent=100", "--v8-pool-size=1"]);
  });

  it("adds them to a primary started without them, keeping its own flags", () => {
    expect(workerExecArgv(["--enable-source-maps"], undefined)).toEqual(["--enable-source-maps", ...SERVICE_NODE_FLAGS]);
    expect(workerExecArgv([], "")).toEqual([...SERVICE_NODE_FLAGS]);
    // Started by npm start: the workers get the same flags once.
    expect(workerExecArgv([...SERVICE_NODE_FLAGS], undefined)).toEqual([...SERVICE_NODE_FLAGS]);
  });

  it("adds no heap flag when the operator sized the heap, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-old-space-size=512"], undefined)).toEqual(["--max-old-space-size=512", "--v8-pool-size=1"]);
    expect(workerExecArgv(["--cpu-prof"], "--max-semi-space-size=8")).toEqual(["--cpu-prof", "--v8-pool-size=1"]);
    expect(workerExecArgv([], "--trace-warnings --heap-growing-percent=20")).toEqual(["--v8-pool-size=1"]);
    expect(workerExecArgv([], "--max-heap-size=300 --v8-pool-size=4")).toEqual([]);
  });
});
