/** Shared set-up of the search unit tests: Markdown through the real pipeline, records, engines. */
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { buildEmbeddedIndex } from '../../renderer/search/embedded-index.ts';
import { embeddedIndexFiles, type IndexFiles } from '../../renderer/search/index-files.ts';
import { extractRecords, type RecordPage, type RecordSite } from '../../renderer/search/records.ts';
import { createLocalEngine, type LocalEngine } from '../../theme/islands/search/local-engine.ts';
import type { SearchRecord } from '../../theme/shared/search/record.ts';
import { pageContext, pageSource } from '../helpers/page-context.ts';

export const SITE: RecordSite = {
  url: 'https://docs.example.com',
  baseUrl: '/docs/',
  language: 'en',
  version: 'current',
};

/** Records of one Markdown page (frontmatter-less body), through the real Markdown pipeline. */
export async function recordsOf(
  body: string,
  page: Omit<RecordPage, 'route'> & { relPath?: string },
  site = SITE,
): Promise<SearchRecord[]> {
  const relPath = page.relPath ?? 'guide/page.md';
  const { doc, context, problems } = pageContext(
    { relPath, source: pageSource(body, JSON.stringify(page.title)) },
    { baseUrl: site.baseUrl },
  );
  const hast = await (await createPipeline({}))(doc.body, context);
  if (problems.items.length) throw new Error(problems.items.map((p) => p.message).join('\n'));
  return extractRecords(hast, { ...page, route: doc.route }, site);
}

/** The embedded index files of records, as `docs build` writes them. */
export function indexFilesOf(records: SearchRecord[], site = SITE): IndexFiles {
  return embeddedIndexFiles(buildEmbeddedIndex(records, site), records.length);
}

/** An engine over index files in memory, reading each through JSON as the browser does; `read` sees every file it reads. */
export function engineOver(index: IndexFiles, read: (path: string) => void = () => {}): LocalEngine {
  return createLocalEngine(JSON.parse(JSON.stringify(index.manifest)), async (path) => {
    read(path);
    const text = index.files.get(path);
    if (text === undefined) throw new Error(`no index file ${path}`);
    return JSON.parse(text);
  });
}

/** An engine over records. */
export function engineOf(records: SearchRecord[], site = SITE): LocalEngine {
  return engineOver(indexFilesOf(records, site));
}
