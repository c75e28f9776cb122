import { startEngineThread } from '../worker-script.ts';
import { runSearchJob, writeRecordsFile, type SearchJob, type SearchJobResult } from './search-job.ts';
import type { SearchReport, SearchRequest } from './search-worker.ts';

/**
 * A thread for the search step (search-job.ts). After the compile the main thread still writes
 * the Markdown copies, llms.txt and the sitemap while the second core has nothing to do: the
 * search index (the larger part of that tail) is made there meanwhile, and records.json here once
 * the copies are written. Started while the docs compile, so that loading its code is not on the
 * build's path; it waits for its job.
 */
export interface SearchThread {
  /** Sends the job; the result as the thread gives it. */
  run(job: SearchJob): SearchRun;
  /** Stops the thread (a failed build, or no search to make): nothing more is written into the output. */
  stop(): Promise<void>;
}

export interface SearchRun {
  /** The job's files; made now, on this thread, when it has no thread of its own. */
  result(): Promise<SearchJobResult>;
  stop(): Promise<void>;
}

/** The search step on this thread, made when its result is asked for. */
export function searchHere(job: SearchJob): SearchRun {
  return { result: async () => runSearchJob(job), stop: async () => {} };
}

/**
 * A search thread, idle until `run`. One that dies without answering (its heap exhausted)
 * leaves the job to this thread; an error it reports is the build's, as it would have been here.
 */
export function startSearchThread(): SearchThread {
  const thread = startEngineThread('search/search-worker', { searchThread: true });
  let stopped = false;
  const answer = new Promise<SearchReport | undefined>((resolve) => {
    thread.once('message', (m: SearchReport) => resolve(m));
    thread.once('error', () => resolve(undefined));
    thread.once('exit', () => resolve(undefined));
  });
  const stop = async () => {
    stopped = true;
    await thread.terminate();
  };
  return {
    run(job) {
      thread.postMessage({ job } satisfies SearchRequest);
      const result = answer.then((report) => {
        if (stopped) throw new Error('search: the thread making the search files was stopped');
        if (!report) return runSearchJob(job, 'apart');
        if ('error' in report) throw Object.assign(new Error(report.error), { stack: report.stack });
        return report.done;
      });
      result.catch(() => {}); // thrown where the build awaits it; a failed build may never
      return {
        // This thread, done with its own part by then, writes records.json meanwhile: it is the
        // records read back and written out again, a third of the work.
        result: async () => {
          writeRecordsFile(job);
          return result;
        },
        stop,
      };
    },
    stop,
  };
}
