/**
 * Compiling docs on both cores: this thread and one worker claim docs from the two ends of one
 * queue until they meet, so a slow start or a few heavy pages on one side never leave the other
 * idle. The queue holds the docs with the most code languages (and diagrams) first: this thread
 * takes those, the worker the plain ones from the other end, so each thread compiles fewer
 * grammars (a second or more of warm-up per thread on the real site) and the diagram renderer
 * loads on one side only. The worker gets the route table's docs (not their sources: memory)
 * and sends back each compiled doc.
 */
import type { CompiledDoc, Compiler } from './compile-doc.ts';
import { drain, type CompileJob } from './parse-worker.ts';
import { claimQueue } from './claim-queue.ts';
import { fenceLanguages } from './markdown/shiki.ts';
import { hasDiagramFence } from './markdown/mermaid.ts';
import type { DocRoute, RouteTable } from './routes.ts';
import { startCompileWorker, type CompileWorker } from './compile-worker.ts';

/**
 * Compiles `todo` (docs of `table`) on this thread and a worker at once, handing each doc to
 * `emit` as soon as it is ready. This thread yields after each of its own docs, so the
 * worker's arrive while it works and never pile up in memory.
 */
export async function compileInParallel(job: Omit<CompileJob, 'queue' | 'docs'>, table: RouteTable, todo: DocRoute[], compiler: Compiler, emit: (doc: DocRoute, c: CompiledDoc) => Promise<void>, started?: CompileWorker): Promise<void> {
  // Rich docs first (languages, a diagram counting as one), then the biggest first among equals.
  const richness = new Map(todo.map((d) => [d, fenceLanguages(d.body).length + (hasDiagramFence(d.body) ? 1 : 0)]));
  const queue = [...todo].sort((a, b) => richness.get(b)! - richness.get(a)! || b.body.length - a.body.length).map((d) => d.doc.relPath);
  const next = claimQueue(queue.length);
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
    await drain(queue, next, 'front', table, compiler, async (c) => {
      await enqueue(c);
      await new Promise((resolve) => setImmediate(resolve));
    });
    await remote;
    await chain;
  } finally {
    await stop();
  }
}

