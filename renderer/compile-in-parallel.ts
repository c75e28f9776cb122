/**
 * Compiling docs on both cores: this thread and one worker claim docs from the two ends of one
 * queue until they meet, so a slow start or a few heavy pages on one side never leave the other
 * idle. The queue's order (compile-order.ts) keeps diagrams and rare code languages at this
 * thread's end, so the worker compiles fewer grammars and never loads the diagram renderer
 * wherever the two meet. The worker gets the route table's docs (not their sources: memory)
 * and sends back each compiled doc.
 *
 * A worker that dies (its heap exhausted, an uncaught error) or stops making progress never
 * takes the build down: the doc it was on (claim-queue.ts `current`) becomes a problem, the
 * docs it had claimed but not sent back are compiled here, and a new worker takes the rest.
 */
import type { CompiledDoc, Compiler } from './compile-doc.ts';
import { drain, type CompileJob } from './parse-worker.ts';
import { backClaimedFrom, claimQueue, current, FINISHED, msSinceCurrent, setCurrent, WAITING } from './claim-queue.ts';
import { compileOrder } from './compile-order.ts';
import { PAGE_TIME_LIMIT_MS } from './markdown/pipeline.ts';
import type { DocRoute, RouteTable } from './routes.ts';
import { startCompileWorker, type CompileWorker } from './compile-worker.ts';
import { faultDoc, type WorkerFault } from './compile-faults.ts';

/**
 * A worker that starts no new doc and sends nothing back for this long is stopped. Its own
 * watchdog (markdown/pipeline.ts) stops a slow parse at the page time limit, so this fires only
 * for what escapes it; wall time on a loaded machine, hence far above the page limit.
 */
export const WORKER_STALL_MS = Math.max(60_000, 3 * PAGE_TIME_LIMIT_MS);
/** Workers started in place of dead ones, at most, in one build: past that this thread compiles the rest alone. */
const MAX_RESTARTS = 4;

/**
 * Compiles `todo` (docs of `table`) on this thread and a worker at once, handing each doc to
 * `emit` as soon as it is ready. This thread yields after each of its own docs, so the
 * worker's arrive while it works and never pile up in memory.
 */
export async function compileInParallel(
  job: Omit<CompileJob, 'queue' | 'docs' | 'awaitHovers'>,
  table: RouteTable,
  todo: DocRoute[],
  compiler: Compiler,
  emit: (doc: DocRoute, c: CompiledDoc) => Promise<void>,
  started?: CompileWorker,
  options: {
    stallMs?: number;
    start?: () => CompileWorker;
    /**
     * Hovers this thread computes while the worker compiles (load-site.ts): the docs in `waiting`
     * go first in this thread's end of the queue and wait for `compute()`, which this thread's
     * compiler also waits for; the worker gets the table when it settles.
     */
    hovers?: { waiting: ReadonlySet<string>; compute(): Promise<unknown> };
  } = {},
): Promise<void> {
  // Docs waiting for hovers go first, at this thread's end, so the worker reaches them last.
  const queue = compileOrder(todo, (d) => options.hovers?.waiting.has(d.doc.relPath) ?? false).map(
    (d) => d.doc.relPath,
  );
  const next = claimQueue(queue.length);
  // Every doc passes through one chain: a slow emit (a full write queue) holds back the next.
  let chain = Promise.resolve();
  const emitted = new Set<string>();
  const enqueue = (c: CompiledDoc) => {
    emitted.add(c.relPath);
    return (chain = chain.then(() => emit(table.byRelPath.get(c.relPath)!, c)));
  };
  // The worker reads bodies, never whole sources: one copy of the site's text fewer.
  const docs = table.docs.map((d) => ({ ...d, doc: { ...d.doc, source: '' } }));
  const awaitHovers = options.hovers ? [...options.hovers.waiting] : undefined;
  const message = {
    compileJob: { ...job, docs, queue, awaitHovers: awaitHovers?.length ? awaitHovers : undefined },
    next,
  };
  const start = options.start ?? startCompileWorker;
  const stallMs = options.stallMs ?? WORKER_STALL_MS;
  // Docs a dead worker had claimed and not sent back, and the one it died on when a retry here is sound.
  const leftovers: DocRoute[] = [];

  let handle: CompileWorker | undefined;
  const supervise = async () => {
    handle = started ?? start();
    for (let restarts = 0; ; restarts++) {
      const fault = await runWorker(handle, message, next, (c) => void enqueue(c).catch(() => {}), stallMs);
      await handle.stop();
      if (!fault) return;
      const at = current(next);
      const culprit = at >= 0 && !emitted.has(queue[at]) ? table.byRelPath.get(queue[at]) : undefined;
      for (let i = backClaimedFrom(next); i < queue.length; i++) {
        const doc = table.byRelPath.get(queue[i])!;
        if (doc !== culprit && !emitted.has(queue[i])) leftovers.push(doc);
      }
      if (culprit) {
        // After an uncaught error this thread, which catches a doc's errors, tries once more;
        // not after a heap exhausted or a hang, which would do the same here, unguarded.
        if (fault.kind === 'crash') leftovers.push(culprit);
        else void enqueue(faultDoc(culprit, fault, stallMs)).catch(() => {});
      }
      // This thread's drain takes whatever is left once no worker does.
      if (restarts >= MAX_RESTARTS || backClaimedFrom(next) <= Atomics.load(next, 1)) return;
      handle = start();
    }
  };

  const remote = supervise();
  // After the job is sent, so the worker compiles while this thread computes.
  const hovers = message.compileJob.awaitHovers
    ? options.hovers!.compute().finally(() => {
        // A worker started from now on gets the whole table with its job; the one at work, now.
        message.compileJob.awaitHovers = undefined;
        handle?.worker.postMessage({ hovers: job.hovers });
      })
    : undefined;
  hovers?.catch(() => {}); // this thread's compiler waits for it too, and throws its error
  try {
    await drain(queue, next, 'front', table, compiler, async (c) => {
      await enqueue(c);
      await new Promise((resolve) => setImmediate(resolve));
    });
    await remote;
    for (const doc of leftovers) if (!emitted.has(doc.doc.relPath)) await enqueue(await compiler.compile(doc));
    await chain;
  } finally {
    await remote.catch(() => {});
  }
}

/**
 * Sends the job to a worker and follows it until it has sent back every doc it claimed
 * (undefined) or fails: its heap exhausted, an uncaught error or exit, or no progress for `stallMs`.
 */
function runWorker(
  handle: CompileWorker,
  message: unknown,
  next: Int32Array,
  receive: (c: CompiledDoc) => void,
  stallMs: number,
): Promise<WorkerFault | undefined> {
  const { worker } = handle;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (fault?: WorkerFault) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      worker.removeAllListeners('message');
      resolve(fault);
    };
    // The worker stamps each doc it starts (claim-queue.ts), so a stall is measured on its
    // side: this thread, busy with a long doc of its own, may look late without misjudging it.
    setCurrent(next, -1);
    const watch = setInterval(
      () => {
        const at = current(next);
        if (at !== FINISHED && at !== WAITING && msSinceCurrent(next) > stallMs) {
          void worker.terminate();
          finish({ kind: 'hang', message: `no progress for ${Math.round(stallMs / 1000)} s` });
        }
      },
      Math.min(1000, stallMs / 4),
    );
    watch.unref();
    worker.on('message', (m) => {
      if (m.doc) receive(m.doc);
      else if (m.done) finish();
      else finish({ kind: 'crash', message: m.error, stack: m.stack });
    });
    worker.once('error', (error: any) =>
      finish(
        error?.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { kind: 'memory', message: error.message }
          : { kind: 'crash', message: String(error?.message ?? error), stack: error?.stack },
      ),
    );
    worker.once('exit', (code) => finish({ kind: 'crash', message: `the compile worker stopped (exit code ${code})` }));
    if (handle.failed) finish({ kind: 'crash', message: String((handle.failed as Error)?.message ?? handle.failed) });
    else worker.postMessage(message);
  });
}
