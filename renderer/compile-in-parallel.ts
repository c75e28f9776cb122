/**
 * Compiling docs on both cores: the docs are queued biggest first, and this thread and one
 * worker each claim the next doc from a shared counter until the queue is empty, so a slow
 * start or a few heavy pages on one side never leave the other idle. The worker gets the route
 * table's docs (not their sources: memory) and sends back each compiled doc.
 */
import type { CompiledDoc, Compiler } from './compile-doc.ts';
import { drain, type CompileJob } from './parse-worker.ts';
import type { DocRoute, RouteTable } from './routes.ts';
import { startCompileWorker, type CompileWorker } from './compile-worker.ts';

/**
 * Compiles `todo` (docs of `table`) on this thread and a worker at once, handing each doc to
 * `emit` as soon as it is ready. This thread yields after each of its own docs, so the
 * worker's arrive while it works and never pile up in memory.
 */
export async function compileInParallel(job: Omit<CompileJob, 'queue' | 'docs'>, table: RouteTable, todo: DocRoute[], compiler: Compiler, emit: (doc: DocRoute, c: CompiledDoc) => Promise<void>, started?: CompileWorker): Promise<void> {
  const queue = [...todo].sort((a, b) => b.body.length - a.body.length).map((d) => d.doc.relPath);
  const next = new Int32Array(new SharedArrayBuffer(4));
  // Every doc passes through one chain: a slow emit (a full write queue) holds back the next.
  let chain = Promise.resolve();
  const enqueue = (c: CompiledDoc) => (chain = chain.then(() => emit(table.byRelPath.get(c.relPath)!, c)));
  const handle = started ?? startCompileWorker();
  const { worker, stop } = handle;
  const remote = new Promise<void>((resolve, reject) => {
    if (handle.failed) reject(handle.failed);
    worker.on('message', (m) => {
      if (m.doc) void enqueue(m.doc).catch(reject);
      else if (m.done) resolve();
      else reject(new Error(m.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the parse worker stopped (exit code ${code}) before finishing`)));
  });
  // The worker reads bodies, never whole sources: one copy of the site's text fewer.
  const docs = table.docs.map((d) => ({ ...d, doc: { ...d.doc, source: '' } }));
  worker.postMessage({ compileJob: { ...job, docs, queue }, next });
  try {
    await drain(queue, next, table, compiler, async (c) => {
      await enqueue(c);
      await new Promise((resolve) => setImmediate(resolve));
    });
    await remote;
    await chain;
  } finally {
    await stop();
  }
}

