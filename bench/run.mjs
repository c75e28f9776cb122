#!/usr/bin/env node
// `npm run bench`: our engine side by side with Docusaurus 3.8.1 on the generated corpus, the real
// site's build and `docs dev` edit-to-browser time, page weight and Lighthouse in Chromium.
// Writes bench/results/*.json (summaries) and rewrites BENCHMARKS.md. See BENCHMARKS.md § Method.
//
//   npm run bench                       # 300 and 1,000 pages, 2 alternating runs per engine
//   npm run bench -- --quick            # 300 pages only
//   npm run bench -- --no-docusaurus    # our engine only
//   other flags: --no-faster (skip DOCUSAURUS_FASTER=1), --runs N, --keep (keep the temp folder)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDocusaurus, buildOurs, childEnv, docusaurusVersion, DOCUSAURUS_VERSION, generateCorpus, installDocusaurus, oursContent, sharedBench, tempRoot } from './lib/corpus.mjs';
import { devEditToBrowser } from './lib/dev-edit.mjs';
import { launchBrowser, CHROMIUM } from './lib/browser.mjs';
import { lighthouseSummary } from './lib/lighthouse.mjs';
import { writeReport } from './lib/report.mjs';
import { serveStatic } from './lib/server.mjs';
import { machine, step, timed, folderStats } from './lib/util.mjs';
import { firstLoad } from './lib/weight.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const value = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const known = new Set(['--quick', '--no-docusaurus', '--no-faster', '--keep', '--runs']);
for (const a of argv) {
  if (a.startsWith('--') && !known.has(a)) {
    console.error(`bench: unknown option ${a}\nusage: npm run bench [-- --quick] [--no-docusaurus] [--no-faster] [--runs N] [--keep]`);
    process.exit(2);
  }
}
const options = {
  quick: flag('--quick'),
  docusaurus: !flag('--no-docusaurus'),
  faster: !flag('--no-docusaurus') && !flag('--no-faster'),
  runs: Number(value('--runs', 2)),
};
if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs takes a positive integer');
const SIZES = options.quick ? [300] : [300, 1000];

/** The real site's pages measured for weight (all) and Lighthouse (those marked). */
const REAL_PAGES = [
  { name: 'home', route: '/', lighthouse: true },
  { name: 'doc', route: '/getting-started/installation', lighthouse: true },
  { name: 'SDK reference', route: '/reference/typescript/api/client.gen/classes/Container', lighthouse: true },
  { name: 'search', route: '/search', lighthouse: false },
];
/** The corpus doc page measured in both engines' builds (section 1, topic 1, page 1). */
const CORPUS_DOC = '/getting-started/basics/page-0001';
const DEV_EDIT = { route: '/getting-started/installation', file: path.join(ROOT, 'content/docs/getting-started/installation.md') };

// Preflight: everything the run needs, before spending minutes on builds.
const shared = sharedBench(ROOT);
for (const [what, file] of [['GNU time', '/usr/bin/time'], ['Debian chromium', CHROMIUM]]) {
  if (!fs.existsSync(file)) throw new Error(`bench: ${what} is missing (${file}); install it (apt-get install ${what === 'GNU time' ? 'time' : 'chromium'}).`);
}

const cleanups = [];
const tmp = tempRoot();
const logs = path.join(tmp, 'logs');
fs.mkdirSync(logs);
let cleaned = false;
const cleanup = () => {
  if (cleaned) return;
  cleaned = true;
  for (const c of [...cleanups].reverse()) {
    try {
      c();
    } catch (e) {
      console.error(e);
    }
  }
};
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    cleanup();
    console.error(`bench: interrupted; temporary files left in ${tmp}`);
    process.exit(130);
  });
}

const results = {
  command: `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
  date: new Date().toISOString(),
  machine: machine(),
  options,
  docusaurusVersion: null,
  corpus: [],
  realSite: null,
  dev: null,
  weight: [],
  lighthouse: [],
  notes: [],
  errors: [],
};
const fail = (section, error) => {
  console.error(`bench: ${section} failed: ${error?.stack ?? error}`);
  results.errors.push({ section, message: String(error?.message ?? error).split('\n').slice(0, 12).join('\n') });
};

// 1. The real site: a full build into an empty folder with no compiled docs cached (the SDK
// reference's own cache stays, as after any first build), then a second (warm) build, which
// reads the compiled docs the first one cached.
let realOut;
step('real site: full build');
try {
  realOut = path.join(tmp, 'real-site');
  fs.rmSync(path.join(ROOT, 'node_modules/.cache/docs-build'), { recursive: true, force: true }); // renderer/compile-cache.ts
  const full = await timed(process.execPath, ['--max-semi-space-size=64', 'bin/docs.js', 'build', '--out', realOut], { cwd: ROOT, env: childEnv(), logFile: path.join(logs, 'real-full.log') });
  const pages = Number(/✔ (\d+) pages/.exec(fs.readFileSync(path.join(logs, 'real-full.log'), 'utf8'))?.[1] ?? NaN);
  step('real site: warm rebuild');
  const warm = await timed(process.execPath, ['--max-semi-space-size=64', 'bin/docs.js', 'build', '--out', realOut], { cwd: ROOT, env: childEnv(), logFile: path.join(logs, 'real-warm.log') });
  results.realSite = { pages, full: { ...full, ...folderStats(realOut) }, warm };
} catch (error) {
  realOut = undefined;
  fail('real site build', error);
}

// 2. docs dev: save a page, time until the browser shows it.
if (realOut) {
  step('docs dev: edit to browser');
  try {
    results.dev = await devEditToBrowser({ root: ROOT, ...DEV_EDIT, edits: 7, cleanups });
  } catch (error) {
    fail('docs dev edit-to-browser', error);
  }
}

// 3. The corpus at each size, engines alternating: ours, theirs, (theirs faster), ours, …
let installDir;
if (options.docusaurus) {
  try {
    installDir = installDocusaurus(shared, process.env.DOCS_BENCH_CACHE ?? path.join(os.homedir(), '.cache', 'docs-bench', 'docusaurus'));
    results.docusaurusVersion = docusaurusVersion(installDir);
  } catch (error) {
    fail('Docusaurus install', error);
  }
}
const lastBuilds = {};
for (const pages of SIZES) {
  const entry = { pages, ours: [], docusaurus: [], faster: [] };
  results.corpus.push(entry);
  try {
    const corpusDocs = generateCorpus(shared, path.join(tmp, `corpus-${pages}`), pages);
    const content = oursContent(corpusDocs, path.join(tmp, `ours-content-${pages}`));
    for (let run = 1; run <= options.runs; run++) {
      step(`${pages} pages, run ${run}/${options.runs}: our engine`);
      const ours = await buildOurs({ root: ROOT, contentDir: content, outDir: path.join(tmp, `ours-out-${pages}`), logFile: path.join(logs, `ours-${pages}-${run}.log`) });
      entry.ours.push(ours);
      step(`  ${(ours.ms / 1000).toFixed(1)} s, ${(ours.rssBytes / 2 ** 20).toFixed(0)} MB`);
      lastBuilds.ours = { pages, outDir: ours.outDir };
      if (!installDir) continue;
      for (const faster of options.faster ? [false, true] : [false]) {
        step(`${pages} pages, run ${run}/${options.runs}: Docusaurus ${DOCUSAURUS_VERSION}${faster ? ' (DOCUSAURUS_FASTER=1)' : ''}`);
        const d = await buildDocusaurus({ installDir, corpusDocs, siteDir: path.join(tmp, `docusaurus-${faster ? 'faster-' : ''}${pages}`), faster, logFile: path.join(logs, `docusaurus-${faster ? 'faster-' : ''}${pages}-${run}.log`) });
        (faster ? entry.faster : entry.docusaurus).push(d);
        step(`  ${(d.ms / 1000).toFixed(1)} s, ${(d.rssBytes / 2 ** 20).toFixed(0)} MB`);
        if (!faster) lastBuilds.docusaurus = { pages, outDir: d.outDir };
      }
    }
    // Both engines must have built every page, or the comparison means nothing.
    for (const [name, list] of [['our engine', entry.ours], ['Docusaurus', entry.docusaurus], ['Docusaurus faster', entry.faster]]) {
      for (const b of list) if (b.html < pages + 1) throw new Error(`${name} wrote ${b.html} HTML files for ${pages} pages (+ index)`);
    }
  } catch (error) {
    fail(`corpus ${pages} pages`, error);
  }
}

// 4. Page weight on first load, in Chromium, served gzip by the same static server.
step('page weight (Chromium, first load)');
try {
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const measure = async (dir, pages, engine, site) => {
    const server = await serveStatic(dir);
    try {
      for (const p of pages) {
        const file = path.join(dir, p.route === '/' ? '' : p.route, 'index.html');
        if (!fs.existsSync(file)) {
          results.notes.push(`Page weight: ${engine} ${p.name} (${p.route}) skipped — not in the build yet.`);
          continue;
        }
        const w = await firstLoad(browser, server.url + p.route);
        delete w.files;
        results.weight.push({ name: p.name, engine, site, ...w, url: p.route });
      }
    } finally {
      await server.close();
    }
  };
  if (realOut) await measure(realOut, REAL_PAGES, 'ours', 'real site');
  if (lastBuilds.ours) await measure(lastBuilds.ours.outDir, [{ name: 'corpus doc', route: CORPUS_DOC }], 'ours', `corpus ${lastBuilds.ours.pages}`);
  if (lastBuilds.docusaurus) await measure(lastBuilds.docusaurus.outDir, [{ name: 'corpus doc', route: CORPUS_DOC }], `Docusaurus ${DOCUSAURUS_VERSION}`, `corpus ${lastBuilds.docusaurus.pages}`);
  await browser.close();
} catch (error) {
  fail('page weight', error);
}

// 5. Lighthouse, mobile preset, on the real site's pages.
if (realOut) {
  const server = await serveStatic(realOut);
  try {
    for (const p of REAL_PAGES.filter((x) => x.lighthouse)) {
      if (!fs.existsSync(path.join(realOut, p.route === '/' ? '' : p.route, 'index.html'))) {
        results.notes.push(`Lighthouse: ${p.name} (${p.route}) skipped — not in the build yet.`);
        continue;
      }
      step(`Lighthouse (mobile, 3 runs): ${p.name} ${p.route}`);
      try {
        results.lighthouse.push({ name: p.name, ...(await lighthouseSummary(server.url + p.route, 3)), url: p.route });
      } catch (error) {
        fail(`Lighthouse ${p.route}`, error);
      }
    }
  } finally {
    await server.close();
  }
}

// 6. Results: JSON summaries and BENCHMARKS.md.
const resultsDir = path.join(ROOT, 'bench', 'results');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'lighthouse.json'), JSON.stringify({ date: results.date, machine: results.machine, pages: results.lighthouse }, null, 2) + '\n');
fs.writeFileSync(path.join(resultsDir, 'bench.json'), JSON.stringify(results, null, 2) + '\n');
const targets = writeReport(results, path.join(ROOT, 'BENCHMARKS.md'));
step('wrote BENCHMARKS.md, bench/results/bench.json, bench/results/lighthouse.json');
for (const t of targets) console.log(`  ${t.status.padEnd(7)} ${t.target}: ${t.measured}`);

cleanup();
if (flag('--keep') || results.errors.length) console.log(`bench: temporary files (builds, logs) kept in ${tmp}`);
else fs.rmSync(tmp, { recursive: true, force: true });
if (results.errors.length) {
  console.error(`bench: ${results.errors.length} part(s) failed: ${results.errors.map((e) => e.section).join(', ')}`);
  process.exitCode = 1;
}
