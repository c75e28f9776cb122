/**
 * Compiling docs on both cores: the docs are queued biggest first, and this thread and one
 * worker each claim the next doc from a shared counter until the queue is empty, so a slow
 * start or a few heavy pages on one side never leave the other idle. The worker rebuilds the
 * route table from the same sources (cheap and deterministic) and sends back each compiled doc.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { createCompiler, type CompileDoc, type CompileEnv, type CompiledDoc } from './compile-doc.ts';
import type { SourceDoc } from './content.ts';
import { ProblemList } from './errors.ts';
import type { CliData } from './markdown/cli-data.ts';
import { resolveRoutes, type DocRoute, type RouteTable } from './routes.ts';

export interface CompileJob extends Omit<CompileEnv, 'table'> {
  docs: SourceDoc[];
  pageRoutes: string[];
  /** relPaths in the order they are claimed. */
  queue: string[];
  cli?: CliData;
}

/** Claims docs from the shared counter and compiles them until the queue is empty. */
async function drain(job: CompileJob, next: Int32Array, table: RouteTable, compile: CompileDoc, emit: (c: CompiledDoc) => void | Promise<void>) {
  for (let i = Atomics.add(next, 0, 1); i < job.queue.length; i = Atomics.add(next, 0, 1)) {
    await emit(await compile(table.byRelPath.get(job.queue[i])!));
  }
}

/**
 * Compiles `todo` (docs of `table`) on this thread and a worker at once, handing each doc to
 * `emit` as soon as it is ready. This thread yields after each of its own docs, so the
 * worker's arrive while it works and never pile up in memory.
 */
export async function compileInParallel(job: Omit<CompileJob, 'queue'>, table: RouteTable, todo: DocRoute[], compile: CompileDoc, emit: (doc: DocRoute, c: CompiledDoc) => Promise<void>): Promise<void> {
  const queue = [...todo].sort((a, b) => b.body.length - a.body.length).map((d) => d.doc.relPath);
  const next = new Int32Array(new SharedArrayBuffer(4));
  // Every doc passes through one chain: a slow emit (a full write queue) holds back the next.
  let chain = Promise.resolve();
  const enqueue = (c: CompiledDoc) => (chain = chain.then(() => emit(table.byRelPath.get(c.relPath)!, c)));
  const worker = new Worker(new URL('./parse-worker-entry.mjs', import.meta.url), { workerData: { compileJob: { ...job, queue }, next } });
  const remote = new Promise<void>((resolve, reject) => {
    worker.on('message', (m) => {
      if (m.doc) void enqueue(m.doc).catch(reject);
      else if (m.done) resolve();
      else reject(new Error(m.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the parse worker stopped (exit code ${code}) before finishing`)));
  });
  try {
    await drain({ ...job, queue }, next, table, compile, async (c) => {
      await enqueue(c);
      await new Promise((resolve) => setImmediate(resolve));
    });
    await remote;
    await chain;
  } finally {
    await worker.terminate();
  }
}

if (parentPort && workerData?.compileJob) {
  const job = workerData.compileJob as CompileJob;
  const table = resolveRoutes(job.docs, job.pageRoutes, new ProblemList());
  createCompiler({ ...job, table }, { cli: job.cli })
    .then((compile) => drain(job, workerData.next, table, compile, (doc) => parentPort!.postMessage({ doc })))
    .then(
      () => parentPort!.postMessage({ done: true }),
      (error) => parentPort!.postMessage({ error: String(error?.stack ?? error) }),
    );
}
