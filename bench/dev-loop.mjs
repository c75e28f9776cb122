// `docs dev` on the real site: save → the new text painted in Chromium (or served, for a page
// nobody has open yet), for each kind of save (bench/lib/dev-scenarios.mjs). Prints
// median/min/max and the dev server's CPU time per scenario as JSON.
//   node bench/dev-loop.mjs [edit|title|add|rename|sidebars|config ...] [--edits N] [--debug] [--root DIR]
// --root: another checkout of the project (e.g. an older commit, to compare in one run).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devEditToBrowser } from './lib/dev-edit.mjs';
import { DEV_SCENARIOS, devScenario, probeFailures } from './lib/dev-scenarios.mjs';

const argv = process.argv.slice(2);
const value = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const root = path.resolve(value('--root', fileURLToPath(new URL('..', import.meta.url))));
const edits = Number(value('--edits', 15));
const args = argv.includes('--debug') ? ['--debug'] : [];
const chosen = argv.filter((a, i) => !a.startsWith('--') && !['--edits', '--root'].includes(argv[i - 1]));

const cleanups = [];
process.on('SIGINT', () => {
  for (const c of cleanups) c();
  process.exit(130);
});
for (const name of chosen.length ? chosen : DEV_SCENARIOS) {
  const failed = probeFailures();
  const r = await devEditToBrowser({ root, edits, cleanups, args, ...devScenario(name, { root, edits }) });
  const summary = {
    medianMs: Math.round(r.medianMs),
    minMs: Math.round(r.minMs),
    maxMs: Math.round(r.maxMs),
    medianToSignalMs: Math.round(r.medianToSignalMs),
    medianServerReloadMs: r.medianServerReloadMs,
    serverCpuMsPerEdit: r.serverCpuMsPerEdit && Math.round(r.serverCpuMsPerEdit),
    medianServerCpuMs: r.medianServerCpuMs,
    inPlace: r.inPlace,
    runsMs: r.runs.map((x) => Math.round(x.paintMs)),
  };
  const retried = probeFailures() - failed;
  console.log(
    name,
    JSON.stringify(summary),
    retried ? `(${retried} probe requests refused or reset, tried again)` : '',
  );
}
