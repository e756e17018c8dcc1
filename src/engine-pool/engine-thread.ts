/**
 * An engine thread (worker_threads): runs the tasks of engine-tasks.ts one message at a time and
 * answers each with its value or its error as plain data (an EngineInputError keeps its field).
 */
import { parentPort } from "node:worker_threads";
import { EngineInputError } from "../engine/errors.js";
import { ENGINE_TASKS, type EngineTaskName } from "./engine-tasks.js";
import type { TaskReply, TaskRequest } from "./engine-pool.js";

const port = parentPort;
if (!port) throw new Error("engine-thread.js runs as a worker thread of the engine pool");

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
