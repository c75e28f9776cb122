import fs from 'node:fs';
import path from 'node:path';
import { bundleClient, type ClientAssets } from './bundle-client.ts';
import type { CompileCache } from './compile-cache.ts';
import fg from 'fast-glob';
import { checkSite, compileDocs, PARALLEL_THRESHOLD, readSite } from './load-site.ts';
import { startCompileWorker } from './compile-worker.ts';
import { createWriter, openSerialFile, prepareOutput, type PreparedOutput } from './output.ts';
import { Spill } from './spill.ts';
import type { SearchRecord } from '../theme/shared/search/record.ts';
import { renderCustomPage, renderDoc, renderNotFound, type RenderedRoute } from './render-route.tsx';
import { phaseTimer } from './phases.ts';
import { BuildError } from './errors.ts';
import { ShareCards } from './share-cards/index.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { llmsFullHeader, llmsFullPart, llmsTxt } from './llms-txt.ts';
import { SITE_INDEX_PATH, siteIndex } from './mcp/site-index.ts';
import { docToMarkdown, markdownInput } from './markdown-copy.ts';
import { readSynonyms } from './search/synonyms.ts';
import type { SearchRun, SearchThread } from './search/search-thread.ts';
import { SERVER_CARD_PATH } from './mcp/server-card-path.ts';
import { headersFile } from './security-headers.ts';
import { redirectPage, redirectsFile } from './redirects/emit.ts';
import { dataPath, markdownPath, outputHtmlPath } from '../theme/shared/routes.ts';
import { codeKey, OutputMemo } from './output-memo.ts';
import { sha1 } from './hash.ts';
import { engineKey, unreadParts } from './compile-cache.ts';
import { docPageData } from './page-data.ts';
import type { Assets } from './html-shell.ts';
import { esbuildVersion } from './esbuild-api.ts';

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
  /** Where drawn share cards are kept between builds (renderer/share-cards/); none: every card is drawn. */
  cardCache?: string;
  /** Where the record of the last build's output files is kept (renderer/output-memo.ts); none: every file is made. */
  memoDir?: string;
  /** Where code hovers are kept between builds (code-hover-table.ts); the default folder unless given, none when false. */
  hoverCache?: string | false;
  /** Told how many blocks' hovers were computed and how many came from the cache (tests count them). */
  onHovers?: (counts: { computed: number; fromCache: number }) => void;
}

export interface BuildSummary {
  pages: number;
  ms: number;
  bytes: number;
  outDir: string;
}

/**
 * Builds the whole site into `outDir`, atomically. Throws BuildError listing every problem.
 * Each doc is rendered and written as soon as it is compiled, and only its summary (links,
 * ids, TOC) stays in memory; its search records wait on disk for the search step. So memory
 * does not grow with the site, and at most MAX_OPEN_FILES files are open at once.
 */
export async function buildSite(opts: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const phase = phaseTimer(log, started);

  // 0. Take the output folder's lock first, so two builds started together always meet it.
  const out = opts.output ?? prepareOutput(opts.outDir);
  const files = createWriter(out.dir);
  let records: Spill<SearchRecord[]> | undefined;
  let copies: Spill<string> | undefined;
  let cards: ShareCards | undefined;
  let searchThread: SearchThread | undefined;
  let searching: SearchRun | undefined;
  // A second thread loads the pipeline while this one reads the site, when it will likely be wanted.
  const contentDir = opts.contentDir ?? path.join(opts.root, 'content');
  // Not when the compile cache holds this site's docs: a rebuild compiles a few at most, on this thread.
  const early =
    opts.parallel ||
    (opts.parallel !== false && !opts.cache?.holdsDocs() && countDocs(contentDir) >= EARLY_WORKER_DOCS);
  const worker = early ? startCompileWorker() : undefined;
  try {
    // 1–3. Read the configuration and sources, route them, resolve the sidebars (renderer/load-site.ts).
    const read = await readSite(opts);
    const { site, sidebars, table } = read;
    // The search synonyms table, checked before any page is made (renderer/search/synonyms.ts).
    const synonyms = readSynonyms(read.contentDir, site.search.synonyms);
    const memo = opts.memoDir ? OutputMemo.open(opts.memoDir, opts.outDir, out.dir) : undefined;
    // Pages name their share card as they render; a thread of its own draws and writes it meanwhile.
    // A card's name is the hash of its picture: the last build's file is taken when it is there.
    const shareCards = (cards = new ShareCards(site, {
      contentDir: read.contentDir,
      themeDir: path.join(opts.root, 'theme'),
      cacheDir: opts.cardCache,
      outDir: out.dir,
      take: memo && ((rel, hash) => memo.reuse([rel], hash)),
    }));
    const base = { ...read, shareCards };
    phase('read and routed the site');

    // The client bundle (esbuild, its own process) builds while the first docs compile; every
    // page names its hashed files, so rendering waits for it. Its files are made from the theme
    // and the packages alone (codeKey: theme/ and the lockfile): taken from the last build when
    // those, esbuild and the options are the same.
    const bundleOpts = {
      root: opts.root,
      outDir: out.dir,
      baseUrl: site.baseUrl,
      locale: site.locales.default,
      dev: opts.dev,
    };
    const bundleKey =
      memo &&
      sha1(
        codeKey(opts.root, engineKey()),
        esbuildVersion(),
        JSON.stringify([bundleOpts.baseUrl, bundleOpts.locale, !!bundleOpts.dev]),
      );
    const takenBundle = bundleKey ? memo.reuseGroup<ClientAssets>('client', bundleKey) : undefined;
    const bundling = takenBundle
      ? Promise.resolve(takenBundle)
      : bundleClient(bundleOpts).then(({ files: made, fromThemeAndPackages, ...assets }) => {
          if (bundleKey && fromThemeAndPackages) memo.recordGroup('client', bundleKey, made, assets);
          return assets;
        });
    bundling.catch(() => {}); // its error is thrown where it is awaited

    // 4. Compile every doc and write its page and data file at once.
    records = new Spill(path.join(out.dir, '.search-records.tmp'));
    const spill = records;
    // Each doc's Markdown copy, as compiled, waits for step 7 (llms-full.txt lists them in route order).
    copies = new Spill(path.join(out.dir, '.markdown-copies.tmp'));
    const spilledCopies = copies;
    const write = async (r: RenderedRoute) => {
      await files.write(outputHtmlPath(r.page.route, { notFound: r.page.kind === 'not-found' }), r.html);
      await files.write(dataPath(r.page.route), r.data);
    };
    // A file made whole in memory: the last build's is taken when its bytes are the same. Not
    // over a file this step copied or put there already: the one written last must win.
    const madeAs = new Set<string>();
    const put = async (rel: string, content: string) => {
      const again = madeAs.has(rel);
      madeAs.add(rel);
      if (again || !memo?.reuse([rel], sha1(content))) await files.write(rel, content);
    };
    const writeRoute = async (r: RenderedRoute) => {
      await put(outputHtmlPath(r.page.route, { notFound: r.page.kind === 'not-found' }), r.html);
      await put(dataPath(r.page.route), r.data);
    };
    // A page's files are taken from the last build when their key is the same (output-memo.ts):
    // its page data (title, TOC, neighbours, dates, links), its content, its card, and what
    // every page shares (memoBase: engine and theme code, site data, sidebars, client assets).
    let memoBase: string | undefined;
    const baseKey = (assets: Assets) =>
      (memoBase ??= sha1(
        codeKey(opts.root, engineKey()),
        JSON.stringify(site),
        JSON.stringify(sidebars),
        JSON.stringify(assets),
        JSON.stringify(read.plugins.head),
      ));
    const pageKeys = new Map<string, string>();
    // The search thread loads its code while the docs compile (search-thread.ts).
    if (early) searchThread = (await import('./search/search-thread.ts')).startSearchThread();
    // A doc from the compile cache leaves its HTML and search records in the cache's file: the
    // records are read from there should the search index be made again, the HTML if its page is.
    const unreadRecords = new Map<string, () => SearchRecord[]>();
    const docs = await compileDocs(base, { ...opts, worker }, async (doc, c) => {
      const unread = unreadParts(c);
      if (unread) unreadRecords.set(doc.doc.relPath, unread.records);
      else spill.put(doc.doc.relPath, c.records);
      spilledCopies.put(doc.doc.relPath, c.markdown);
      const assets = await bundling;
      if (memo) {
        const page = docPageData(doc, c.toc, site, sidebars, base.editUrlOf, base.lastUpdatedOf);
        const card = shareCards.cardFor(page, doc.doc.generated);
        const key = sha1(
          baseKey(assets),
          JSON.stringify({ ...page, sidebar: undefined }),
          unread?.htmlHash ?? sha1(c.html),
          card?.url ?? '',
          String(!!doc.doc.generated),
        );
        pageKeys.set(doc.doc.relPath, key);
        if (memo.reuse([outputHtmlPath(doc.route), dataPath(doc.route)], key)) return;
      }
      await write(renderDoc(base, { doc, toc: c.toc, html: c.html }, assets));
    });
    const assets = await bundling;
    phase(`rendered and wrote ${docs.length} docs`);

    // Search: records and the embedded index (renderer/search/), made from every page's records,
    // taken whole from the last build when no page's key changed. A large site's are made on a
    // thread of their own while this one writes the Markdown copies (search-thread.ts).
    const searchKey =
      memo &&
      sha1(
        baseKey(assets),
        JSON.stringify(synonyms),
        ...[...pageKeys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, k]) => k),
      );
    type SearchMeta = { records: number; termFragments: number; pageChunks: number };
    let search: SearchMeta | undefined = searchKey ? memo.reuseGroup<SearchMeta>('search', searchKey) : undefined;
    if (!search) {
      const [{ searchHere, startSearchThread }, { recordPages }] = await Promise.all([
        import('./search/search-thread.ts'),
        import('./search/site-records.ts'),
      ]);
      // The search step reads every page's records from the spill file: those of docs taken
      // from the compile cache are read from the cache now, only because the index is made again.
      for (const [rel, records] of unreadRecords) spill.put(rel, records());
      const pages = recordPages(
        docs.map(({ doc }) => ({ doc })),
        sidebars,
        site,
      ).map(({ page, lvl0 }) => ({ at: spill.where(page.doc.doc.relPath), lvl0 }));
      const job = { spillFile: spill.path, pages, site, synonyms, outDir: out.dir };
      const onThread = !!searchThread || (opts.parallel ?? docs.length >= PARALLEL_THRESHOLD);
      searching = onThread ? (searchThread ??= startSearchThread()).run(job) : searchHere(job);
    }
    if (!searching) await searchThread?.stop();

    // 5. Every link and anchor resolves, or nothing is published.
    checkSite(base, docs);
    phase('checked links');

    // 6. Custom pages, the 404 page, static files and files next to docs.
    for (const p of base.pages) await writeRoute(renderCustomPage(base, p.route, assets)!);
    await writeRoute(renderNotFound(base, assets));
    const staticDir = path.join(base.contentDir, 'static');
    copyContent(() => fs.existsSync(staticDir) && fs.cpSync(staticDir, out.dir, { recursive: true }), staticDir);
    for (const rel of fs.existsSync(staticDir) ? fs.readdirSync(staticDir, { recursive: true, encoding: 'utf8' }) : [])
      madeAs.add(rel.split(path.sep).join('/'));
    for (const file of new Set(docs.flatMap((d) => [...d.context.files]))) {
      fs.mkdirSync(path.dirname(path.join(out.dir, file)), { recursive: true });
      copyContent(
        () => fs.copyFileSync(path.join(base.contentDir, 'docs', file), path.join(out.dir, file)),
        path.join(base.contentDir, 'docs', file),
      );
      madeAs.add(file);
    }
    phase(`rendered ${base.pages.length + 1} other pages, copied static files`);

    // 7. For machines: each doc as Markdown, llms.txt, llms-full.txt; CSP for static hosts.
    const full = openSerialFile(out.dir, 'llms-full.txt');
    try {
      full.write(llmsFullHeader(site));
      for (const doc of table.docs) {
        const rel = markdownPath(doc.route);
        const md = docToMarkdown(markdownInput(doc, site), spilledCopies.get(doc.doc.relPath));
        await put(rel, md);
        const part = llmsFullPart(doc, md);
        if (part) full.write(part);
      }
    } finally {
      full.close();
    }
    await put('llms.txt', llmsTxt(base));
    // For the MCP server (cli/mcp/): the pages and sidebars, and the card that describes it.
    await put(SITE_INDEX_PATH, JSON.stringify(siteIndex(base)));
    // The card is made from the site data and the engine's code alone; its code loads the MCP
    // SDK's schema converter (~0.15 s of CPU), so a rebuild takes the last one when it can.
    if (!(memo && memo.reuse([SERVER_CARD_PATH], sha1(codeKey(opts.root, engineKey()), JSON.stringify(site))))) {
      const { serverCard } = await import('./mcp/server-card.ts');
      await files.write(SERVER_CARD_PATH, `${JSON.stringify(serverCard(site), null, 2)}\n`);
    }
    await put('_headers', headersFile(site));

    // Old paths: rules for hosts that read `_redirects`, a forwarding page for hosts that do not.
    if (base.redirects.length) {
      await put('_redirects', redirectsFile(base.redirects, site.baseUrl));
      for (const rule of base.redirects)
        if (!rule.splat) await put(outputHtmlPath(rule.path), redirectPage(rule, site));
    }

    const entries = [
      ...table.docs
        .filter((d) => !d.frontmatter.unlisted)
        .map((d) => ({ route: d.route, lastmod: d.doc.generated ? undefined : base.lastUpdatedOf(d.doc.file) })),
      ...base.pages.map((p) => ({ route: p.route })),
    ].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
    await put('sitemap.xml', sitemapXml(site, entries));
    await put('robots.txt', robotsTxt(site));

    phase('wrote Markdown copies, llms.txt, sitemap');

    if (!search) {
      const made = await searching!.result();
      const written: string[] = ['search/records.json'];
      for (const [rel, content] of made.files) {
        written.push(rel);
        await files.write(rel, content);
      }
      search = { records: made.records, termFragments: made.termFragments, pageChunks: made.pageChunks };
      if (searchKey) memo.recordGroup('search', searchKey, written, search);
    }
    await files.flush();
    records.dispose();
    copies.dispose();
    phase(
      `search: ${search.records} records, ${search.termFragments} term fragments, ${search.pageChunks} page chunks`,
    );
    // Share cards: one PNG per distinct card, drawn unless the cache has it. Their thread has
    // drawn while the pages compiled and the files above were written: most are done by now.
    await cards.writeAll();
    phase(
      `share cards: ${cards.count} (${cards.rendered} drawn, ${cards.cached} from the cache${cards.taken ? `, ${cards.taken} from the last build` : ''}; their thread busy ${Math.round(cards.busyMs)} ms${cards.cpuMs === undefined ? '' : `, ${Math.round(cards.cpuMs)} ms of CPU`})`,
    );
    // The files taken from the last build join the new output (output-memo.ts): folders of them
    // move in whole at the swap, unless a plugin's last word reads the finished folder first.
    let written = outputFiles(out.dir);
    const finishing = base.plugins.hasBuildEnd;
    const moves = memo?.place(written, { move: !finishing }) ?? [];
    if (finishing) {
      // The plugins' last word, on the finished output before it replaces the last build's.
      await base.plugins.buildEnd({ outDir: out.dir });
      written = outputFiles(out.dir);
    }
    const bytes = [...written.values()].reduce((sum, [size]) => sum + size, 0);
    out.commit(moves);
    memo?.save(written);
    phase(
      `swapped the output in${memo ? ` (${memo.reused} files taken from the last build, ${moves.length} folders of them moved whole)` : ''}`,
    );
    return {
      pages: docs.length + base.pages.length,
      ms: Math.round(performance.now() - started),
      bytes,
      outDir: opts.outDir,
    };
  } catch (error) {
    await worker?.stop();
    await (searching ?? searchThread)?.stop(); // its records.json is written into the output
    await cards?.cancel(); // no card is written once the output is removed
    await files.flush().catch(() => {}); // no write may land in the folder while it is removed
    for (const spilled of [records, copies]) {
      try {
        spilled?.dispose();
      } catch {
        // already closed
      }
    }
    out.abort();
    throw error;
  }
}

/**
 * Hand-written docs from which a worker is started before the site is read. Fewer than
 * PARALLEL_THRESHOLD: a site's generated pages (the SDK reference) count towards that too.
 */
const EARLY_WORKER_DOCS = PARALLEL_THRESHOLD / 2;

function countDocs(contentDir: string): number {
  return fg.sync('**/*.md', { cwd: path.join(contentDir, 'docs') }).length;
}

/**
 * Copies content files into the output: one deleted or unreadable since the docs were read is a
 * problem naming it (the build started from a state that no longer exists: build again).
 */
function copyContent(copy: () => unknown, what: string): void {
  try {
    copy();
  } catch (error: any) {
    const file = typeof error?.path === 'string' ? error.path : what;
    if (error?.code === 'ENOENT' || error?.code === 'EACCES' || error?.code === 'EISDIR') {
      throw new BuildError([
        {
          file: path.relative(process.cwd(), file),
          message: `cannot copy this file into the output: ${error.code}${error.code === 'ENOENT' ? ' (deleted during the build?)' : ''}`,
          hint: 'Build again once the content folder is as it should be.',
        },
      ]);
    }
    throw error;
  }
}

/** Each file under `dir` (path relative to it, `/`-separated) → its size and mtime. */
function outputFiles(dir: string): Map<string, [size: number, mtimeMs: number]> {
  const files = new Map<string, [number, number]>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(file);
    files.set(path.relative(dir, file).split(path.sep).join('/'), [stat.size, stat.mtimeMs]);
  }
  return files;
}
