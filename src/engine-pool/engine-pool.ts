/**
 * A small pool of engine threads (worker_threads) for the long engine calls of engine-tasks.ts,
 * so that while one runs the process's event loop keeps answering /health and other requests
 * (docs/limits.md, "The event loop"; docs/architecture.md §12). ENGINE_THREADS sets the size; with
 * 0, or when the code runs from its TypeScript sources (the test runner: there is no compiled
 * thread script), the same tasks run in the calling thread. Answers are identical either way:
 * inputs and answers are plain data, cloned across.
 *
 * A thread takes its tasks in order (its message queue); a task goes to the thread with the fewest
 * outstanding, or, with an affinity key, always to the same thread (one calendar year's
 * festivals and vratas meet that thread's year cache). A thread that dies fails its outstanding
 * tasks and is replaced; one that dies before answering anything is replaced after a growing
 * pause (0.25 s doubling to 30 s: a thread that cannot start must not be restarted in a loop), and
 * meanwhile its tasks run in the calling thread. close() terminates the threads (SIGTERM drain,
 * after requests finished).
 */
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { EngineInputError } from "../engine/errors.js";
import { ENGINE_TASKS, type EngineTaskName, type TaskInput, type TaskOutput } from "./engine-tasks.js";

export interface TaskRequest {
  readonly id: number;
  readonly task: string;
  readonly input: unknown;
}

export type TaskReply =
  | { readonly id: number; readonly value: unknown; readonly error?: undefined }
  | { readonly id: number; readonly error: { readonly name: string; readonly message: string; readonly field: string | undefined } };

/** Runs engine tasks: on a thread of the pool, or in the calling thread. */
export interface EngineTaskRunner {
  run<N extends EngineTaskName>(task: N, input: TaskInput<N>, affinity?: string): Promise<TaskOutput<N>>;
}

export interface EnginePoolStats {
  /** Threads of the pool (0: tasks run in the calling thread). */
  readonly threads: number;
  /** Threads alive now: none before the first task, and none while one that cannot start waits. */
  readonly started: number;
  /** Tasks sent to a thread and not yet answered. */
  readonly running: number;
  /** Tasks answered by a thread since start. */
  readonly completed: number;
}

export interface EnginePool extends EngineTaskRunner {
  readonly threads: number;
  stats(): EnginePoolStats;
  /** Terminates the threads; tasks still outstanding fail. */
  close(): Promise<void>;
}

/** The tasks in the calling thread: what ENGINE_THREADS=0 runs, and the default of a context without a pool. */
export const IN_PROCESS: EngineTaskRunner = {
  run(task, input) {
    try {
      return Promise.resolve((ENGINE_TASKS[task] as (i: typeof input) => TaskOutput<typeof task>)(input));
    } catch (err) {
      return Promise.reject(err);
    }
  },
};

function inProcessPool(): EnginePool {
  return { threads: 0, run: IN_PROCESS.run, stats: () => ({ threads: 0, started: 0, running: 0, completed: 0 }), close: async () => undefined };
}

/** The compiled thread script beside this module, or undefined when running from TypeScript sources. */
function threadScript(): URL | undefined {
  return import.meta.url.endsWith(".js") ? new URL("./engine-thread.js", import.meta.url) : undefined;
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  /** Undefined before the pool's first task, and while a thread that could not start waits to be replaced. */
  worker: Worker | undefined;
  /** Whether a thread was ever started for this slot. */
  started: boolean;
  readonly pending: Map<number, Pending>;
  /** Deaths in a row of threads that answered nothing (the pause before the next grows with them). */
  failedStarts: number;
}

/** The pause before replacing a thread that died without answering anything, ms. */
export const RESPAWN_PAUSE_MS = { first: 250, max: 30_000 } as const;

function errorOf(e: { name: string; message: string; field: string | undefined }): Error {
  if (e.name === "EngineInputError") return new EngineInputError(e.message, e.field);
  const err = new Error(e.message);
  err.name = e.name;
  return err;
}

/** A small stable hash of an affinity key (FNV-1a). */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export interface EnginePoolOptions {
  /** Threads; 0: in the calling thread. */
  readonly threads: number;
  /** Told when a thread dies (its tasks fail; it is replaced). */
  readonly onThreadError?: (err: Error) => void;
  /** The thread script; default the compiled engine-thread.js beside this module (tests give one that cannot start). */
  readonly script?: URL;
}

export function createEnginePool(opts: EnginePoolOptions): EnginePool {
  const script = opts.script ?? threadScript();
  if (opts.threads <= 0 || !script) return inProcessPool();
  const scriptPath = fileURLToPath(script);
  let nextId = 1;
  let completed = 0;
  let closing = false;
  let closed: Promise<void> | undefined;

  const failAll = (slot: Slot, err: Error) => {
    for (const p of slot.pending.values()) p.reject(err);
    slot.pending.clear();
  };

  const spawn = (s: Slot): void => {
    // The thread loads the engine's series on its first task, not at start: a start on busy cores
    // stays as fast as without threads.
    const worker = new Worker(scriptPath);
    // An idle pool never keeps the process alive (the HTTP server does).
    worker.unref();
    s.worker = worker;
    s.started = true;
    let answered = false;
    worker.on("message", (reply: TaskReply) => {
      answered = true;
      s.failedStarts = 0;
      const p = s.pending.get(reply.id);
      if (!p) return;
      s.pending.delete(reply.id);
      completed += 1;
      if (reply.error) p.reject(errorOf(reply.error));
      else p.resolve(reply.value);
    });
    const died = (err: Error) => {
      if (s.worker !== worker) return;
      failAll(s, err);
      if (closing) return;
      opts.onThreadError?.(err);
      if (answered) {
        spawn(s);
        return;
      }
      // It answered nothing: maybe it cannot start at all. Replace it after a pause; its tasks run here meanwhile.
      s.worker = undefined;
      const pause = Math.min(RESPAWN_PAUSE_MS.max, RESPAWN_PAUSE_MS.first * 2 ** s.failedStarts);
      s.failedStarts += 1;
      setTimeout(() => {
        if (!closing) spawn(s);
      }, pause).unref();
    };
    worker.on("error", died);
    worker.on("exit", (code) => died(new Error(`engine thread exited with code ${code}`)));
  };

  // The threads start with the first task (tasks sent meanwhile wait in its message queue): a process
  // that never runs a heavy call — a REST worker answering panchangas — carries no idle thread (≈ 20 MB).
  const slots: Slot[] = Array.from({ length: opts.threads }, () => ({ worker: undefined, started: false, pending: new Map(), failedStarts: 0 }));

  /** A slot with a running thread (with an affinity key, that key's slot), or undefined when none runs. */
  const pick = (affinity: string | undefined): Slot | undefined => {
    if (affinity !== undefined) {
      const s = slots[hashOf(affinity) % slots.length]!;
      if (s.worker) return s;
    }
    let best: Slot | undefined;
    for (const s of slots) if (s.worker && (!best || s.pending.size < best.pending.size)) best = s;
    return best;
  };

  return {
    threads: slots.length,
    run<N extends EngineTaskName>(task: N, input: TaskInput<N>, affinity?: string): Promise<TaskOutput<N>> {
      if (closing) return Promise.reject(new Error("the engine threads are closed (shutting down)"));
      for (const s of slots) if (!s.started) spawn(s);
      const slot = pick(affinity);
      // No thread runs (they could not start and wait to be replaced): the calling thread answers, identically.
      if (!slot?.worker) return IN_PROCESS.run(task, input);
      const worker = slot.worker;
      const id = nextId++;
      return new Promise<TaskOutput<N>>((resolve, reject) => {
        slot.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        worker.postMessage({ id, task, input } satisfies TaskRequest);
      });
    },
    stats: () => ({ threads: slots.length, started: slots.filter((s) => s.worker).length, running: slots.reduce((n, s) => n + s.pending.size, 0), completed }),
    close() {
      closed ??= (async () => {
        closing = true;
        const err = new Error("the engine threads are closed (shutting down)");
        for (const s of slots) failAll(s, err);
        await Promise.all(slots.map((s) => s.worker?.terminate()));
      })();
      return closed;
    },
  };
}
