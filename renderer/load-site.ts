import crypto from 'node:crypto';
import path from 'node:path';
import { CONFIG_ENV_NAMES, loadConfig, type LoadedConfig } from './config/load.ts';
import { listPages, readDocs, type SourceDoc } from './content.ts';
import { contentVariables, fillVariables } from './content-variables.ts';
import { loadCustomPages, type CustomPage } from './custom-pages.ts';
import { ProblemList } from './errors.ts';
import { checkLinks } from './links.ts';
import { CompileCache, siteKey } from './compile-cache.ts';
import type { CodeHoversModule } from './markdown/code-hovers.ts';
import type { HoverWarning, PendingHovers } from './code-hover-table.ts';
import { docContext, type CompileEnv, type CompiledDoc } from './compile-doc.ts';
import type { DocContext } from './markdown/context.ts';
import type { CompileWorker } from './compile-worker.ts';
import type { SearchRecord } from '../theme/shared/search/record.ts';
import { recordSite } from './search/site-records.ts';
import { editLinks } from './edit-links.ts';
import { lastUpdatedDates } from './last-updated.ts';
import { hasRoute, resolveRoutes, type DocRoute, type RouteTable } from './routes.ts';
import type { FrontmatterMemo } from './frontmatter-memo.ts';
import type { FrontmatterStore } from './frontmatter-store.ts';
import { resolveSidebars, type ResolvedSidebars } from './sidebars.ts';
import { loadRedirects } from './redirects/load.ts';
import type { RedirectRule } from '../theme/shared/redirects.ts';
import type { ContentCode, SiteMemory } from './site-memory.ts';
import { phaseTimer } from './phases.ts';
import { toSiteData } from './site-data.ts';
import type { SiteData } from '../theme/shared/types.ts';
import { fileDigest, setUpPlugins, type SitePlugins } from './plugins/load.ts';
import type { GeneratedDocs } from './plugins/types.ts';

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
  /** A compile worker started early (build-site.ts); stopped here if the docs do not need it. */
  worker?: CompileWorker;
  /** What the last load of this site left to reuse (`docs dev`); without it everything is read fresh. */
  memory?: SiteMemory;
  /**
   * A compiled doc `docs dev` still holds for this doc, used before the cache: its own check of
   * what the doc depends on replaces the cache's key, which changes for every doc with any route.
   */
  reuse?: (doc: DocRoute) => CompiledDoc | undefined;
  /** Where code hovers are cached (code-hover-cache.ts); the machine's cache (or, with it off, the project's) unless given, none when false. */
  hoverCache?: string | false;
  /** Told how many code blocks' hovers the site's module computed and how many came from the cache. */
  onHovers?: (counts: { computed: number; fromCache: number }) => void;
  /** Ask the site's hovers module about blocks the cache lacks (default true); else they get none. */
  computeHovers?: boolean;
}

/** What the link check and the layout need of a compiled doc: small, kept for every doc. */
export interface DocSummary {
  doc: DocRoute;
  context: DocContext;
}

/** A compiled doc in full: its content as static HTML and its search records too. */
export interface ParsedDoc extends DocSummary {
  html: string;
  records: SearchRecord[];
  /** The body of its Markdown copy (CompiledDoc `markdown`). */
  markdown: string;
}

/** The site read and routed, before any doc is compiled (steps 1–3 of a build). */
export interface SiteBase {
  contentDir: string;
  config: LoadedConfig;
  site: SiteData;
  table: RouteTable;
  sidebars: ResolvedSidebars;
  pages: CustomPage[];
  /** Redirects of old paths (content/redirects.txt), checked against the routes. */
  redirects: RedirectRule[];
  /** The config's plugins, set up on this thread. */
  plugins: SitePlugins;
  /** A hand-written doc's "Edit this page" URL, from its source file's path (renderer/edit-links.ts). */
  editUrlOf: (file: string) => string | undefined;
  /** A hand-written doc's last commit date (renderer/last-updated.ts); page data, never compiled into the doc. */
  lastUpdatedOf: (file: string) => string | undefined;
  /** Problems found so far; compileDocs and checkSite add theirs. */
  problems: ProblemList;
}

/** Everything known about the site after reading and checking it, every doc in memory (`docs dev`). */
export interface SiteState extends Omit<SiteBase, 'problems'> {
  parsed: ParsedDoc[];
  /** The same docs by route: `docs dev` renders one per request, among a thousand or more. */
  parsedByRoute: ReadonlyMap<string, ParsedDoc>;
}

/** Below this many docs to compile, a worker costs more to start than it saves. */
export const PARALLEL_THRESHOLD = 120;

/**
 * What the content folder's code was made from: every site file its modules bundled (with the
 * hash of the bytes imported), the files its plugins said they read, the custom pages there are,
 * the package version and the config env variables. `docs dev` compares it before each load, so
 * a save elsewhere in content/ (a Markdown page, an image) imports nothing again.
 */
function contentCodeKey(contentDir: string, files: ReadonlyMap<string, string>, env: NodeJS.ProcessEnv): string {
  const hash = crypto.createHash('sha1').update(path.resolve(contentDir));
  for (const [file, digest] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    hash.update(`\n${file}\n${digest}`);
  hash.update(`\npages: ${listPages(path.join(contentDir, 'pages')).join('\n')}`);
  hash.update(`\n${fileDigest(path.resolve(contentDir, '..', 'package.json'))}`);
  for (const k of CONFIG_ENV_NAMES) if (env[k] !== undefined) hash.update(`\n${k}=${env[k]}`);
  return hash.digest('hex');
}

/** The files `code` was made of, each with its hash as it is on disk now. */
const digestsNow = (code: ContentCode) => new Map(code.files.map((f) => [f, fileDigest(f)]));

/**
 * The content folder's code, imported again and its plugins set up again only when `memory` holds
 * none under the same key (contentCodeKey).
 */
export async function loadContentCode(
  contentDir: string,
  env: NodeJS.ProcessEnv | undefined,
  problems: ProblemList,
  memory: SiteMemory | undefined,
): Promise<ContentCode> {
  env ??= process.env;
  let code = memory?.contentCode;
  if (!code || code.key !== contentCodeKey(contentDir, digestsNow(code), env)) {
    const own = new ProblemList();
    const sources = new Map<string, string>();
    const config = await loadConfig(contentDir, env, sources);
    const plugins = await setUpPlugins(
      config.site.plugins,
      { contentDir: path.resolve(contentDir), docsVersion: config.site.docsVersion.shows },
      path.join(contentDir, 'site.config.ts'),
    );
    const pages = await loadCustomPages(listPages(path.join(contentDir, 'pages')), own, undefined, sources);
    // The code as it was bundled; the plugins' files as they are now (they read them while set up).
    for (const f of plugins.files) if (!sources.has(f)) sources.set(f, fileDigest(f));
    code = {
      key: memory ? contentCodeKey(contentDir, sources, env) : '',
      files: [...sources.keys()],
      config,
      pages,
      plugins,
      problems: own.items,
    };
    if (memory) memory.contentCode = code;
  }
  for (const p of code.problems) problems.add(p);
  return code;
}

/** The plugins' generated docs, and the sidebar section each gives them (by plugin name). */
export async function pluginDocs(
  plugins: SitePlugins,
): Promise<{ docs: SourceDoc[]; sidebars: Map<string, GeneratedDocs['sidebar']> }> {
  const docs: SourceDoc[] = [];
  const sidebars = new Map<string, GeneratedDocs['sidebar']>();
  for (const [name, made] of await plugins.docs()) {
    for (const d of made.docs)
      docs.push({
        file: `(generated by ${name}) ${d.relPath}`,
        relPath: d.relPath,
        source: d.source,
        generated: true,
        section: made.section,
        ...(d.listed ? { listed: true } : {}),
      });
    if (made.sidebar) sidebars.set(name, made.sidebar);
  }
  return { docs, sidebars };
}

/** Steps 1–3 of a build: config, sources, routes and sidebars; no doc is compiled yet. */
export async function readSite(opts: LoadOptions): Promise<SiteBase> {
  const log = opts.log ?? (() => {});
  const contentDir = opts.contentDir ?? path.join(opts.root, 'content');
  const problems = new ProblemList();
  const phase = phaseTimer(log);

  // Git's facts (last commit dates, tracked files) come from child processes that run while the site is read.
  const lastUpdated = lastUpdatedDates(path.join(contentDir, 'docs'));

  // 1. Configuration and custom pages (imported again only when their code changed).
  const { config, pages, plugins } = await loadContentCode(contentDir, opts.env, problems, opts.memory);
  const editUrls = editLinks(contentDir, config.site.repository);
  editUrls.catch(() => {}); // awaited below; a failure must not go unheard if reading fails first
  const site = toSiteData(config);
  phase('read the configuration');

  // 2. Sources: Markdown docs, the plugins' generated docs, custom React pages.
  const generated = await pluginDocs(plugins);
  const variables = contentVariables(site);
  const docs = [
    ...readDocs(path.join(contentDir, 'docs')).map((doc) => fillVariables(doc, variables, problems)),
    ...generated.docs,
  ];
  phase(`read ${docs.length} docs (${generated.docs.length} generated)`);

  // 3. Routes and sidebars, once for the whole run.
  const frontmatter = opts.cache?.frontmatterStore();
  const { table, sidebars, redirects } = routeSite(
    { contentDir, config, site, pages, generatedSidebars: generated.sidebars },
    docs,
    problems,
    opts.memory?.frontmatter,
    frontmatter,
  );
  frontmatter?.save();
  const [editUrlOf, lastUpdatedOf] = await Promise.all([editUrls, lastUpdated]);
  phase("read the docs' last commit dates");
  return { contentDir, config, site, table, sidebars, pages, redirects, plugins, problems, editUrlOf, lastUpdatedOf };
}

/**
 * Step 3: the route table over `docs` (generated ones included), the sidebars, and the checks of
 * what points at routes (navbar items, redirects). `docs dev` calls it again when a doc is added,
 * removed or renamed, or its frontmatter changes its route or its sidebar label.
 */
export function routeSite(
  code: Pick<SiteBase, 'contentDir' | 'config' | 'site' | 'pages'> & {
    generatedSidebars?: ReadonlyMap<string, GeneratedDocs['sidebar']>;
  },
  docs: SourceDoc[],
  problems: ProblemList,
  memo?: FrontmatterMemo,
  store?: FrontmatterStore,
): Pick<SiteBase, 'table' | 'sidebars' | 'redirects'> {
  const { contentDir, config, site, pages } = code;
  const rel = (file: string) => path.relative(process.cwd(), path.join(contentDir, file));
  const table = resolveRoutes(
    docs,
    pages.map((p) => p.route),
    problems,
    memo,
    store,
  );
  const sidebars = resolveSidebars(config.sidebars, table, {
    file: rel('sidebars.ts'),
    baseUrl: site.baseUrl,
    staticDir: path.join(contentDir, 'static'),
    generated: code.generatedSidebars,
    problems,
  });
  for (const item of site.navbar.items) {
    if (!hasRoute(table, item.to)) {
      problems.add({
        file: rel('site.config.ts'),
        message: `navbar item "${item.label}" points to ${item.to}, which is not a page`,
        hint: 'Point it at an existing route.',
      });
    }
  }
  return { table, sidebars, redirects: loadRedirects(contentDir, table, problems) };
}

/** What every doc of the site is compiled against (besides the route table's routes). */
export function compileEnvOf(base: Pick<SiteBase, 'contentDir' | 'table' | 'site' | 'config' | 'plugins'>): CompileEnv {
  const { contentDir, table, site } = base;
  // A worker sets the plugins up again from site.config.ts (functions cannot be sent to it).
  const plugins = base.plugins.names.length
    ? { plugins: { contentDir: path.resolve(contentDir), docsVersion: site.docsVersion.shows, key: base.plugins.key } }
    : {};
  return {
    table,
    baseUrl: site.baseUrl,
    staticDir: path.join(contentDir, 'static'),
    docsDir: path.join(contentDir, 'docs'),
    recordSite: recordSite(site),
    ...plugins,
  };
}

/** The summary the link check and the layout keep of a compiled doc. */
export function docSummary(doc: DocRoute, c: CompiledDoc, env: CompileEnv): DocSummary {
  return { doc, context: docContext(doc, env, c) };
}

/**
 * Step 4: Markdown → HTML, search records, links and ids for every doc, from the cache or
 * compiled (on two threads for large sites). Each doc is handed to `onDoc` as soon as it is
 * ready, in no set order, with where it came from (`opts.reuse`, the cache, the compiler), and
 * then let go: a build renders and writes it at once, so memory does not grow with the site.
 * Returns every doc's summary, in route-table order.
 */
export async function compileDocs(
  base: SiteBase,
  opts: Pick<
    LoadOptions,
    'cache' | 'parallel' | 'saveCache' | 'log' | 'worker' | 'reuse' | 'hoverCache' | 'onHovers' | 'computeHovers'
  >,
  onDoc: (doc: DocRoute, compiled: CompiledDoc, from: 'reuse' | 'cache' | 'compiler') => void | Promise<void>,
): Promise<DocSummary[]> {
  const phase = phaseTimer(opts.log ?? (() => {}));
  const { table, pages, problems } = base;
  const env = compileEnvOf(base);
  const { cache } = opts;
  // Lazily: it lists the static files, and `docs dev` often keeps every doc.
  let compiledAgainst: string | undefined;
  const keyOf = (doc: DocRoute) =>
    CompileCache.key(
      doc.doc.source,
      (compiledAgainst ??= siteKey({
        routes: [...table.byRelPath.keys()],
        pageRoutes: pages.map((p) => p.route),
        pluginsKey: base.plugins.key,
        ...env,
      })),
    );
  const summaries = new Map<string, DocSummary>();
  const done = async (doc: DocRoute, c: CompiledDoc, from: 'reuse' | 'cache' | 'compiler') => {
    for (const p of c.problems) problems.add(p);
    summaries.set(doc.doc.relPath, docSummary(doc, c, env));
    await onDoc(doc, c, from);
  };
  const todo: DocRoute[] = [];
  let reused = 0;
  for (const doc of table.docs) {
    const held = opts.reuse?.(doc);
    if (held) {
      reused++;
      await done(doc, held, 'reuse');
      continue;
    }
    const hit = cache?.get(doc.doc.relPath, keyOf(doc));
    if (hit) await done(doc, hit, 'cache');
    else todo.push(doc);
  }
  const parallel = todo.length > 0 && (opts.parallel ?? todo.length >= PARALLEL_THRESHOLD);
  if (!parallel) await opts.worker?.stop();
  if (todo.length) {
    // Loaded only when a doc needs compiling: the Markdown pipeline costs ~0.8 s of CPU to load.
    const { createCompiler } = await import('./compile-doc.ts');
    const hovers = base.plugins.codeHovers ? await findHovers(base.plugins.codeHovers, todo, opts) : undefined;
    const compiler = await createCompiler(env, {
      plugins: base.plugins,
      hovers: hovers?.table,
      awaitHovers: hovers && ((doc) => (hovers.waiting.has(doc.doc.relPath) ? hovers.compute() : undefined)),
    });
    const compiled = async (doc: DocRoute, c: CompiledDoc) => {
      if (!c.transient) cache?.set(doc.doc.relPath, keyOf(doc), c);
      await done(doc, c, 'compiler');
    };
    if (parallel) {
      // This thread and a worker share the docs (2 cores).
      const { table: _, ...shared } = env;
      const { compileInParallel } = await import('./compile-in-parallel.ts');
      await compileInParallel(
        { ...shared, pageRoutes: pages.map((p) => p.route), hovers: hovers?.table },
        table,
        todo,
        compiler,
        compiled,
        opts.worker,
        { hovers },
      );
    } else {
      const queue = todo.values();
      await compiler.compileAll(
        () => queue.next().value,
        (c) => compiled(table.byRelPath.get(c.relPath)!, c),
      );
    }
    // Every waiting doc started it; awaited here too, so its warnings are logged in any case.
    await hovers?.compute();
  }
  if (opts.saveCache !== false) await cache?.save(new Set(table.docs.map((d) => d.doc.relPath)));
  phase(
    `compiled ${todo.length} docs${reused ? ` (${reused} kept)` : ''}${cache ? ` (${table.docs.length - todo.length - reused} from the cache)` : ''}`,
  );
  return table.docs.map((doc) => summaries.get(doc.doc.relPath)!);
}

/**
 * The hovers of the code blocks of `todo` (its written docs): what the cache holds now, and one
 * call of the site's module for the rest, made while the docs that need none compile
 * (compute(), called by the first doc that waits for it). A block the module could not read is
 * a warning in the log, not a problem: it renders without hovers.
 */
async function findHovers(
  module: CodeHoversModule,
  todo: DocRoute[],
  opts: Pick<LoadOptions, 'log' | 'hoverCache' | 'onHovers' | 'computeHovers'>,
): Promise<PendingHovers> {
  const log = opts.log ?? (() => {});
  const [table, { HoverCache, defaultHoverCacheDir }] = await Promise.all([
    import('./code-hover-table.ts'),
    import('./code-hover-cache.ts'),
  ]);
  const cacheDir = opts.hoverCache === false ? undefined : (opts.hoverCache ?? defaultHoverCacheDir());
  // Written docs only: a generated reference's blocks are declarations, not samples to read through.
  const pending = table.findHovers(
    module,
    todo
      .filter((d) => !d.doc.generated)
      .map((d) => ({ relPath: d.doc.relPath, file: d.doc.file, body: d.body, bodyLine: d.bodyLine })),
    cacheDir === undefined ? undefined : new HoverCache(cacheDir, module.key()),
    opts.computeHovers !== false,
  );
  opts.onHovers?.({ computed: pending.computed, fromCache: pending.fromCache });
  const counts = (computed: string) => `code hovers: ${computed}, ${pending.fromCache} from the cache`;
  if (!pending.computed) {
    phaseTimer(log)(counts('0 blocks computed'));
    return pending;
  }
  const compute = pending.compute;
  let logged: Promise<HoverWarning[]> | undefined;
  const computeAndLog = () =>
    (logged ??= (async () => {
      const started = performance.now();
      const warnings = await compute();
      for (const w of warnings) log(`${w.file}:${w.line}: warning: no hovers for this code block: ${w.message}`);
      log(
        counts(
          `${pending.computed} blocks computed beside the compile (${Math.round(performance.now() - started)} ms, ${pending.waiting.size} docs waited)`,
        ),
      );
      return warnings;
    })());
  return { ...pending, compute: computeAndLog };
}

/** Step 5: every internal link and anchor must resolve; throws BuildError listing every problem of the run. */
export function checkSite(base: SiteBase, docs: DocSummary[]): void {
  checkLinks(
    docs.map((d) => d.context),
    base.table,
    base.problems,
  );
  base.problems.throwIfAny();
}
