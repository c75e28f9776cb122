#!/usr/bin/env node
// Search benchmark on the embedded index of the real site, in Chromium: its files (manifest,
// term fragments, page chunks; raw and gzip), what a first query downloads on a fresh page
// (manifest + the fragments and chunks it needs, gzip, as the browser reports it) and how long
// it takes, query latency p50/p95 once the files are cached (the full adapter path DocSearch
// calls, highlights and snippets included), and relevance.
//
//   node bench/search.mjs                 # index built from content/ (tolerates broken links)
//   node bench/search.mjs --dist dist     # the index of a finished build
//   options: --runs N (query repetitions, default 20), --json (machine-readable output only)
//
// Exits 1 when a target is missed: every first query ≤ 150 KB gzip, p95 ≤ 5 ms, relevance ≥ 90 %.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { tsImport } from 'tsx/esm/api';
import { launchBrowser } from './lib/browser.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const value = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const RUNS = Number(value('--runs', 20));
const DIST = value('--dist');
const JSON_ONLY = argv.includes('--json');
const TARGETS = { firstQueryKB: 150, p95Ms: 5, relevance: 0.9 };
const log = (...a) => JSON_ONLY || console.log(...a);
const ts = (file) =>
  tsImport(path.join(ROOT, file), { parentURL: import.meta.url, tsconfig: path.join(ROOT, 'tsconfig.base.json') });

/** The search files (path under the site root → text): from a build's dist/, or built from content/ the way `docs build` does. */
async function searchFiles() {
  if (DIST) {
    const dir = path.join(DIST, 'search');
    const names = fs.readdirSync(dir).filter((f) => /^(manifest|terms-.*|pages-.*)\.json$/.test(f));
    return {
      files: new Map(names.map((f) => [`search/${f}`, fs.readFileSync(path.join(dir, f), 'utf8')])),
      source: dir,
    };
  }
  const { loadForSearch } = await ts('test/helpers/load-for-search.ts');
  const { searchFiles } = await ts('renderer/search/search-files.ts');
  const source = await loadForSearch({ root: ROOT });
  const files = new Map(
    [...searchFiles(source).files].filter(([f]) => /\/(manifest|terms-.*|pages-.*)\.json$/.test(f)),
  );
  return { files, source: `content/ (${source.parsed.length} docs, ${source.problems} link problems ignored)` };
}

/** The engine as the browser gets it, bundled and minified like the site's chunks. */
async function engineBundle() {
  const result = await build({
    stdin: {
      contents: `import { createLocalEngine, searchLocal } from './theme/islands/search/local-engine.ts'; window.__engine = { createLocalEngine, searchLocal };`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    target: ['chrome100'],
  });
  return result.outputFiles[0].text;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

const { RELEVANCE_SET } = await ts('test/search/relevance-set.ts');
const { files, source } = await searchFiles();
const gzipped = new Map([...files].map(([f, text]) => [f, zlib.gzipSync(text)]));
const manifest = JSON.parse(files.get('search/manifest.json'));
const kb = (bytes) => round(bytes / 1024, 1);
const of = (prefix) => [...files.keys()].filter((f) => f.startsWith(prefix));
const sizes = {
  termFragments: manifest.terms.length,
  pageChunks: manifest.pages.length,
  manifestGzipKB: kb(gzipped.get('search/manifest.json').length),
  largestFragmentGzipKB: kb(Math.max(...of('search/terms-').map((f) => gzipped.get(f).length))),
  largestChunkGzipKB: kb(Math.max(...of('search/pages-').map((f) => gzipped.get(f).length))),
  allRawKB: kb([...files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0)),
  allGzipKB: kb([...gzipped.values()].reduce((n, b) => n + b.length, 0)),
};
log(
  `index (${source}): ${sizes.termFragments} term fragments (largest ${sizes.largestFragmentGzipKB} KB gzip), ${sizes.pageChunks} page chunks (largest ${sizes.largestChunkGzipKB} KB gzip), manifest ${sizes.manifestGzipKB} KB gzip; all files ${sizes.allRawKB} KB raw, ${sizes.allGzipKB} KB gzip`,
);

const bundle = await engineBundle();
const server = http.createServer((req, res) => {
  const file = req.url.slice(1);
  if (gzipped.has(file)) {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Cache-Control', 'no-store'); // every fresh engine downloads what it needs
    return res.end(gzipped.get(file));
  }
  if (req.url === '/engine.js') {
    res.setHeader('Content-Type', 'text/javascript');
    return res.end(bundle);
  }
  res.setHeader('Content-Type', 'text/html');
  res.end('<!doctype html><meta charset="utf-8"><script src="/engine.js"></script>');
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(origin);
  const queries = RELEVANCE_SET.map((c) => c.query);
  await page.evaluate(() => {
    const load = (file) => fetch(`/${file}`).then((r) => r.json());
    window.__fresh = async () => window.__engine.createLocalEngine(await load('search/manifest.json'), load);
    window.__request = (query) => ({
      query,
      hitsPerPage: 20,
      attributesToSnippet: [
        'hierarchy.lvl1:10',
        'hierarchy.lvl2:10',
        'hierarchy.lvl3:10',
        'hierarchy.lvl4:10',
        'hierarchy.lvl5:10',
        'hierarchy.lvl6:10',
        'content:10',
      ],
      snippetEllipsisText: '…',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    });
  });

  // First query: a fresh engine per query (as on a new page), manifest included; bytes as the
  // browser received them (gzip), time from fetching the manifest to the answer.
  const firsts = await page.evaluate(async (queries) => {
    const out = [];
    for (const q of queries) {
      performance.clearResourceTimings();
      const t0 = performance.now();
      await window.__engine.searchLocal(await window.__fresh(), window.__request(q));
      const ms = performance.now() - t0;
      const entries = performance.getEntriesByType('resource');
      out.push({ query: q, ms, files: entries.length, bytes: entries.reduce((n, e) => n + e.encodedBodySize, 0) });
    }
    return out;
  }, queries);
  const byBytes = [...firsts].sort((a, b) => a.bytes - b.bytes);
  const byMs = firsts.map((f) => f.ms).sort((a, b) => a - b);
  const firstQuery = {
    medianKB: kb(percentile(byBytes, 50).bytes),
    maxKB: kb(byBytes[byBytes.length - 1].bytes),
    maxQuery: byBytes[byBytes.length - 1].query,
    maxFiles: Math.max(...firsts.map((f) => f.files)),
    p50Ms: round(percentile(byMs, 50), 1),
    p95Ms: round(percentile(byMs, 95), 1),
  };
  log(
    `first query (fresh page, manifest included): median ${firstQuery.medianKB} KB gzip, max ${firstQuery.maxKB} KB ("${firstQuery.maxQuery}"), at most ${firstQuery.maxFiles} files; ${firstQuery.p50Ms} ms p50, ${firstQuery.p95Ms} ms p95`,
  );

  // Query latency once the files a query needs are cached: the request DocSearch sends, through the whole adapter.
  const { samples, first } = await page.evaluate(
    async ({ queries, runs }) => {
      window.__e = await window.__fresh();
      const time = async (q) => {
        const t0 = performance.now();
        await window.__engine.searchLocal(window.__e, window.__request(q));
        return performance.now() - t0;
      };
      for (const q of queries) await time(q); // fetches
      const first = [];
      for (const q of queries) first.push(await time(q));
      const samples = [];
      for (let r = 0; r < runs; r++) for (const q of queries) samples.push(await time(q));
      return { samples, first };
    },
    { queries, runs: RUNS },
  );
  const sorted = [...samples].sort((a, b) => a - b);
  const firstSorted = [...first].sort((a, b) => a - b);
  const latency = {
    p50Ms: round(percentile(sorted, 50), 3),
    p95Ms: round(percentile(sorted, 95), 3),
    maxMs: round(sorted[sorted.length - 1], 3),
    firstPassP95Ms: round(percentile(firstSorted, 95), 3),
    samples: samples.length,
  };
  log(
    `query latency, files cached, over ${queries.length} queries × ${RUNS}: p50 ${latency.p50Ms} ms, p95 ${latency.p95Ms} ms (first pass p95 ${latency.firstPassP95Ms} ms, max ${latency.maxMs} ms)`,
  );

  // Relevance: the expected page among the first three distinct pages.
  const pages = await page.evaluate(async (queries) => {
    const out = [];
    for (const q of queries) {
      const seen = [];
      for (const h of (await window.__engine.searchLocal(window.__e, { query: q, hitsPerPage: 20 })).hits) {
        const p = new URL(h.url_without_anchor).pathname;
        if (!seen.includes(p)) seen.push(p);
      }
      out.push(seen.slice(0, 3));
    }
    return out;
  }, queries);
  const routes = new Set(of('search/pages-').flatMap((f) => JSON.parse(files.get(f)).pages.map((p) => p[0])));
  const cases = RELEVANCE_SET.map((c, i) => ({ ...c, want: [c.route, ...(c.also ?? [])], got: pages[i] })).filter((c) =>
    c.want.some((r) => routes.has(r)),
  );
  const hits = cases.filter((c) => c.got.some((p) => c.want.includes(p)));
  const relevance = {
    hit: hits.length,
    of: cases.length,
    rate: round(hits.length / cases.length, 3),
    misses: cases.filter((c) => !hits.includes(c)).map((c) => ({ query: c.query, got: c.got })),
  };
  log(`relevance: ${relevance.hit}/${relevance.of} = ${round(relevance.rate * 100, 1)} % in the top 3`);
  for (const m of relevance.misses) log(`  miss: "${m.query}" → ${m.got.join(', ')}`);

  const ok = {
    firstQuery: firstQuery.maxKB <= TARGETS.firstQueryKB,
    p95: latency.p95Ms <= TARGETS.p95Ms,
    relevance: relevance.rate >= TARGETS.relevance,
  };
  const report = { source, sizes, firstQuery, latency, relevance, targets: TARGETS, ok };
  if (JSON_ONLY) console.log(JSON.stringify(report, null, 2));
  else
    log(
      `targets: first query ≤ ${TARGETS.firstQueryKB} KB gzip ${ok.firstQuery ? 'met' : 'MISSED'}, p95 ≤ ${TARGETS.p95Ms} ms ${ok.p95 ? 'met' : 'MISSED'}, relevance ≥ ${TARGETS.relevance * 100} % ${ok.relevance ? 'met' : 'MISSED'}`,
    );
  process.exitCode = Object.values(ok).every(Boolean) ? 0 : 1;
} finally {
  await browser.close();
  server.close();
}
