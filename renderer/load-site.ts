import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import type { Root } from 'hast';
import { loadConfig, type LoadedConfig } from './config/load.ts';
import { listPages, readDocs, type SourceDoc } from './content.ts';
import { loadCustomPages, type CustomPage } from './custom-pages.ts';
import { ProblemList } from './errors.ts';
import { checkLinks } from './links.ts';
import { loadCliData, type CliData } from './markdown/cli-data.ts';
import type { DocContext } from './markdown/context.ts';
import { createPipeline } from './markdown/pipeline.ts';
import { parseShare, type ParseJob, type ParsedShare } from './parse-worker.ts';
import { hasRoute, resolveRoutes, type DocRoute, type RouteTable } from './routes.ts';
import { resolveSidebars, type ResolvedSidebars } from './sidebars.ts';
import { toSiteData } from './site-data.ts';
import type { SidebarItemConfig, SiteData } from '../theme/shared/types.ts';

export interface LoadOptions {
  root: string;
  contentDir?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Parse on two threads; by default only for sites big enough to gain from it. */
  parallel?: boolean;
}

export interface ParsedDoc {
  doc: DocRoute;
  context: DocContext;
  hast: Root;
}

/** Everything known about the site after reading and checking it; rendering reads only this. */
export interface SiteState {
  contentDir: string;
  config: LoadedConfig;
  site: SiteData;
  table: RouteTable;
  sidebars: ResolvedSidebars;
  pages: CustomPage[];
  parsed: ParsedDoc[];
  /** CLI reference data (content/data/cli.yaml), read once per run. */
  cli?: CliData;
}

/**
 * Parsed docs kept between runs of `docs dev`: a doc is parsed again only when its source or
 * the set of routes (which .md links resolve against) changed.
 */
export class ParseCache {
  private entries = new Map<string, { source: string; routesKey: string; parsed: ParsedDoc; problems: ProblemList }>();
  get(relPath: string, source: string, routesKey: string) {
    const e = this.entries.get(relPath);
    return e && e.source === source && e.routesKey === routesKey ? e : undefined;
  }
  set(relPath: string, source: string, routesKey: string, parsed: ParsedDoc, problems: ProblemList) {
    this.entries.set(relPath, { source, routesKey, parsed, problems });
  }
}

/** Below this many docs a worker costs more to start than it saves. */
const PARALLEL_THRESHOLD = 120;

/** Parses half the docs (balanced by size) in a worker thread and half here, at the same time. */
async function parseInParallel(job: ParseJob, docs: DocRoute[]): Promise<Map<string, ParsedShare>> {
  const shards: [string[], string[]] = [[], []];
  const load = [0, 0];
  for (const d of [...docs].sort((a, b) => b.body.length - a.body.length)) {
    const i = load[0] <= load[1] ? 0 : 1;
    shards[i].push(d.doc.relPath);
    load[i] += d.body.length + 2_000;
  }
  const worker = new Worker(new URL('./parse-worker-entry.mjs', import.meta.url), { workerData: { parseJob: { ...job, shard: shards[1] } } });
  const remote = new Promise<ParsedShare[]>((resolve, reject) => {
    worker.once('message', (m) => (m.ok ? resolve(m.result) : reject(new Error(m.error))));
    worker.once('error', reject);
  });
  const [local, far] = await Promise.all([parseShare({ ...job, shard: shards[0] }), remote]);
  await worker.terminate();
  return new Map([...local, ...far].map((s) => [s.relPath, s]));
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

/**
 * Steps 1–5 of a build: config, sources, routes and sidebars, Markdown → hast, link check.
 * Throws BuildError listing every problem found.
 */
export async function loadSite(opts: LoadOptions, cache?: ParseCache): Promise<SiteState> {
  const log = opts.log ?? (() => {});
  const contentDir = opts.contentDir ?? path.join(opts.root, 'content');
  const problems = new ProblemList();
  const rel = (file: string) => path.relative(process.cwd(), path.join(contentDir, file));

  // 1. Configuration.
  const config = await loadConfig(contentDir, opts.env);
  const site = toSiteData(config);

  // 2. Sources: Markdown docs, the generated SDK reference, custom React pages.
  const api = await apiReferenceDocs(opts.root, config.site.apiReference?.version);
  const docs = [...readDocs(path.join(contentDir, 'docs')), ...api.docs];
  const pages = await loadCustomPages(listPages(path.join(contentDir, 'pages')), problems);

  // 3. Routes and sidebars, once for the whole run.
  const table = resolveRoutes(docs, pages.map((p) => p.route), problems);
  const sidebars = resolveSidebars(config.sidebars, table, { file: rel('sidebars.ts'), baseUrl: site.baseUrl, apiReference: api.sidebar, problems });
  for (const item of site.navbar.items) {
    if (!hasRoute(table, item.to)) {
      problems.add({ file: rel('site.config.ts'), message: `navbar item "${item.label}" points to ${item.to}, which is not a page`, hint: 'Point it at an existing route.' });
    }
  }

  // 4. Markdown → hast for every doc; links and ids are collected on the way.
  const cliFile = path.join(contentDir, 'data/cli.yaml');
  const cli = loadCliData(cliFile);
  const routesKey = [...table.byRelPath.keys()].join('\n') + (fs.existsSync(cliFile) ? fs.statSync(cliFile).mtimeMs : '');
  const parsed: ParsedDoc[] = [];
  const staticDir = path.join(contentDir, 'static');
  const docsDir = path.join(contentDir, 'docs');
  if (!cache && (opts.parallel ?? table.docs.length >= PARALLEL_THRESHOLD)) {
    // A full build: split the docs between this thread and a worker (2 cores).
    const shares = await parseInParallel({ docs, pageRoutes: pages.map((p) => p.route), shard: [], baseUrl: site.baseUrl, staticDir, docsDir, cli }, table.docs);
    for (const doc of table.docs) {
      const share = shares.get(doc.doc.relPath)!;
      for (const p of share.problems) problems.add(p);
      const context: DocContext = { doc, table, problems, baseUrl: site.baseUrl, staticDir, docsDir, files: new Set(share.files), links: share.links, ids: new Set(share.ids), toc: share.toc };
      parsed.push({ doc, context, hast: share.hast as Root });
    }
  } else {
    const toHast = await createPipeline({ cli });
    for (const doc of table.docs) {
      const hit = cache?.get(doc.doc.relPath, doc.doc.source, routesKey);
      if (hit) {
        // Reuse the tree, but point it at this run's route table and carry its problems over.
        hit.parsed.context.table = table;
        hit.parsed.doc = doc;
        hit.parsed.context.doc = doc;
        for (const p of hit.problems.items) problems.add(p);
        parsed.push(hit.parsed);
        continue;
      }
      const own = new ProblemList();
      const context: DocContext = { doc, table, problems: own, baseUrl: site.baseUrl, staticDir, docsDir, files: new Set(), links: [], ids: new Set(), toc: [] };
      const entry = { doc, context, hast: await toHast(doc.body, context) };
      for (const p of own.items) problems.add(p);
      cache?.set(doc.doc.relPath, doc.doc.source, routesKey, entry, own);
      parsed.push(entry);
    }
  }
  log(`parsed ${parsed.length} docs`);

  // 5. Every internal link and anchor must resolve; all problems are reported together.
  checkLinks(parsed.map((p) => p.context), table, problems);
  problems.throwIfAny();
  return { contentDir, config, site, table, sidebars, pages, parsed, cli };
}
