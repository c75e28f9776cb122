import { Worker } from 'node:worker_threads';
import { workerScript } from './worker-script.ts';

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
  // A worker whose heap runs out stops alone (ERR_WORKER_OUT_OF_MEMORY, see compile-in-parallel.ts);
  // DOCS_WORKER_HEAP_MB sets that heap's limit (V8's default otherwise), e.g. on a small machine.
  const heapMb = Number(process.env.DOCS_WORKER_HEAP_MB) || undefined;
  const worker = new Worker(workerScript(), {
    workerData: { compileWorker: true },
    resourceLimits: heapMb ? { maxOldGenerationSizeMb: heapMb } : undefined,
  });
  const handle: CompileWorker = { worker, stop: () => worker.terminate().then(() => undefined) };
  worker.once('error', (error) => (handle.failed ??= error));
  return handle;
}
