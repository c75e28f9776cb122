// `docs dev` on the real site: save → the new text painted in Chromium (or served, for a page
// nobody has open yet), for each kind of save. Prints median/min/max per scenario as JSON.
//   node bench/dev-loop.mjs [edit|title|add|rename|sidebars|config ...] [--edits N] [--debug] [--root DIR]
// --root: another checkout of the project (e.g. an older commit, to compare in one run).
// Not part of `npm run bench` (which times the `edit` scenario through bench/run.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devEditToBrowser } from './lib/dev-edit.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const value = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const ROOT = path.resolve(value('--root', fileURLToPath(new URL('..', import.meta.url))));
const edits = Number(value('--edits', 15));
const args = flag('--debug') ? ['--debug'] : [];
const chosen = argv.filter((a, i) => !a.startsWith('--') && !['--edits', '--root'].includes(argv[i - 1]));

const route = '/getting-started/installation';
const file = path.join(ROOT, 'content/docs/getting-started/installation.md');
const docsDir = path.join(ROOT, 'content/docs/getting-started');
const replaceIn = (f, from, to) => (_i, marker, originals) => {
  const text = originals.get(f);
  if (!text.includes(from)) throw new Error(`${f} has no ${from}`);
  fs.writeFileSync(f, text.replace(from, to(marker)));
};
const page = (marker) => `---\ntitle: Bench page\ndescription: A page the dev benchmark adds.\n---\n\n${marker}\n`;
let resets = 0;
const get = async (url) => {
  try {
    const res = await fetch(url);
    return res.status === 200 ? await res.text() : '';
  } catch (error) {
    resets++; // the probe polls every 5 ms; a refused or reset request is tried again
    if (resets > 1000) throw error;
    return '';
  }
};

/** Scenario → the options devEditToBrowser takes besides root, edits and cleanups. */
function scenario(name) {
  switch (name) {
    case 'edit': // a body edit of the open page
      return { file, route };
    case 'title': // frontmatter the sidebar shows: routes and sidebars again
      return { file, route, change: { files: [file], write: replaceIn(file, 'title: Installation', (m) => `title: Installation ${m}`) } };
    case 'add': {
      const files = Array.from({ length: edits }, (_, i) => path.join(docsDir, `bench-added-${i}.md`));
      return { file, route, change: { files, write: (i, marker) => fs.writeFileSync(files[i], page(marker)) }, probe: async (url, marker) => (await get(`${url}/getting-started/bench-added-${files.findIndex((f) => fs.existsSync(f) && fs.readFileSync(f, 'utf8').includes(marker))}`)).includes(marker) };
    }
    case 'rename': {
      // Step 0 adds the page; each later step renames it, and the new route must serve it.
      const files = Array.from({ length: edits }, (_, i) => path.join(docsDir, `bench-renamed-${i}.md`));
      let current = -1;
      const write = (i, marker) => {
        if (i === 0) fs.writeFileSync(files[0], page(marker));
        else {
          fs.renameSync(files[i - 1], files[i]);
          fs.writeFileSync(files[i], page(marker)); // the same file, its marker updated
        }
        current = i;
      };
      return { file, route, change: { files, write }, probe: async (url, marker) => (await get(`${url}/getting-started/bench-renamed-${current}`)).includes(marker) };
    }
    case 'sidebars': { // the label of the open page's sidebar category
      const f = path.join(ROOT, 'content/sidebars.ts');
      return { file, route, change: { files: [f], write: replaceIn(f, "label: 'Getting Started'", (m) => `label: 'Getting Started ${m}'`) } };
    }
    case 'config': { // the announcement bar (outside #page): the page reloads
      const f = path.join(ROOT, 'content/site.config.ts');
      return { file, route, selector: 'body', change: { files: [f], write: replaceIn(f, "content: 'We have launched", (m) => `content: '${m} We have launched`) } };
    }
    default:
      throw new Error(`unknown scenario ${name}`);
  }
}

const cleanups = [];
process.on('SIGINT', () => {
  for (const c of cleanups) c();
  process.exit(130);
});
const results = {};
for (const name of chosen.length ? chosen : ['edit', 'title', 'add', 'rename', 'sidebars', 'config']) {
  const r = await devEditToBrowser({ root: ROOT, edits, cleanups, args, ...scenario(name) });
  const summary = { medianMs: Math.round(r.medianMs), minMs: Math.round(r.minMs), maxMs: Math.round(r.maxMs), medianToSignalMs: Math.round(r.medianToSignalMs), medianServerReloadMs: r.medianServerReloadMs, serverCpuMsPerEdit: r.serverCpuMsPerEdit && Math.round(r.serverCpuMsPerEdit), medianServerCpuMs: r.medianServerCpuMs, inPlace: r.inPlace, runsMs: r.runs.map((x) => Math.round(x.paintMs)) };
  results[name] = summary;
  console.log(name, JSON.stringify(summary), resets ? `(${resets} failed probe requests)` : '');
  resets = 0;
}
