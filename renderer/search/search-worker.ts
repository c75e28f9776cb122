/**
 * The search thread (search-thread.ts): it builds the search files of a build from its spill
 * file while the main thread writes the Markdown copies, llms.txt and the sitemap. Bundled on
 * its own (worker-script.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runSearchJob, type SearchJob, type SearchJobResult } from './search-job.ts';

/** Worker → main thread: the files made, or the error that stopped it. */
export type SearchReport = { done: SearchJobResult } | { error: string; stack?: string };

if (parentPort && workerData?.searchJob) {
  let report: SearchReport;
  try {
    report = { done: runSearchJob(workerData.searchJob as SearchJob) };
  } catch (error: any) {
    report = { error: String(error?.message ?? error), stack: error?.stack };
  }
  parentPort.postMessage(report);
}
