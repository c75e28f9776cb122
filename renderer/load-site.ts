import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type LoadedConfig } from './config/load.ts';
import { listPages, readDocs, type SourceDoc } from './content.ts';
import { loadCustomPages, type CustomPage } from './custom-pages.ts';
import { ProblemList, type Problem } from './errors.ts';
import { checkLinks } from './links.ts';
import { loadCliData, type CliData } from './markdown/cli-data.ts';
import { CompileCache, siteKey } from './compile-cache.ts';
import { createCompiler, type CompiledDoc } from './compile-doc.ts';
import type { DocContext } from './markdown/context.ts';
import { compileInParallel } from './parse-worker.ts';
import type { SearchRecord } from '../theme/islands/search/record.ts';
import { recordSite } from './search/site-records.ts';
import { hasRoute, resolveRoutes, type DocRoute, type RouteTable } from './routes.ts';
import { resolveSidebars, type ResolvedSidebars } from './sidebars.ts';
import { phaseTimer } from './phases.ts';
import { toSiteData } from './site-data.ts';
import type { SidebarItemConfig, SiteData } from '../theme/shared/types.ts';

export interface LoadOptions {
  root: string;
  contentDir?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Parse on two threads; by default only when enough docs need compiling to gain from it. */
  parallel?: boolean;
  /** Compiled docs from earlier runs (renderer/compile-cache.ts). */
  cache?: CompileCache;
  /** Write the cache back to disk after compiling (default true; `docs dev` saves once, at start). */
  saveCache?: boolean;
}

export interface ParsedDoc {
  doc: DocRoute;
  context: DocContext;
  /** The content as static HTML. */
  html: string;
  records: SearchRecord[];
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

/** Below this many docs to compile, a worker costs more to start than it saves. */
const PARALLEL_THRESHOLD = 120;

/** Env variables that override the configuration (renderer/config/load.ts). */
const CONFIG_ENV = /^(DOCSEARCH_|POSTHOG_|COMMUNITY_SCRIPT_URL$)/;

/**
 * The content folder's code (site.config.ts, sidebars.ts, pages/*.tsx and what they import) as
 * last imported. `docs dev` re-reads the site on every save; a Markdown save leaves the code
 * as it was, so the imports (~60 ms on this site) are skipped. Any change of a code file, the
 * package version or a config env variable imports everything again.
 */
let contentCode: { key: string; config: LoadedConfig; pages: CustomPage[]; problems: Problem[] } | undefined;

function contentCodeKey(contentDir: string, env: NodeJS.ProcessEnv): string {
  const hash = crypto.createHash('sha1').update(path.resolve(contentDir));
  const files = fs.readdirSync(contentDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx|mts|cts|js|mjs|jsx|json)$/.test(f) && !f.startsWith('docs' + path.sep)).sort();
  for (const f of [...files.map((f) => path.join(contentDir, f)), path.resolve(contentDir, '..', 'package.json')]) {
    hash.update(f);
    if (fs.existsSync(f)) hash.update(fs.readFileSync(f));
  }
  for (const [k, v] of Object.entries(env).sort()) if (CONFIG_ENV.test(k)) hash.update(`${k}=${v}`);
  return hash.digest('hex');
}

async function loadContentCode(contentDir: string, env: NodeJS.ProcessEnv | undefined, problems: ProblemList) {
  const key = contentCodeKey(contentDir, env ?? process.env);
  if (contentCode?.key !== key) {
    const own = new ProblemList();
    const config = await loadConfig(contentDir, env);
    const pages = await loadCustomPages(listPages(path.join(contentDir, 'pages')), own);
    contentCode = { key, config, pages, problems: own.items };
  }
  for (const p of contentCode.problems) problems.add(p);
  return contentCode;
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
 * Steps 1–5 of a build: config, sources, routes and sidebars, Markdown → HTML (compile-doc.ts), link check.
 * Throws BuildError listing every problem found.
 */
export async function loadSite(opts: LoadOptions): Promise<SiteState> {
  const log = opts.log ?? (() => {});
  const contentDir = opts.contentDir ?? path.join(opts.root, 'content');
  const problems = new ProblemList();
  const rel = (file: string) => path.relative(process.cwd(), path.join(contentDir, file));
  const phase = phaseTimer(log);

  // 1. Configuration and custom pages (imported again only when their code changed).
  const { config, pages } = await loadContentCode(contentDir, opts.env, problems);
  const site = toSiteData(config);
  phase('read the configuration');

  // 2. Sources: Markdown docs, the generated SDK reference, custom React pages.
  const api = await apiReferenceDocs(opts.root, config.site.apiReference?.version);
  const docs = [...readDocs(path.join(contentDir, 'docs')), ...api.docs];
  phase(`read ${docs.length} docs (${api.docs.length} generated)`);

  // 3. Routes and sidebars, once for the whole run.
  const table = resolveRoutes(docs, pages.map((p) => p.route), problems);
  const sidebars = resolveSidebars(config.sidebars, table, { file: rel('sidebars.ts'), baseUrl: site.baseUrl, apiReference: api.sidebar, problems });
  for (const item of site.navbar.items) {
    if (!hasRoute(table, item.to)) {
      problems.add({ file: rel('site.config.ts'), message: `navbar item "${item.label}" points to ${item.to}, which is not a page`, hint: 'Point it at an existing route.' });
    }
  }

  // 4. Markdown → HTML, search records, links and ids for every doc not in the cache.
  const cli = loadCliData(path.join(contentDir, 'data/cli.yaml'));
  const env = { table, baseUrl: site.baseUrl, staticDir: path.join(contentDir, 'static'), docsDir: path.join(contentDir, 'docs'), recordSite: recordSite(site) };
  const { cache } = opts;
  const compiledAgainst = cache && siteKey({ routes: [...table.byRelPath.keys()], pageRoutes: pages.map((p) => p.route), cli, ...env });
  const keys = new Map(cache ? table.docs.map((d) => [d.doc.relPath, CompileCache.key(d.doc.source, compiledAgainst!)]) : []);
  const compiled = new Map<string, CompiledDoc>();
  const todo: DocRoute[] = [];
  for (const doc of table.docs) {
    const hit = cache?.get(doc.doc.relPath, keys.get(doc.doc.relPath)!);
    if (hit) compiled.set(doc.doc.relPath, hit);
    else todo.push(doc);
  }
  if (todo.length) {
    const compile = await createCompiler(env, { cli });
    if (opts.parallel ?? todo.length >= PARALLEL_THRESHOLD) {
      // This thread and a worker share the docs (2 cores).
      const { table: _, ...shared } = env;
      for (const [relPath, c] of await compileInParallel({ ...shared, docs, pageRoutes: pages.map((p) => p.route), cli }, table, todo, compile)) compiled.set(relPath, c);
    } else {
      for (const doc of todo) compiled.set(doc.doc.relPath, await compile(doc));
    }
    for (const doc of todo) cache?.set(doc.doc.relPath, keys.get(doc.doc.relPath)!, compiled.get(doc.doc.relPath)!);
  }
  if (opts.saveCache !== false) cache?.save(new Set(table.docs.map((d) => d.doc.relPath)));
  const parsed = table.docs.map((doc): ParsedDoc => {
    const c = compiled.get(doc.doc.relPath)!;
    for (const p of c.problems) problems.add(p);
    const context: DocContext = { doc, table, problems: new ProblemList(), baseUrl: env.baseUrl, staticDir: env.staticDir, docsDir: env.docsDir, files: new Set(c.files), links: c.links, ids: new Set(c.ids), toc: c.toc };
    return { doc, context, html: c.html, records: c.records };
  });
  phase(`compiled ${todo.length} docs${cache ? ` (${parsed.length - todo.length} from the cache)` : ''}`);

  // 5. Every internal link and anchor must resolve; all problems are reported together.
  checkLinks(parsed.map((p) => p.context), table, problems);
  phase('checked links');
  problems.throwIfAny();
  return { contentDir, config, site, table, sidebars, pages, parsed, cli };
}
