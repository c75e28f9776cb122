// The kinds of save `docs dev` is timed on (bench/dev-loop.mjs, bench/run.mjs), all on the real
// site with /getting-started/installation open: each gives devEditToBrowser's options besides
// root, edits and cleanups.
import fs from 'node:fs';
import path from 'node:path';

export const DEV_SCENARIOS = ['edit', 'title', 'add', 'rename', 'sidebars', 'config'];

const ROUTE = '/getting-started/installation';

let failedProbes = 0;
/** Probe requests refused or reset so far (the probe polls every 5 ms and tries again). */
export const probeFailures = () => failedProbes;

async function get(url) {
  try {
    const res = await fetch(url);
    return res.status === 200 ? await res.text() : '';
  } catch (error) {
    if (++failedProbes > 1000) throw error;
    return '';
  }
}

const page = (marker) => `---\ntitle: Bench page\ndescription: A page the dev benchmark adds.\n---\n\n${marker}\n`;

function replaceIn(file, from, to) {
  return (_i, marker, originals) => {
    const text = originals.get(file);
    if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
    fs.writeFileSync(file, text.replace(from, to(marker)));
  };
}

/**
 * `edit`: a line in the open doc's text; `title`: its title (the sidebar shows it: routes and
 * sidebars again); `add`: a new page, until its route serves it; `rename`: a page renamed
 * (the first step adds it), until the new route serves it; `sidebars`: the label of the open
 * page's sidebar category in sidebars.ts; `config`: the announcement bar in site.config.ts
 * (outside the swapped region: the page reloads).
 */
export function devScenario(name, { root, edits }) {
  const file = path.join(root, 'content/docs/getting-started/installation.md');
  const docsDir = path.dirname(file);
  const base = { file, route: ROUTE };
  switch (name) {
    case 'edit':
      return base;
    case 'title':
      return {
        ...base,
        change: { files: [file], write: replaceIn(file, 'title: Installation', (m) => `title: Installation ${m}`) },
      };
    case 'add': {
      const files = Array.from({ length: edits }, (_, i) => path.join(docsDir, `bench-added-${i}.md`));
      let current = -1;
      const write = (i, marker) => {
        fs.writeFileSync(files[i], page(marker));
        current = i;
      };
      return {
        ...base,
        change: { files, write },
        probe: async (url, marker) => (await get(`${url}/getting-started/bench-added-${current}`)).includes(marker),
      };
    }
    case 'rename': {
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
      return {
        ...base,
        change: { files, write },
        probe: async (url, marker) => (await get(`${url}/getting-started/bench-renamed-${current}`)).includes(marker),
      };
    }
    case 'sidebars': {
      const f = path.join(root, 'content/sidebars.ts');
      return {
        ...base,
        change: { files: [f], write: replaceIn(f, "label: 'Getting Started'", (m) => `label: 'Getting Started ${m}'`) },
      };
    }
    case 'config': {
      const f = path.join(root, 'content/site.config.ts');
      return {
        ...base,
        selector: 'body',
        change: {
          files: [f],
          write: replaceIn(f, "content: 'We have launched", (m) => `content: '${m} We have launched`),
        },
      };
    }
    default:
      throw new Error(`unknown docs dev scenario ${name} (known: ${DEV_SCENARIOS.join(', ')})`);
  }
}
