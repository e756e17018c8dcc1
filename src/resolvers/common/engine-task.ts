import type { EngineTaskName, TaskInput, TaskOutput } from "../../engine-pool/engine-tasks.js";
import { IN_PROCESS } from "../../engine-pool/engine-pool.js";
import { EngineInputError } from "../../engine/errors.js";
import type { GraphQLContext } from "../context.js";
import { badUserInput } from "./input-errors.js";

/**
 * A long engine call (src/engine-pool/engine-tasks.ts) run where the context says — an engine
 * thread, so the event loop keeps serving meanwhile, or the calling thread. With `field`, an
 * EngineInputError becomes badUserInput naming its own field (renamed by `argOf`) or `field`, as
 * forField does for a call run here; without, it goes up as it is (format-error.ts names its field).
 */
export async function engineTask<N extends EngineTaskName>(
  ctx: Pick<GraphQLContext, "engineTasks"> | undefined, task: N, input: TaskInput<N>,
  opts: { readonly field?: string; readonly argOf?: Readonly<Record<string, string>>; readonly affinity?: string },
): Promise<TaskOutput<N>> {
  try {
    return await (ctx?.engineTasks ?? IN_PROCESS).run(task, input, opts.affinity);
  } catch (err) {
    if (err instanceof EngineInputError && opts.field !== undefined) {
      const f = err.field ?? opts.field;
      throw badUserInput(opts.argOf?.[f] ?? f, err.message);
    }
    throw err;
  }
}
