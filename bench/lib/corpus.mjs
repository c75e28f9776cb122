// The generated corpus, built by our engine and by Docusaurus 3.8.1 (the known-good setup in
// ../shared/bench/docusaurus, installed once into a cache folder outside the repository).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cachedInstall, npmInstall } from './cached-install.mjs';
import { readPhases } from './phases.mjs';
import { childEnv, discard, folderStats, timed } from './util.mjs';

export const DOCUSAURUS_VERSION = '3.8.1';

/** `../shared` beside the repository, with the corpus generator and the Docusaurus and Starlight setups. */
export function sharedBench(root) {
  const dir = path.resolve(root, '..', 'shared', 'bench');
  const generator = path.join(dir, 'gen-corpus.mjs');
  const docusaurus = path.join(dir, 'docusaurus');
  const starlight = path.join(dir, 'starlight');
  const missing = [generator, path.join(docusaurus, 'package.json'), path.join(starlight, 'package.json')].filter(
    (f) => !fs.existsSync(f),
  );
  if (missing.length) {
    throw new Error(
      `bench: the shared benchmark material is missing.\n  Expected ${missing.join('\n  and ')}\n  (the "shared" folder must sit beside the repository: ${path.resolve(root, '..', 'shared')}).`,
    );
  }
  return { dir, generator, docusaurus, starlight };
}

export function generateCorpus(shared, dir, pages) {
  execFileSync(process.execPath, [shared.generator, dir, String(pages)], { stdio: 'ignore' });
  return path.join(dir, 'docs');
}

const SITE_CONFIG = `export default { title: 'Corpus', url: 'https://example.com', productName: 'Corpus',
  navbar: { logo: { alt: 'Corpus', src: '/img/logo.svg', href: '/' }, items: [{ label: 'Docs', to: '/' }] },
  footer: { copyright: 'bench' } };
`;

/** The navbar logo the config names (a missing logo fails the build); it is also drawn on every share card. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#7a3ff2"/><path d="M10 16h12M16 10v12" stroke="#fff" stroke-width="3"/></svg>\n';

/**
 * A content folder for our engine: the corpus docs, site.config.ts, its logo and an empty
 * sidebars.ts. Every feature stays at its default (share cards, diagrams, search, llms.txt).
 */
export function oursContent(corpusDocs, dir) {
  discard(dir);
  fs.mkdirSync(path.join(dir, 'static', 'img'), { recursive: true });
  fs.cpSync(corpusDocs, path.join(dir, 'docs'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'site.config.ts'), SITE_CONFIG);
  fs.writeFileSync(path.join(dir, 'static', 'img', 'logo.svg'), LOGO_SVG);
  fs.writeFileSync(path.join(dir, 'sidebars.ts'), 'export default {};\n');
  return dir;
}

export async function buildOurs({ root, contentDir, outDir, logFile }) {
  discard(outDir);
  // --debug prints each phase's time (the breakdown in BENCHMARKS.md); it costs nothing measurable.
  const m = await timed(
    process.execPath,
    [path.join(root, 'bin/docs.js'), '--debug', '--content', contentDir, 'build', '--no-cache', '--out', outDir],
    { cwd: root, env: childEnv(), logFile },
  );
  return { ...m, ...folderStats(outDir), outDir, phases: readPhases(logFile) };
}

/**
 * Installs the Docusaurus setup into `cacheDir` (default ~/.cache/docs-bench/docusaurus) unless
 * an install of the same package.json is already there. Returns the install folder.
 */
export function installDocusaurus(shared, cacheDir) {
  const pkg = fs.readFileSync(path.join(shared.docusaurus, 'package.json'));
  return cachedInstall({
    dir: cacheDir,
    what: `Docusaurus ${DOCUSAURUS_VERSION}`,
    key: [pkg, process.version.split('.')[0]],
    marker: 'node_modules/@docusaurus/core/package.json',
    install: (dir) => {
      for (const f of fs.readdirSync(shared.docusaurus))
        fs.copyFileSync(path.join(shared.docusaurus, f), path.join(dir, f));
      npmInstall(dir, [], 'the Docusaurus setup');
      const version = docusaurusVersion(dir);
      if (version !== DOCUSAURUS_VERSION)
        throw new Error(`bench: installed @docusaurus/core ${version}, expected ${DOCUSAURUS_VERSION}`);
    },
  });
}

export function docusaurusVersion(installDir) {
  return JSON.parse(
    fs.readFileSync(path.join(installDir, 'node_modules', '@docusaurus', 'core', 'package.json'), 'utf8'),
  ).version;
}

/**
 * One cold Docusaurus build of the corpus: a fresh site folder (config + the corpus docs, with
 * node_modules linked to the cached install), its persistent cache (node_modules/.cache) emptied
 * first. `faster` sets DOCUSAURUS_FASTER=1 (Rspack/SWC/Lightning CSS pipeline).
 */
export async function buildDocusaurus({ installDir, corpusDocs, siteDir, faster, logFile }) {
  discard(siteDir);
  fs.mkdirSync(siteDir, { recursive: true });
  for (const f of ['package.json', 'docusaurus.config.js'])
    fs.copyFileSync(path.join(installDir, f), path.join(siteDir, f));
  fs.symlinkSync(path.join(installDir, 'node_modules'), path.join(siteDir, 'node_modules'), 'dir');
  fs.cpSync(corpusDocs, path.join(siteDir, 'docs'), { recursive: true });
  discard(path.join(installDir, 'node_modules', '.cache'));
  const cli = path.join(installDir, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
  const env = childEnv();
  delete env.DOCUSAURUS_FASTER;
  if (faster) env.DOCUSAURUS_FASTER = '1';
  const m = await timed(process.execPath, [cli, 'build'], { cwd: siteDir, env, logFile });
  const outDir = path.join(siteDir, 'build');
  return { ...m, ...folderStats(outDir), outDir };
}

export const tempRoot = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docs-bench-'));
