import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../helpers/site.ts';

/**
 * Page-weight budgets on the built real site (issue 9). Bytes are deterministic, so these are
 * exact checks, not timings. A page's first-load JS and CSS are the files its HTML names
 * (`<script src>`, `<link rel=stylesheet>`, `<link rel=modulepreload>`) plus every chunk those
 * import statically, each gzipped with zlib (default level) — what `npm run bench` measures in
 * Chromium, read from the files. Budgets are the values measured when they were set plus ~15 %;
 * raise one only with the reason in the commit, and never a doc page's JS above 60 KB.
 */

/** The real site, built by the e2e global setup (test/e2e/global-setup.ts). */
const SITE = path.join(ROOT, '.cache/e2e/site');
const KB = 1024;
/** Spec ceiling: a doc page's first-load JS, gzip. */
const DOC_JS_CEILING = 60 * KB;

interface PageBudget {
  route: string;
  /** gzip bytes of first-load JS / CSS. */
  js: number;
  css: number;
  /** Islands the page mounts as soon as it loads (dynamic imports by chunk name), counted as first load. */
  islands?: string[];
}

// Measured 2026-11-23 on the real site, JS / CSS gzip: home, doc and SDK reference 8.1 / 5.4 KB
// each (the same shell); search 20.1 / 5.4 KB (its results island loads with the page).
// CSS 6.2 → 6.3 KB on 2026-11-27: the type popups of TypeScript samples (code.css, codeHovers) add
// 111 bytes gzip to the one stylesheet (6,299 → 6,410), where 49 were left.
const BUDGETS: Record<string, PageBudget> = {
  home: { route: '/', js: 9.3 * KB, css: 6.3 * KB },
  doc: { route: '/getting-started/installation', js: 9.3 * KB, css: 6.3 * KB },
  'SDK reference': { route: '/reference/typescript/api/client.gen/classes/Container', js: 9.3 * KB, css: 6.3 * KB },
  search: { route: '/search', js: 23.1 * KB, css: 6.3 * KB, islands: ['search-page'] },
};

// Measured 2026-11-23: the embedded index (fetched when search is first used) 103.9 KB gzip /
// 268.8 KB raw; records.json (DocSearch records for a hosted engine, never sent to browsers) 6.2 MB.
/**
 * The embedded index: a small manifest, then term fragments and page chunks fetched per query
 * (renderer/search/index-files.ts sizes them: ~24,000 and ~4,000 raw chars).
 */
const SEARCH_BUDGETS = { manifestGzip: 2 * KB, fragmentGzip: 16 * KB, chunkGzip: 4 * KB, recordsRaw: 7.2 * KB * KB };

const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length;

/** `/a/b` → `<site>/a/b/index.html`. */
function htmlOf(route: string): string | undefined {
  const file = path.join(SITE, route === '/' ? '' : route, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/** A site URL (`/assets/x.js`) → its file; fails on anything that is not a local built file. */
function fileOf(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//'))
    throw new Error(`first-load asset from another origin, cannot be measured: ${url}`);
  const file = path.join(SITE, decodeURIComponent(url.split(/[?#]/)[0]));
  if (!fs.existsSync(file)) throw new Error(`the HTML names ${url}, which is not in the build`);
  return file;
}

/** The JS and CSS a page's HTML loads: script src, stylesheets, module preloads. */
function htmlAssets(html: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs: Record<string, string> = {};
    for (const a of tag[2].matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g))
      attrs[a[1].toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (tag[1].toLowerCase() === 'script' && attrs.src) js.push(attrs.src);
    // A media="print" stylesheet loads at idle priority and never blocks the first paint: not first-load weight.
    else if (tag[1].toLowerCase() === 'link' && rel.includes('stylesheet') && attrs.href && attrs.media !== 'print')
      css.push(attrs.href);
    else if (tag[1].toLowerCase() === 'link' && rel.includes('modulepreload') && attrs.href) js.push(attrs.href);
  }
  return { js, css };
}

/**
 * Every JS file loaded with `roots`: the roots and the chunks they import statically, followed
 * through esbuild's parse of the built files (its metafile lists each file's imports and their
 * kind). Also returns the dynamically imported chunks, by file.
 */
async function staticClosure(roots: string[]): Promise<{ files: Set<string>; dynamic: Set<string> }> {
  const result = await build({
    entryPoints: roots,
    absWorkingDir: SITE,
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    metafile: true,
    outdir: path.join(SITE, '.budget-check'),
    logLevel: 'silent',
  });
  const inputs = result.metafile.inputs;
  const files = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (rel: string) => {
    const abs = path.resolve(SITE, rel);
    if (files.has(abs)) return;
    files.add(abs);
    for (const imp of inputs[rel]?.imports ?? []) {
      if (imp.external) throw new Error(`${rel} imports ${imp.path} from outside the build`);
      if (imp.kind === 'import-statement') visit(imp.path);
      else if (imp.kind === 'dynamic-import') dynamic.add(path.resolve(SITE, imp.path));
    }
  };
  for (const root of roots) visit(path.relative(SITE, root).split(path.sep).join('/'));
  return { files, dynamic };
}

interface Weight {
  js: number;
  css: number;
  jsFiles: string[];
}

async function firstLoad(route: string, islands: string[] = []): Promise<Weight> {
  const html = htmlOf(route);
  if (!html) throw new Error(`${route} is not in the build`);
  const assets = htmlAssets(html);
  expect(assets.js.length, `${route} loads no script at all`).toBeGreaterThan(0);
  expect(assets.css.length, `${route} loads no stylesheet at all`).toBeGreaterThan(0);
  const roots = [...new Set(assets.js.map(fileOf))];
  let { files, dynamic } = await staticClosure(roots);
  if (islands.length) {
    const chunks = islands.map((name) => {
      const hit = [...dynamic].find((f) => path.basename(f).startsWith(`${name}-`));
      if (!hit)
        throw new Error(`${route}: no dynamically imported "${name}-*.js" chunk found (was the island renamed?)`);
      return hit;
    });
    files = new Set([...files, ...(await staticClosure([...roots, ...chunks])).files]);
  }
  const css = [...new Set(assets.css.map(fileOf))];
  const sum = (list: Iterable<string>) => [...list].reduce((n, f) => n + gzip(f), 0);
  return { js: sum(files), css: sum(css), jsFiles: [...files].map((f) => path.relative(SITE, f)) };
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

describe.skipIf(!inject('siteUrl'))('page-weight budgets, real site (gzip, first load)', () => {
  it('the budgets themselves keep a doc page within 60 KB of JS', () => {
    expect(BUDGETS.doc.js).toBeLessThanOrEqual(DOC_JS_CEILING);
  });

  for (const [name, budget] of Object.entries(BUDGETS)) {
    it(`${name} ${budget.route}: JS ≤ ${kb(budget.js)}, CSS ≤ ${kb(budget.css)}`, async (ctx) => {
      if (!htmlOf(budget.route)) {
        // Pages other engineers are still adding: skipped with a clear note until they land.
        if (name === 'search' || name === 'SDK reference')
          ctx.skip(`${name} page ${budget.route} is not in the build yet; its budget is not checked`);
        throw new Error(`${budget.route} is not in the build`);
      }
      const w = await firstLoad(budget.route, budget.islands);
      const detail = `${name}: JS ${kb(w.js)} (${w.jsFiles.join(', ')}), CSS ${kb(w.css)}`;
      expect(w.js, detail).toBeLessThanOrEqual(budget.js);
      expect(w.css, detail).toBeLessThanOrEqual(budget.css);
      if (name === 'doc') expect(w.js, detail).toBeLessThanOrEqual(DOC_JS_CEILING);
    });
  }

  it('no render-blocking script but the small inline colour-mode one, on every page type', () => {
    for (const [name, budget] of Object.entries(BUDGETS)) {
      const html = htmlOf(budget.route);
      if (!html) continue;
      const blocking: string[] = [];
      for (const tag of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        const attrs = tag[1];
        const type = /type=["']?([^"'\s>]+)/i.exec(attrs)?.[1].toLowerCase();
        if (type && type !== 'module' && !/javascript|ecmascript/.test(type)) continue; // JSON data blocks, never executed
        if (/type=["']?module/i.test(attrs) || /\b(async|defer)\b/i.test(attrs)) continue; // deferred
        blocking.push(/\bsrc=/i.test(attrs) ? `external ${attrs.trim()}` : `inline ${tag[2].length} chars`);
      }
      expect(blocking, name).toHaveLength(1);
      expect(blocking[0], name).toMatch(/^inline \d+ chars$/);
      expect(Number(/\d+/.exec(blocking[0])![0]), `${name}: the pre-paint script stays tiny`).toBeLessThanOrEqual(2048);
    }
  });

  it(`search index: manifest ≤ ${kb(SEARCH_BUDGETS.manifestGzip)}, each term fragment ≤ ${kb(SEARCH_BUDGETS.fragmentGzip)}, each page chunk ≤ ${kb(SEARCH_BUDGETS.chunkGzip)} gzip; records ≤ ${kb(SEARCH_BUDGETS.recordsRaw)}`, (ctx) => {
    const dir = path.join(SITE, 'search');
    const manifest = path.join(dir, 'manifest.json');
    if (!fs.existsSync(manifest))
      ctx.skip(`no search index in the build (${path.relative(ROOT, manifest)}); its size is not checked`);
    expect(gzip(manifest), `manifest.json ${kb(gzip(manifest))} gzip`).toBeLessThanOrEqual(SEARCH_BUDGETS.manifestGzip);
    const files = fs.readdirSync(dir);
    for (const [prefix, budget] of [
      ['terms-', SEARCH_BUDGETS.fragmentGzip],
      ['pages-', SEARCH_BUDGETS.chunkGzip],
    ] as const) {
      const sizes = files.filter((f) => f.startsWith(prefix)).map((f) => ({ f, gzip: gzip(path.join(dir, f)) }));
      expect(sizes.length, `${prefix}*.json files`).toBeGreaterThan(0);
      const largest = sizes.reduce((a, b) => (b.gzip > a.gzip ? b : a));
      expect(largest.gzip, `largest ${prefix}*.json: ${largest.f}, ${kb(largest.gzip)} gzip`).toBeLessThanOrEqual(
        budget,
      );
    }
    const records = path.join(dir, 'records.json');
    if (fs.existsSync(records))
      expect(fs.statSync(records).size, `records.json ${kb(fs.statSync(records).size)}`).toBeLessThanOrEqual(
        SEARCH_BUDGETS.recordsRaw,
      );
  });
});
