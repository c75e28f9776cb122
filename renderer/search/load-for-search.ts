import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { listPages, readDocs, type SourceDoc } from '../content.ts';
import { pageRoute } from '../custom-pages.ts';
import { ProblemList } from '../errors.ts';
import { loadCliData } from '../markdown/cli-data.ts';
import { createCompiler } from '../compile-doc.ts';
import { resolveRoutes } from '../routes.ts';
import { resolveSidebars } from '../sidebars.ts';
import { toSiteData } from '../site-data.ts';
import type { SidebarItemConfig } from '../../theme/shared/types.ts';
import { recordSite, type RecordSource } from './site-records.ts';

/**
 * Reads and parses a content folder the way `docs build` does (steps 1–4 of loadSite), but
 * keeps going past problems such as broken links: the relevance test and the search benchmark
 * measure the real content while other pages are still being written. A build still fails on
 * those problems; this is never used to publish.
 */
export async function loadForSearch(opts: { root: string; contentDir?: string; env?: NodeJS.ProcessEnv }): Promise<RecordSource & { problems: number }> {
  const contentDir = opts.contentDir ?? path.join(opts.root, 'content');
  const problems = new ProblemList();
  const config = await loadConfig(contentDir, opts.env ?? {});
  const site = toSiteData(config);

  let apiDocs: SourceDoc[] = [];
  let apiSidebar: SidebarItemConfig[] | undefined;
  const apiEntry = path.join(opts.root, 'renderer/api-reference/index.ts');
  const version = config.site.apiReference?.version;
  if (version && fs.existsSync(apiEntry)) {
    const { loadApiReference } = await import('../api-reference/index.ts' as string);
    const ref = await loadApiReference({ version });
    apiDocs = ref.docs.map((d: { relPath: string; source: string }) => ({ file: `(generated) ${d.relPath}`, relPath: d.relPath, source: d.source, generated: true }));
    apiSidebar = ref.sidebar;
  }

  const docs = [...readDocs(path.join(contentDir, 'docs')), ...apiDocs];
  const table = resolveRoutes(docs, listPages(path.join(contentDir, 'pages')).map(pageRoute), problems);
  const sidebars = resolveSidebars(config.sidebars, table, { file: path.join(contentDir, 'sidebars.ts'), baseUrl: site.baseUrl, apiReference: apiSidebar, problems });
  const env = { table, baseUrl: site.baseUrl, staticDir: path.join(contentDir, 'static'), docsDir: path.join(contentDir, 'docs'), recordSite: recordSite(site) };
  const { compile } = await createCompiler(env, { cli: loadCliData(path.join(contentDir, 'data/cli.yaml')) });
  const parsed = [];
  for (const doc of table.docs) {
    const compiled = await compile(doc);
    for (const p of compiled.problems) problems.add(p);
    parsed.push({ doc, records: compiled.records });
  }
  return { parsed, sidebars, site, problems: problems.items.length };
}
