import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { loadConfig } from './config/load.ts';
import { listPages, readDocs, type SourceDoc } from './content.ts';
import { loadCustomPages } from './custom-pages.ts';
import { ProblemList } from './errors.ts';
import { checkLinks } from './links.ts';
import { loadCliData } from './markdown/cli-data.ts';
import type { DocContext } from './markdown/context.ts';
import { createPipeline } from './markdown/pipeline.ts';
import { bundleClient } from './bundle-client.ts';
import { htmlShell } from './html-shell.ts';
import { prepareOutput, writeFile } from './output.ts';
import { customPageData, docPageData, notFoundPageData } from './page-data.ts';
import { hastToReact, renderParts } from './render-page.tsx';
import { hasRoute, resolveRoutes } from './routes.ts';
import { resolveSidebars } from './sidebars.ts';
import { toSiteData } from './site-data.ts';
import { sitemapXml, robotsTxt } from './sitemap.ts';
import type { PageData, SidebarItemConfig, SiteData } from '../theme/shared/types.ts';

export interface BuildOptions {
  /** Project root (holds theme/ and, by default, content/). */
  root: string;
  /** Content folder, when not `<root>/content` (test fixtures). */
  contentDir?: string;
  outDir: string;
  dev?: boolean;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface BuildSummary {
  pages: number;
  ms: number;
  bytes: number;
  outDir: string;
}

/** Generated SDK reference docs, when the generator is present and configured. */
async function apiReferenceDocs(root: string, version: string | undefined): Promise<{ docs: SourceDoc[]; sidebar?: SidebarItemConfig[] }> {
  const entry = path.join(root, 'renderer/api-reference/index.ts');
  if (!version || !fs.existsSync(entry)) return { docs: [] };
  const { loadApiReference } = await import('./api-reference/index.ts' as string);
  const ref = await loadApiReference({ version });
  return {
    docs: ref.docs.map((d: { relPath: string; source: string }) => ({ file: `(generated) ${d.relPath}`, relPath: d.relPath, source: d.source, generated: true })),
    sidebar: ref.sidebar,
  };
}

/** Builds the whole site into `outDir`, atomically. Throws BuildError listing every problem. */
export async function buildSite(opts: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const contentDir = opts.contentDir ?? path.join(opts.root, 'content');
  const problems = new ProblemList();

  // 1. Configuration.
  const config = await loadConfig(contentDir, opts.env);
  const site: SiteData = toSiteData(config);

  // 2. Sources: Markdown docs, the generated SDK reference, custom React pages.
  const api = await apiReferenceDocs(opts.root, config.site.apiReference?.version);
  const docs = [...readDocs(path.join(contentDir, 'docs')), ...api.docs];
  const pages = await loadCustomPages(listPages(path.join(contentDir, 'pages')), problems);

  // 3. Routes and sidebars, once for the whole run.
  const table = resolveRoutes(docs, pages.map((p) => p.route), problems);
  const sidebars = resolveSidebars(config.sidebars, table, { file: path.relative(process.cwd(), path.join(contentDir, 'sidebars.ts')), baseUrl: site.baseUrl, apiReference: api.sidebar, problems });
  for (const item of site.navbar.items) {
    if (!hasRoute(table, item.to)) {
      problems.add({ file: path.relative(process.cwd(), path.join(contentDir, 'site.config.ts')), message: `navbar item "${item.label}" points to ${item.to}, which is not a page`, hint: 'Point it at an existing route.' });
    }
  }

  // 4. Markdown → hast for every doc; links and ids are collected on the way.
  const toHast = await createPipeline({ cli: loadCliData(path.join(contentDir, 'data/cli.yaml')) });
  const parsed = [];
  for (const doc of table.docs) {
    const context: DocContext = { doc, table, problems, baseUrl: site.baseUrl, staticDir: path.join(contentDir, 'static'), links: [], ids: new Set(), toc: [] };
    parsed.push({ doc, context, hast: await toHast(doc.body, context) });
  }
  log(`parsed ${parsed.length} docs`);

  // 5. Every internal link and anchor must resolve; all problems are reported together.
  checkLinks(parsed.map((p) => p.context), table, problems);
  problems.throwIfAny();

  // 6. Write into a fresh folder: client bundle, static files, pages.
  const out = prepareOutput(opts.outDir);
  try {
    const assets = await bundleClient({ root: opts.root, outDir: out.dir, baseUrl: site.baseUrl, dev: opts.dev });
    const staticDir = path.join(contentDir, 'static');
    if (fs.existsSync(staticDir)) fs.cpSync(staticDir, out.dir, { recursive: true });

    const writePage = (page: PageData, content: React.ReactNode, extra: { markdownHref?: string; noindex?: boolean } = {}) => {
      const parts = renderParts(site, page, content, extra.markdownHref);
      const html = htmlShell({ site, page, assets, ...parts, ...extra });
      const dir = page.route === '/' ? '' : page.route.slice(1);
      if (page.kind === 'not-found') writeFile(path.join(out.dir, '404.html'), html);
      else writeFile(path.join(out.dir, dir, 'index.html'), html);
      const data = { route: page.route, documentTitle: page.documentTitle, description: page.description ?? site.tagline, region: parts.region };
      const dataFile = page.kind === 'not-found' ? '__data/404.json' : `__data/${dir || 'index'}.json`;
      writeFile(path.join(out.dir, dataFile), JSON.stringify(data));
    };

    let count = 0;
    for (const { doc, context, hast } of parsed) {
      const page = docPageData(doc, context.toc, site, sidebars, config.site.editUrl);
      writePage(page, hastToReact(hast));
      if (++count % 100 === 0) log(`rendered ${count}/${parsed.length} docs`);
    }
    for (const p of pages) {
      writePage(customPageData(p.route, p.title, p.description, site), createElement(p.Component, { site }));
    }
    writePage(notFoundPageData(site), null, { noindex: true });

    const routes = [...table.docs.filter((d) => !d.frontmatter.unlisted).map((d) => d.route), ...pages.map((p) => p.route)].sort();
    writeFile(path.join(out.dir, 'sitemap.xml'), sitemapXml(site, routes));
    writeFile(path.join(out.dir, 'robots.txt'), robotsTxt(site));

    const bytes = folderBytes(out.dir);
    out.commit();
    return { pages: parsed.length + pages.length, ms: Math.round(performance.now() - started), bytes, outDir: opts.outDir };
  } catch (error) {
    out.abort();
    throw error;
  }
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

