/**
 * An engine thread (worker_threads): runs the tasks of engine-tasks.ts one message at a time and
 * answers each with its value or its error as plain data (an EngineInputError keeps its field).
 */
import { readlinkSync } from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { EngineInputError } from "../engine/errors.js";
import { ENGINE_TASKS, type EngineTaskName } from "./engine-tasks.js";
import type { TaskReply, TaskRequest } from "./engine-pool.js";

/**
 * How much nicer than the process an engine thread runs. On busy cores the event loop (/health and
 * every light request) then runs first and the long engine calls take what is left: /health p99
 * while the heaviest requests ran, 35 vs 45 ms and p50 5.7 vs 6.0 ms in the same bench run
 * (docs/limits.md, "The event loop").
 */
const ENGINE_THREAD_NICE = 10;

const port = parentPort;
if (!port) throw new Error("engine-thread.js runs as a worker thread of the engine pool");

lowerThisThreadsPriority();

port.on("message", (request: TaskRequest) => {
  let reply: TaskReply;
  try {
    const task = ENGINE_TASKS[request.task as EngineTaskName] as (input: unknown) => unknown;
    reply = { id: request.id, value: task(request.input) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    reply = { id: request.id, error: { name: e.name, message: e.message, field: e instanceof EngineInputError ? e.field : undefined } };
  }
  port.postMessage(reply);
});

/** Raises this thread's nice value (Linux renices one thread by its id, read from /proc/thread-self); elsewhere, or if refused, the process's priority. */
function lowerThisThreadsPriority(): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0 && ENGINE_THREAD_NICE > 0) os.setPriority(tid, Math.min(19, os.getPriority(tid) + ENGINE_THREAD_NICE));
  } catch {
    /* not Linux, or not permitted: the process's priority */
  }
}
