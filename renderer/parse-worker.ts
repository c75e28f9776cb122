/**
 * The compile worker's side (see compile-in-parallel.ts): it claims docs from the shared counter
 * and sends back each compiled doc. Bundled on its own (worker-script.ts), so it imports
 * nothing the worker does not run.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCompiler, type CompileEnv, type CompiledDoc, type Compiler } from './compile-doc.ts';
import type { HoverTable } from './markdown/code-hovers.ts';
import { routeTableOf, type DocRoute, type RouteTable } from './routes.ts';
import { getHighlighter } from './markdown/shiki.ts';
import { pluginsInWorker } from './plugins/load.ts';
import { claim, FINISHED, setCurrent, WAITING } from './claim-queue.ts';
import { selectLocale } from '../theme/shared/texts/index.ts';

export interface CompileJob extends Omit<CompileEnv, 'table'> {
  /** The route table's docs without their full sources: the body is all a compile reads. */
  docs: DocRoute[];
  pageRoutes: string[];
  /** relPaths in the order they are claimed. */
  queue: string[];
  /** The code blocks' hovers (code-hover-table.ts) known when the job was sent. */
  hovers?: HoverTable;
  /**
   * Docs whose hovers the main thread is still computing: compiled only once it sends the rest
   * of the table (`{ hovers }`), which it does whether or not the computation succeeded.
   */
  awaitHovers?: string[];
}

/**
 * Claims docs from its end of the shared queue (claim-queue.ts) and compiles them until the
 * queue is empty. The back end's thread (the worker) records each doc it starts on.
 */
export function drain(
  queue: string[],
  next: Int32Array,
  end: 'front' | 'back',
  table: RouteTable,
  compiler: Compiler,
  emit: (c: CompiledDoc) => void | Promise<void>,
): Promise<void> {
  const take = () => {
    const i = claim(next, end);
    return i < 0 ? undefined : table.byRelPath.get(queue[i]);
  };
  if (end === 'front') return compiler.compileAll(take, emit);
  const index = new Map(queue.map((relPath, i) => [relPath, i]));
  return compiler
    .compileAll(take, emit, (doc) => setCurrent(next, index.get(doc.doc.relPath)!))
    .then(() => setCurrent(next, FINISHED));
}

if (parentPort && workerData?.compileWorker) {
  const port = parentPort;
  void getHighlighter(); // while the job is on its way
  port.once('message', ({ compileJob: job, next }: { compileJob: CompileJob; next: Int32Array }) => {
    // The texts directives render (admonition titles, …) in the site's locale, as on the main thread.
    selectLocale(job.recordSite.language);
    const table = routeTableOf(job.docs, job.pageRoutes);
    const awaitHovers = hoversFromMainThread(port, job, next);
    (job.plugins ? pluginsInWorker(job.plugins.contentDir, job.plugins.docsVersion) : Promise.resolve(undefined))
      .then((plugins) => createCompiler({ ...job, table }, { plugins, hovers: job.hovers, awaitHovers }))
      .then((compiler) => drain(job.queue, next, 'back', table, compiler, (doc) => port.postMessage({ doc })))
      .then(
        () => port.postMessage({ done: true }),
        (error) => port.postMessage({ error: String(error?.message ?? error), stack: error?.stack }),
      );
  });
}

/** What a doc waits for before this worker compiles it: the hovers the main thread is still computing, when it has some. */
function hoversFromMainThread(
  port: NonNullable<typeof parentPort>,
  job: CompileJob,
  next: Int32Array,
): ((doc: DocRoute) => Promise<unknown> | undefined) | undefined {
  if (!job.awaitHovers?.length) return undefined;
  const waiting = new Set(job.awaitHovers);
  let arrived = false;
  const rest = new Promise<void>((resolve) =>
    port.on('message', (m: { hovers?: HoverTable }) => {
      if (!m.hovers) return;
      for (const [key, hovers] of m.hovers) job.hovers?.set(key, hovers);
      arrived = true;
      resolve();
    }),
  );
  return (doc) => {
    if (arrived || !waiting.has(doc.doc.relPath)) return undefined;
    setCurrent(next, WAITING);
    return rest;
  };
}
