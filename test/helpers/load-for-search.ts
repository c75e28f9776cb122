import type { CompileCache } from '../../renderer/compile-cache.ts';
import { compileDocs, readSite } from '../../renderer/load-site.ts';
import type { SearchRecord } from '../../theme/shared/search/record.ts';
import type { RecordSource } from '../../renderer/search/site-records.ts';

/**
 * Reads and compiles a content folder the way `docs build` does (readSite, compileDocs), but
 * does not stop at problems such as broken links: the relevance test and the search benchmark
 * measure the real content while other pages are still being written. A build still fails on
 * those problems; this is never used to publish. With a `cache`, docs compiled by an earlier
 * build or load of the same content are taken from it (the tests compile the real site once a run).
 */
export async function loadForSearch(opts: {
  root: string;
  contentDir?: string;
  env?: NodeJS.ProcessEnv;
  cache?: CompileCache;
  hoverCache?: string | false;
}): Promise<RecordSource & { problems: number }> {
  const base = await readSite({ ...opts, env: opts.env ?? {} });
  const records = new Map<string, SearchRecord[]>();
  const docs = await compileDocs(
    base,
    { cache: opts.cache, hoverCache: opts.hoverCache },
    (doc, c) => void records.set(doc.doc.relPath, c.records),
  );
  const parsed = docs.map(({ doc }) => ({ doc, records: records.get(doc.doc.relPath)! }));
  return { parsed, sidebars: base.sidebars, site: base.site, problems: base.problems.items.length };
}
