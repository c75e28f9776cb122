#!/usr/bin/env node
// `npm run bench`: our engine side by side with Docusaurus 3.8.1 and Astro Starlight on the
// generated corpus, our engine alone at 10,000 pages, the real site's build and `docs dev`
// edit-to-browser time, page weight and Lighthouse in Chromium.
// Writes bench/results/*.json (summaries) and rewrites BENCHMARKS.md. See BENCHMARKS.md § Method.
//
//   npm run bench                       # 300 and 1,000 pages, 2 alternating runs per engine; 10,000 pages ours
//   npm run bench -- --quick            # 300 pages only, no 10,000-page build
//   npm run bench -- --sizes 100 --runs 1 --no-docusaurus   # a quick check of the script
//   other flags: --no-starlight, --no-faster (skip DOCUSAURUS_FASTER=1), --runs N, --keep (keep the
//   temp folder), --scale N (the large build at N pages; it runs by default at 10,000, and with
//   --quick or --sizes only when --scale is given), --no-scale, --starlight-10k (Starlight at that
//   size too: many minutes and GBs).
// Peers and the Node 22 Starlight needs are installed into DOCS_BENCH_CACHE (~/.cache/docs-bench).
import fs from 'node:fs';
import path from 'node:path';
import { cacheRoot } from './lib/cached-install.mjs';
import {
  buildDocusaurus,
  buildOurs,
  docusaurusVersion,
  DOCUSAURUS_VERSION,
  generateCorpus,
  installDocusaurus,
  oursContent,
  sharedBench,
  tempRoot,
} from './lib/corpus.mjs';
import { devEditToBrowser } from './lib/dev-edit.mjs';
import { freshClone } from './lib/fresh-clone.mjs';
import { readPhases } from './lib/phases.mjs';
import { devScenario } from './lib/dev-scenarios.mjs';
import { launchBrowser, CHROMIUM } from './lib/browser.mjs';
import { lighthouseSummary } from './lib/lighthouse.mjs';
import { writeReport } from './lib/report.mjs';
import { serveStatic } from './lib/server.mjs';
import {
  buildStarlight,
  installNode22,
  installStarlight,
  NODE22_VERSION,
  STARLIGHT_VERSION,
  starlightVersions,
} from './lib/starlight.mjs';
import { childEnv, discard, emptyDiscarded, machine, step, timed, folderStats } from './lib/util.mjs';
import { firstLoad } from './lib/weight.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const value = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const known = new Set([
  '--no-fresh-clone',
  '--quick',
  '--no-docusaurus',
  '--no-faster',
  '--no-starlight',
  '--keep',
  '--runs',
  '--sizes',
  '--scale',
  '--no-scale',
  '--starlight-10k',
]);
const usage =
  'usage: npm run bench [-- --quick] [--no-fresh-clone] [--sizes 300,1000] [--runs N] [--no-docusaurus] [--no-faster] [--no-starlight] [--scale N | --no-scale] [--starlight-10k] [--keep]';
for (const a of argv) {
  if (a.startsWith('--') && !known.has(a)) {
    console.error(`bench: unknown option ${a}\n${usage}`);
    process.exit(2);
  }
}
const positive = (name, text) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`bench: ${name} takes positive integers (got ${JSON.stringify(text)})\n${usage}`);
    process.exit(2);
  }
  return n;
};
const sizesArg = value('--sizes');
const scaleArg = value('--scale');
const options = {
  quick: flag('--quick'),
  docusaurus: !flag('--no-docusaurus'),
  faster: !flag('--no-docusaurus') && !flag('--no-faster'),
  starlight: !flag('--no-starlight'),
  runs: positive('--runs', value('--runs', '2')),
  sizes:
    sizesArg != null
      ? sizesArg.split(',').map((x) => positive('--sizes', x.trim()))
      : flag('--quick')
        ? [300]
        : [300, 1000],
  // The large build takes minutes, so a run that picks its own sizes (a quick check) leaves it out
  // unless asked for by size.
  scalePages: flag('--no-scale')
    ? null
    : scaleArg != null
      ? positive('--scale', scaleArg)
      : sizesArg != null || flag('--quick')
        ? null
        : 10_000,
};
options.starlightScale = flag('--starlight-10k') && options.starlight && options.scalePages != null;
if (flag('--starlight-10k') && !options.starlightScale) {
  console.error(
    `bench: --starlight-10k needs the large build (not --no-scale, --no-starlight; with --quick or --sizes add --scale N)\n${usage}`,
  );
  process.exit(2);
}
const SIZES = options.sizes;

/** The real site's pages measured for weight (all) and Lighthouse (those marked). */
const REAL_PAGES = [
  { name: 'home', route: '/', lighthouse: true },
  { name: 'doc', route: '/getting-started/installation', lighthouse: true },
  { name: 'SDK reference', route: '/reference/typescript/api/client.gen/classes/Container', lighthouse: true },
  { name: 'search', route: '/search', lighthouse: false },
];
/** The corpus doc page measured in both engines' builds (section 1, topic 1, page 1). */
const CORPUS_DOC = '/getting-started/basics/page-0001';

// Preflight: everything the run needs, before spending minutes on builds.
const shared = sharedBench(ROOT);
for (const [what, file] of [
  ['GNU time', '/usr/bin/time'],
  ['Debian chromium', CHROMIUM],
]) {
  if (!fs.existsSync(file))
    throw new Error(
      `bench: ${what} is missing (${file}); install it (apt-get install ${what === 'GNU time' ? 'time' : 'chromium'}).`,
    );
}

const cleanups = [];
// Run last (cleanups run in reverse): what the timed steps set aside (util.mjs discard).
cleanups.push(emptyDiscarded);
/** Starlight's site folders, which live inside its install (see buildStarlight), not in tmp. */
let starlightSites;
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
    console.error(
      `bench: interrupted; temporary files left in ${tmp}${starlightSites ? ` and ${starlightSites}` : ''}`,
    );
    process.exit(130);
  });
}

const results = {
  command: `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
  date: new Date().toISOString(),
  machine: machine(),
  options,
  docusaurusVersion: null,
  starlight: null,
  corpus: [],
  scale: null,
  realSite: null,
  freshClone: null,
  dev: null,
  devChanges: {},
  weight: [],
  lighthouse: [],
  notes: [],
  errors: [],
};
const fail = (section, error) => {
  console.error(`bench: ${section} failed: ${error?.stack ?? error}`);
  results.errors.push({
    section,
    message: String(error?.message ?? error)
      .split('\n')
      .slice(0, 12)
      .join('\n'),
  });
};

// 1. The real site: a full build into an empty folder with no compiled docs cached (the SDK
// reference's own cache stays, as after any first build), then a second (warm) build, which
// reads the compiled docs the first one cached.
let realOut;
step('real site: full build');
try {
  realOut = path.join(tmp, 'real-site');
  discard(path.join(ROOT, 'node_modules/.cache/docs-build')); // renderer/compile-cache.ts
  const full = await timed(process.execPath, ['bin/docs.js', '--debug', 'build', '--out', realOut], {
    cwd: ROOT,
    env: childEnv(),
    logFile: path.join(logs, 'real-full.log'),
  });
  const pages = Number(/✔ (\d+) pages/.exec(fs.readFileSync(path.join(logs, 'real-full.log'), 'utf8'))?.[1] ?? NaN);
  step('real site: warm rebuild');
  const warm = await timed(process.execPath, ['bin/docs.js', '--debug', 'build', '--out', realOut], {
    cwd: ROOT,
    env: childEnv(),
    logFile: path.join(logs, 'real-warm.log'),
  });
  results.realSite = {
    pages,
    full: { ...full, ...folderStats(realOut), phases: readPhases(path.join(logs, 'real-full.log')) },
    warm: { ...warm, phases: readPhases(path.join(logs, 'real-warm.log')) },
  };
} catch (error) {
  realOut = undefined;
  fail('real site build', error);
}

// 1b. A newcomer: clone, npm ci, npm start until the home page is served (committed state only).
if (!flag('--no-fresh-clone')) {
  step('real site: fresh clone, npm ci, npm start');
  try {
    results.freshClone = await freshClone({ root: ROOT, tmp, logs });
  } catch (error) {
    fail('fresh clone', error);
  }
}

// 2. docs dev: save a page, time until the browser shows it.
if (realOut) {
  step('docs dev: edit to browser');
  try {
    results.dev = await devEditToBrowser({
      root: ROOT,
      ...devScenario('edit', { root: ROOT, edits: 15 }),
      edits: 15,
      cleanups,
    });
  } catch (error) {
    fail('docs dev edit-to-browser', error);
  }
  // Saves that change routes, sidebars or the site's code.
  for (const name of ['add', 'rename', 'sidebars', 'config']) {
    step(`docs dev: ${name}`);
    try {
      results.devChanges[name] = await devEditToBrowser({
        root: ROOT,
        ...devScenario(name, { root: ROOT, edits: 8 }),
        edits: 8,
        cleanups,
      });
    } catch (error) {
      fail(`docs dev ${name}`, error);
    }
  }
}

// 3. The corpus at each size, engines alternating: ours, Docusaurus, (Docusaurus faster), Starlight,
// then again. A peer that fails is recorded and left out of that size's later runs; the others go on.
const engines = [
  {
    key: 'ours',
    label: 'our engine',
    build: ({ pages, content, name }) =>
      buildOurs({
        root: ROOT,
        contentDir: content,
        outDir: path.join(tmp, `ours-out-${pages}`),
        logFile: path.join(logs, `ours-${name}.log`),
      }),
  },
];
if (options.docusaurus) {
  try {
    const installDir = installDocusaurus(shared, path.join(cacheRoot(), 'docusaurus'));
    results.docusaurusVersion = docusaurusVersion(installDir);
    for (const faster of options.faster ? [false, true] : [false]) {
      const prefix = `docusaurus-${faster ? 'faster-' : ''}`;
      engines.push({
        key: faster ? 'faster' : 'docusaurus',
        label: `Docusaurus ${DOCUSAURUS_VERSION}${faster ? ' (DOCUSAURUS_FASTER=1)' : ''}`,
        build: ({ pages, corpusDocs, name }) =>
          buildDocusaurus({
            installDir,
            corpusDocs,
            siteDir: path.join(tmp, `${prefix}${pages}`),
            faster,
            logFile: path.join(logs, `${prefix}${name}.log`),
          }),
      });
    }
  } catch (error) {
    fail('Docusaurus install', error);
  }
}
if (options.starlight) {
  try {
    const node = installNode22(cacheRoot());
    const installDir = installStarlight(shared, cacheRoot(), node);
    results.starlight = { ...starlightVersions(installDir), node: NODE22_VERSION };
    // Inside the install (see buildStarlight), one folder per bench run so two runs never share one.
    starlightSites = path.join(installDir, 'bench-sites', path.basename(tmp));
    engines.push({
      key: 'starlight',
      label: `Starlight ${STARLIGHT_VERSION}`,
      build: ({ pages, corpusDocs, name }) =>
        buildStarlight({
          installDir,
          node,
          shared,
          corpusDocs,
          siteDir: path.join(starlightSites, `starlight-${pages}`),
          logFile: path.join(logs, `starlight-${name}.log`),
        }),
    });
  } catch (error) {
    fail('Starlight install', error);
  }
}
const built = (b) => `${(b.ms / 1000).toFixed(1)} s, ${(b.rssBytes / 2 ** 20).toFixed(0)} MB`;
const lastBuilds = {};
for (const pages of SIZES) {
  const entry = { pages, ours: [], docusaurus: [], faster: [], starlight: [] };
  results.corpus.push(entry);
  try {
    const corpusDocs = generateCorpus(shared, path.join(tmp, `corpus-${pages}`), pages);
    const content = oursContent(corpusDocs, path.join(tmp, `ours-content-${pages}`));
    const failed = new Set();
    for (let run = 1; run <= options.runs; run++) {
      for (const engine of engines.filter((e) => !failed.has(e.key))) {
        step(`${pages} pages, run ${run}/${options.runs}: ${engine.label}`);
        try {
          const b = await engine.build({ pages, corpusDocs, content, name: `${pages}-${run}` });
          entry[engine.key].push(b);
          step(`  ${built(b)}`);
          lastBuilds[engine.key] = { pages, outDir: b.outDir };
        } catch (error) {
          failed.add(engine.key);
          fail(`corpus ${pages} pages: ${engine.label}`, error);
        }
      }
    }
    // Every engine must have built every page, or the comparison means nothing.
    for (const engine of engines) {
      for (const b of entry[engine.key])
        if (b.html < pages + 1)
          throw new Error(`${engine.label} wrote ${b.html} HTML files for ${pages} pages (+ index)`);
    }
  } catch (error) {
    fail(`corpus ${pages} pages`, error);
  }
}

// 3b. Scale: our engine alone at 10,000 pages (Starlight too with --starlight-10k), one build
// each. A build that fails is recorded as failed, with the end of its log, and the run goes on.
if (options.scalePages) {
  const pages = options.scalePages;
  const entry = { pages, ours: null, starlight: null };
  results.scale = entry;
  try {
    const corpusDocs = generateCorpus(shared, path.join(tmp, `corpus-${pages}`), pages);
    const content = oursContent(corpusDocs, path.join(tmp, `ours-content-${pages}`));
    for (const engine of engines.filter((e) => e.key === 'ours' || (e.key === 'starlight' && options.starlightScale))) {
      step(`${pages} pages: ${engine.label}`);
      try {
        const b = await engine.build({ pages, corpusDocs, content, name: String(pages) });
        if (b.html < pages + 1)
          throw new Error(`${engine.label} wrote ${b.html} HTML files for ${pages} pages (+ index)`);
        entry[engine.key] = b;
        step(`  ${built(b)}, ${(b.ms / pages).toFixed(1)} ms/page`);
        // Hundreds of MB to GBs; the figures are taken.
        if (!flag('--keep')) discard(b.outDir);
      } catch (error) {
        const lines = String(error?.message ?? error).split('\n');
        entry[engine.key] = {
          failed: true,
          ms: error?.ms ?? null,
          error: [lines[0], ...lines.slice(1).slice(-12)].join('\n'),
        };
        step(`  failed${error?.ms ? ` after ${(error.ms / 1000).toFixed(1)} s` : ''}`);
        fail(`${pages.toLocaleString('en')} pages: ${engine.label}`, error);
      }
    }
  } catch (error) {
    fail(`${pages} pages`, error);
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
  if (lastBuilds.ours)
    await measure(
      lastBuilds.ours.outDir,
      [{ name: 'corpus doc', route: CORPUS_DOC }],
      'ours',
      `corpus ${lastBuilds.ours.pages}`,
    );
  if (lastBuilds.docusaurus)
    await measure(
      lastBuilds.docusaurus.outDir,
      [{ name: 'corpus doc', route: CORPUS_DOC }],
      `Docusaurus ${DOCUSAURUS_VERSION}`,
      `corpus ${lastBuilds.docusaurus.pages}`,
    );
  if (lastBuilds.starlight)
    await measure(
      lastBuilds.starlight.outDir,
      [{ name: 'corpus doc', route: CORPUS_DOC }],
      `Starlight ${STARLIGHT_VERSION}`,
      `corpus ${lastBuilds.starlight.pages}`,
    );
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
fs.writeFileSync(
  path.join(resultsDir, 'lighthouse.json'),
  JSON.stringify({ date: results.date, machine: results.machine, pages: results.lighthouse }, null, 2) + '\n',
);
fs.writeFileSync(path.join(resultsDir, 'bench.json'), JSON.stringify(results, null, 2) + '\n');
const targets = writeReport(results, path.join(ROOT, 'BENCHMARKS.md'));
step('wrote BENCHMARKS.md, bench/results/bench.json, bench/results/lighthouse.json');
for (const t of targets) console.log(`  ${t.status.padEnd(7)} ${t.target}: ${t.measured}`);

cleanup();
if (flag('--keep') || results.errors.length)
  console.log(`bench: temporary files (builds, logs) kept in ${tmp}${starlightSites ? ` and ${starlightSites}` : ''}`);
else for (const dir of [tmp, starlightSites]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
if (results.errors.length) {
  console.error(`bench: ${results.errors.length} part(s) failed: ${results.errors.map((e) => e.section).join(', ')}`);
  process.exitCode = 1;
}
