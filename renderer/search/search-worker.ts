/**
 * The search thread (search-thread.ts): started while the docs compile, it loads the search
 * code, waits for the build's search job, and builds the search index from its spill file
 * while the main thread writes the Markdown copies, llms.txt, the sitemap and records.json. Bundled on its
 * own (worker-script.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runSearchJob, type SearchJob, type SearchJobResult } from './search-job.ts';

/** Main thread → worker. */
export interface SearchRequest {
  job: SearchJob;
}

/** Worker → main thread: the files made, or the error that stopped it. */
export type SearchReport = { done: SearchJobResult } | { error: string; stack?: string };

if (parentPort && workerData?.searchThread) {
  const port = parentPort;
  port.once('message', ({ job }: SearchRequest) => {
    let report: SearchReport;
    try {
      report = { done: runSearchJob(job, 'apart') }; // records.json: the main thread's part
    } catch (error: any) {
      report = { error: String(error?.message ?? error), stack: error?.stack };
    }
    port.postMessage(report);
    port.close(); // nothing more to do: the thread ends
  });
}
