import type { Worker } from 'node:worker_threads';
import { startEngineThread } from './worker-script.ts';

/**
 * A compile worker, started before it is needed: loading the pipeline takes it a second or so,
 * which it spends while this thread reads the site. It waits for one job, then exits. Apart
 * from compile-in-parallel.ts, so that starting one loads nothing of the Markdown pipeline
 * here: a build whose docs all come from the cache never loads it on this thread.
 */
export interface CompileWorker {
  worker: Worker;
  /** Set when the worker failed before its job was sent (an unheard 'error' would end the process). */
  failed?: unknown;
  stop(): Promise<void>;
}

export function startCompileWorker(): CompileWorker {
  // Out of heap, it stops alone: compile-in-parallel.ts compiles its docs here.
  const worker = startEngineThread(undefined, { compileWorker: true });
  const handle: CompileWorker = { worker, stop: () => worker.terminate().then(() => undefined) };
  worker.once('error', (error) => (handle.failed ??= error));
  return handle;
}
