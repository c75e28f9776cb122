#!/usr/bin/env node
// Search benchmark: size of the embedded index of the real site (raw, gzip, brotli), time to
// load it in Chromium (fetch + parse + unpack), query latency p50/p95 over the relevance set
// (the full adapter path DocSearch calls, highlights and snippets included), and relevance.
//
//   node bench/search.mjs                 # index built from content/ (tolerates broken links)
//   node bench/search.mjs --dist dist     # the index of a finished build
//   options: --runs N (query repetitions, default 20), --json (machine-readable output only)
//
// Exits 1 when a target is missed: index ≤ 150 KB gzip, p95 ≤ 5 ms, relevance ≥ 90 %.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const value = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const RUNS = Number(value('--runs', 20));
const DIST = value('--dist');
const JSON_ONLY = argv.includes('--json');
const TARGETS = { gzipKB: 150, p95Ms: 5, relevance: 0.9 };
const log = (...a) => JSON_ONLY || console.log(...a);
const ts = (file) => tsImport(path.join(ROOT, file), import.meta.url);

/** The index JSON: from a build's dist/, or built from content/ the way `docs build` does. */
async function indexJson() {
  if (DIST) {
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'search/manifest.json'), 'utf8'));
    return { json: fs.readFileSync(path.join(DIST, manifest.index), 'utf8'), source: `${DIST}${manifest.index}` };
  }
  const { loadForSearch } = await ts('renderer/search/load-for-search.ts');
  const { searchFiles } = await ts('renderer/search/search-files.ts');
  const source = await loadForSearch({ root: ROOT });
  const files = searchFiles(source).files;
  const name = [...files.keys()].find((f) => /index-[0-9a-f]+\.json$/.test(f));
  return { json: files.get(name), source: `content/ (${source.parsed.length} docs, ${source.problems} link problems ignored)` };
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
const { json, source } = await indexJson();
const sizes = {
  rawKB: round(Buffer.byteLength(json) / 1024, 1),
  gzipKB: round(zlib.gzipSync(json).length / 1024, 1),
  brotliKB: round(zlib.brotliCompressSync(json).length / 1024, 1),
};
log(`index (${source}): ${sizes.rawKB} KB raw, ${sizes.gzipKB} KB gzip, ${sizes.brotliKB} KB brotli`);

const bundle = await engineBundle();
const server = http.createServer((req, res) => {
  if (req.url === '/index.json') {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Encoding', 'gzip');
    return res.end(zlib.gzipSync(json));
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

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  await page.goto(origin);
  // Load time: fetch (no cache) + JSON parse + unpack, five times; the first is reported apart
  // (cold JIT), the median of the rest is the typical figure.
  const loads = await page.evaluate(async () => {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const packed = await (await fetch('/index.json', { cache: 'no-store' })).json();
      const t1 = performance.now();
      window.__e = window.__engine.createLocalEngine(packed);
      times.push({ total: performance.now() - t0, fetchParse: t1 - t0, unpack: performance.now() - t1 });
    }
    return times;
  });
  const warm = loads.slice(1).map((l) => l.total).sort((a, b) => a - b);
  const load = { firstMs: round(loads[0].total, 1), firstUnpackMs: round(loads[0].unpack, 1), medianMs: round(warm[Math.floor(warm.length / 2)], 1) };
  log(`load: first ${load.firstMs} ms (unpack ${load.firstUnpackMs} ms), then median ${load.medianMs} ms`);

  // Query latency: the request DocSearch sends, through the whole adapter.
  const queries = RELEVANCE_SET.map((c) => c.query);
  const { samples, first } = await page.evaluate(
    ({ queries, runs }) => {
      const request = (query) => ({
        query,
        hitsPerPage: 20,
        attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'hierarchy.lvl4:10', 'hierarchy.lvl5:10', 'hierarchy.lvl6:10', 'content:10'],
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
      });
      const time = (q) => {
        const t0 = performance.now();
        window.__engine.searchLocal(window.__e, request(q));
        return performance.now() - t0;
      };
      const first = queries.map(time);
      const samples = [];
      for (let r = 0; r < runs; r++) for (const q of queries) samples.push(time(q));
      return { samples, first };
    },
    { queries, runs: RUNS },
  );
  const sorted = [...samples].sort((a, b) => a - b);
  const firstSorted = [...first].sort((a, b) => a - b);
  const latency = { p50Ms: round(percentile(sorted, 50), 3), p95Ms: round(percentile(sorted, 95), 3), maxMs: round(sorted[sorted.length - 1], 3), firstPassP95Ms: round(percentile(firstSorted, 95), 3), samples: samples.length };
  log(`query latency over ${queries.length} queries × ${RUNS}: p50 ${latency.p50Ms} ms, p95 ${latency.p95Ms} ms (first pass p95 ${latency.firstPassP95Ms} ms, max ${latency.maxMs} ms)`);

  // Relevance: the expected page among the first three distinct pages.
  const pages = await page.evaluate((queries) => queries.map((q) => {
    const seen = [];
    for (const h of window.__engine.searchLocal(window.__e, { query: q, hitsPerPage: 20 }).hits) {
      const p = new URL(h.url_without_anchor).pathname;
      if (!seen.includes(p)) seen.push(p);
    }
    return seen.slice(0, 3);
  }), queries);
  const routes = new Set(JSON.parse(json).pages.map((p) => p[0]));
  const cases = RELEVANCE_SET.map((c, i) => ({ ...c, want: [c.route, ...(c.also ?? [])], got: pages[i] })).filter((c) => c.want.some((r) => routes.has(r)));
  const hits = cases.filter((c) => c.got.some((p) => c.want.includes(p)));
  const relevance = { hit: hits.length, of: cases.length, rate: round(hits.length / cases.length, 3), misses: cases.filter((c) => !hits.includes(c)).map((c) => ({ query: c.query, got: c.got })) };
  log(`relevance: ${relevance.hit}/${relevance.of} = ${round(relevance.rate * 100, 1)} % in the top 3`);
  for (const m of relevance.misses) log(`  miss: "${m.query}" → ${m.got.join(', ')}`);

  const ok = { gzip: sizes.gzipKB <= TARGETS.gzipKB, p95: latency.p95Ms <= TARGETS.p95Ms, relevance: relevance.rate >= TARGETS.relevance };
  const report = { source, sizes, load, latency, relevance, targets: TARGETS, ok };
  if (JSON_ONLY) console.log(JSON.stringify(report, null, 2));
  else log(`targets: gzip ≤ ${TARGETS.gzipKB} KB ${ok.gzip ? 'met' : 'MISSED'}, p95 ≤ ${TARGETS.p95Ms} ms ${ok.p95 ? 'met' : 'MISSED'}, relevance ≥ ${TARGETS.relevance * 100} % ${ok.relevance ? 'met' : 'MISSED'}`);
  process.exitCode = Object.values(ok).every(Boolean) ? 0 : 1;
} finally {
  await browser.close();
  server.close();
}
