import fs from 'node:fs';
import path from 'node:path';
import { bundleClient } from './bundle-client.ts';
import type { CompileCache } from './compile-cache.ts';
import { loadSite } from './load-site.ts';
import { createWriter, prepareOutput, type PreparedOutput } from './output.ts';
import { renderCustomPage, renderDoc, renderNotFound, type RenderedRoute } from './render-route.tsx';
import { phaseTimer } from './phases.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { llmsFullTxt, llmsTxt, markdownPath } from './llms-txt.ts';
import { docToMarkdown } from './markdown-export.ts';
import { headersFile } from './security-headers.ts';
import { withBase } from '../theme/shared/url.ts';

export interface BuildOptions {
  /** Project root (holds theme/ and, by default, content/). */
  root: string;
  /** Content folder, when not `<root>/content` (test fixtures). */
  contentDir?: string;
  outDir: string;
  dev?: boolean;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Compiled docs of earlier builds (renderer/compile-cache.ts); none in tests, so each build compiles everything. */
  cache?: CompileCache;
  /** The output folder, already taken (`docs build` takes it before loading the engine). */
  output?: PreparedOutput;
  parallel?: boolean;
}

export interface BuildSummary {
  pages: number;
  ms: number;
  bytes: number;
  outDir: string;
}

/** Where a route's HTML and data file go. */
function outputPaths(route: string, notFound = false): { html: string; data: string } {
  if (notFound) return { html: '404.html', data: '__data/404.json' };
  const dir = route === '/' ? '' : route.slice(1);
  return { html: path.join(dir, 'index.html'), data: `__data/${dir || 'index'}.json` };
}

/** Builds the whole site into `outDir`, atomically. Throws BuildError listing every problem. */
export async function buildSite(opts: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const phase = phaseTimer(log, started);

  // 0. Take the output folder's lock first, so two builds started together always meet it.
  const out = opts.output ?? prepareOutput(opts.outDir);
  const files = createWriter(out.dir);
  try {
    // 1–5. Read, route, parse and check everything (renderer/load-site.ts).
    const state = await loadSite(opts);
    const { site, sidebars, parsed } = state;
    phase('loaded and checked the site');

    // 6. Write into the fresh folder: client bundle, static files, pages.
    const assets = await bundleClient({ root: opts.root, outDir: out.dir, baseUrl: site.baseUrl, dev: opts.dev });
    const staticDir = path.join(state.contentDir, 'static');
    if (fs.existsSync(staticDir)) fs.cpSync(staticDir, out.dir, { recursive: true });
    for (const file of new Set(parsed.flatMap((p) => [...p.context.files]))) {
      fs.mkdirSync(path.dirname(path.join(out.dir, file)), { recursive: true });
      fs.copyFileSync(path.join(state.contentDir, 'docs', file), path.join(out.dir, file));
    }
    phase('bundled the client and copied static files');

    const writeFile = files.write;
    const write = (r: RenderedRoute) => {
      const paths = outputPaths(r.page.route, r.page.kind === 'not-found');
      writeFile(paths.html, r.html);
      writeFile(paths.data, r.data);
    };
    let count = 0;
    for (const p of parsed) {
      write(renderDoc(state, p, assets));
      if (++count % 100 === 0) log(`rendered ${count}/${parsed.length} docs`);
    }
    for (const p of state.pages) write(renderCustomPage(state, p.route, assets)!);
    write(renderNotFound(state, assets));
    phase(`rendered ${count + state.pages.length + 1} pages`);

    // search: records + embedded index (renderer/search)
    const { writeSearchFiles } = await import('./search/search-files.ts');
    const search = writeSearchFiles({ parsed, sidebars, site }, writeFile);
    phase(`search: ${search.records} records, ${search.termFragments} term fragments, ${search.pageChunks} page chunks`);

    // 7. For machines: each doc as Markdown, llms.txt, llms-full.txt; CSP for static hosts.
    const { cli } = state;
    const markdown = new Map<string, string>();
    for (const p of parsed) {
      const md = docToMarkdown({ title: p.doc.frontmatter.title, description: p.doc.frontmatter.description, body: p.doc.body, url: site.url + withBase(site.baseUrl, p.doc.route) }, cli);
      markdown.set(p.doc.route, md);
      writeFile(markdownPath(p.doc.route), md);
    }
    writeFile('llms.txt', llmsTxt(state));
    writeFile('llms-full.txt', llmsFullTxt(state, (route) => markdown.get(route)));
    writeFile('_headers', headersFile(site));

    const routes = [...state.table.docs.filter((d) => !d.frontmatter.unlisted).map((d) => d.route), ...state.pages.map((p) => p.route)].sort();
    writeFile('sitemap.xml', sitemapXml(site, routes));
    writeFile('robots.txt', robotsTxt(site));

    await files.flush();
    phase('wrote Markdown copies, llms.txt, sitemap');
    const bytes = folderBytes(out.dir);
    out.commit();
    phase('swapped the output in');
    return { pages: parsed.length + state.pages.length, ms: Math.round(performance.now() - started), bytes, outDir: opts.outDir };
  } catch (error) {
    await files.flush().catch(() => {}); // no write may land in the folder while it is removed
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
