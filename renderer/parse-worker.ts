/**
 * Worker thread: parses a share of the docs to hast, so a build uses both cores. It rebuilds
 * the route table from the same sources (cheap and deterministic) and sends back what the main
 * thread needs: the tree, links, ids, TOC, referenced files and problems.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SourceDoc } from './content.ts';
import { ProblemList, type Problem } from './errors.ts';
import type { CliData } from './markdown/cli-data.ts';
import type { DocContext } from './markdown/context.ts';
import { createPipeline } from './markdown/pipeline.ts';
import { resolveRoutes } from './routes.ts';

export interface ParseJob {
  docs: SourceDoc[];
  pageRoutes: string[];
  shard: string[];
  baseUrl: string;
  staticDir: string;
  docsDir: string;
  cli?: CliData;
}

export interface ParsedShare {
  relPath: string;
  hast: unknown;
  links: DocContext['links'];
  ids: string[];
  toc: DocContext['toc'];
  files: string[];
  problems: Problem[];
}

/** Parses the docs of one shard; used by the worker and, for the other shard, the main thread. */
export async function parseShare(job: ParseJob): Promise<ParsedShare[]> {
  const table = resolveRoutes(job.docs, job.pageRoutes, new ProblemList());
  const toHast = await createPipeline({ cli: job.cli });
  const out: ParsedShare[] = [];
  for (const relPath of job.shard) {
    const doc = table.byRelPath.get(relPath);
    if (!doc) continue;
    const problems = new ProblemList();
    const context: DocContext = { doc, table, problems, baseUrl: job.baseUrl, staticDir: job.staticDir, docsDir: job.docsDir, files: new Set(), links: [], ids: new Set(), toc: [] };
    const hast = await toHast(doc.body, context);
    out.push({ relPath, hast, links: context.links, ids: [...context.ids], toc: context.toc, files: [...context.files], problems: problems.items });
  }
  return out;
}

if (parentPort && workerData?.parseJob) {
  parseShare(workerData.parseJob as ParseJob).then(
    (result) => parentPort!.postMessage({ ok: true, result }),
    (error) => parentPort!.postMessage({ ok: false, error: String(error?.stack ?? error) }),
  );
}
