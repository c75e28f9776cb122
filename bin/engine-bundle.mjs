// The engine's TypeScript (cli/, renderer/, theme/ server side) as one ESM file per entry, built by
// esbuild and kept in node_modules/.cache/docs-engine-bundle/<key>/. Node then loads three files
// instead of a few hundred TypeScript modules through tsx's loader thread, which cost a warm build
// about half its CPU time and opened files on three threads at once. Plain JavaScript: it runs
// before anything can load TypeScript.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/docs-engine-bundle');
const CURRENT = path.join(CACHE_DIR, 'current.json');
const TSCONFIG = path.join(ROOT, 'tsconfig.base.json');
// The packages bundled in (BUNDLED_PACKAGES) are the versions this lockfile installs.
const LOCKFILE = path.join(ROOT, 'package-lock.json');

/** The bundle's entries: the CLI and the worker threads' modules. */
export const ENTRIES = {
  cli: 'cli/index.ts',
  'parse-worker': 'renderer/parse-worker.ts',
  'card-worker': 'renderer/share-cards/card-worker.ts',
  'search-worker': 'renderer/search/search-worker.ts',
};

/** Bundles kept: a running process may still start a worker from an older one. */
const KEEP = 4;

// One verdict per thread, shared by bin/docs.js and the bundled renderer/worker-script.ts (each
// holds its own copy of this module).
const MEMO = Symbol.for('docs.engineBundle');

/**
 * The key of a bundle: esbuild's version, the shared compiler options, the lockfile and the path and bytes of
 * every source file the bundle was made of, so an edit to any of them makes a new bundle. Files
 * the bundle does not import cannot change it until an imported file changes to import them.
 */
function keyOf(esbuildVersion, inputs, read) {
  const hash = crypto
    .createHash('sha1')
    .update(`${esbuildVersion}\n`)
    .update(fs.readFileSync(TSCONFIG))
    .update(fs.readFileSync(LOCKFILE));
  for (const rel of inputs) {
    const bytes = read(rel);
    if (bytes === undefined) return undefined;
    hash.update(`\n${rel}\n`).update(bytes);
  }
  return hash.digest('hex').slice(0, 20);
}

const readRel = (rel) => {
  try {
    return fs.readFileSync(path.join(ROOT, rel));
  } catch {
    return undefined;
  }
};

/** The bundle folder when the last one built is still current (every input unchanged), else undefined. */
export function currentBundle() {
  const memo = globalThis[MEMO];
  if (memo !== undefined) return memo || undefined;
  let found = false;
  // DOCS_ENGINE_BUNDLE=off: the sources through tsx, as when no bundle can be written.
  if (process.env.DOCS_ENGINE_BUNDLE === 'off') return void (globalThis[MEMO] = false);
  try {
    const record = JSON.parse(fs.readFileSync(CURRENT, 'utf8'));
    const dir = path.join(CACHE_DIR, record.key);
    if (
      keyOf(record.esbuild, record.inputs, readRel) === record.key &&
      Object.keys(ENTRIES).every((name) => fs.existsSync(path.join(dir, `${name}.mjs`)))
    )
      found = dir;
  } catch {
    // No bundle yet, or an unreadable record: build one.
  }
  globalThis[MEMO] = found;
  return found || undefined;
}

/** A file URL of one entry of the current bundle (`cli`, `parse-worker`, `card-worker`, `search-worker`), if there is one. */
export function bundledEntry(name) {
  const dir = currentBundle();
  return dir ? pathToFileURL(path.join(dir, `${name}.mjs`)) : undefined;
}

/**
 * The current bundle's folder, built first when any input changed. Undefined when it cannot be
 * built or written (a read-only install): the caller loads the TypeScript through tsx instead.
 */
export async function engineBundle() {
  const ready = currentBundle();
  if (ready || process.env.DOCS_ENGINE_BUNDLE === 'off') return ready;
  try {
    const dir = await build();
    globalThis[MEMO] = dir;
    return dir;
  } catch (error) {
    if (process.env.DOCS_DEBUG_BUNDLE) console.error(error);
    return undefined;
  }
}

/**
 * An esbuild plugin that keeps each bundled module's import.meta.url (and dirname, filename) its
 * source file's, so the paths a module finds from it (the project root, theme files, the cache
 * folders) are the same bundled or not. `onRead(file, bytes)` is told each source read.
 */
export function sourceUrlPlugin(onRead) {
  return {
    name: 'source-import-meta',
    setup(b) {
      b.onLoad({ filter: /\.([cm]?[jt]sx?|json)$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const bytes = fs.readFileSync(args.path);
        onRead(args.path, bytes);
        const ext = path.extname(args.path).slice(1);
        const loader = ext === 'mts' || ext === 'cts' ? 'ts' : ext === 'mjs' || ext === 'cjs' ? 'js' : ext;
        if (loader === 'json') return { contents: bytes, loader };
        return {
          contents: bytes
            .toString('utf8')
            .replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, name) =>
              JSON.stringify(
                name === 'url'
                  ? pathToFileURL(args.path).href
                  : name === 'dirname'
                    ? path.dirname(args.path)
                    : args.path,
              ),
            ),
          loader,
        };
      });
    },
  };
}

/**
 * Packages bundled with the engine: the Markdown and highlighting pipeline's, pure ES modules
 * spread over some five hundred small files, which Node's loader would open all at once on each
 * thread (a build under 128 open files failed at start-up); and the diagram renderer's
 * (beautiful-mermaid and ELK, a 1.5 MB CommonJS file that Node's ES module loader would parse twice
 * more, to tell its format and to find its exports: ~0.2 s of CPU on the thread that draws a
 * site's first diagram; it stays a chunk of its own, imported on demand). The others stay imports
 * Node loads: one instance shared with the site's code (React above all), native code, files read
 * beside their code.
 */
const BUNDLED_PACKAGES =
  /^(unified|bail|trough|extend|is-plain-obj|devlop|vfile(-.+)?|unist-.+|mdast-.+|hast-.+|hastscript|micromark(-.+)?|remark-.+|rehype-.+|property-information|space-separated-tokens|comma-separated-tokens|zwitch|html-void-elements|stringify-entities|character-entities(-.+)?|character-reference-invalid|decode-named-character-reference|is-alphanumerical|is-alphabetical|is-decimal|is-hexadecimal|parse-entities|ccount|longest-streak|markdown-table|trim-lines|web-namespaces|escape-string-regexp|shiki|@shikijs\/.+|oniguruma-.+|regex(-.+)?|@ungap\/structured-clone|beautiful-mermaid|elkjs)$/;

/** A bare import's package name: `@scope/name` or `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith('node:') || BUNDLED_PACKAGES.test(packageOf(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

async function build() {
  const esbuild = await import('esbuild');
  const read = new Map();
  const sourceUrls = sourceUrlPlugin((file, bytes) =>
    read.set(path.relative(ROOT, file).split(path.sep).join('/'), bytes),
  );
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const temp = fs.mkdtempSync(path.join(CACHE_DIR, '.building-'));
  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(ROOT, file)])),
      outdir: temp,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Chunks for what commands import on demand: `docs --help` loads none of the build's packages.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      // Stack traces name the sources under --debug (bin/docs.js turns source maps on then).
      sourcemap: 'linked',
      sourcesContent: false,
      tsconfig: TSCONFIG,
      plugins: [sourceUrls, externalPackages],
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = [...read.keys()].sort();
    // Every source esbuild took must be in the key; one it read past the plugin would go unwatched.
    const unkeyed = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/') && !read.has(f));
    if (unkeyed.length) throw new Error(`engine bundle: sources outside its key: ${unkeyed.join(', ')}`);
    const key = keyOf(esbuild.version, inputs, (rel) => read.get(rel));
    const dir = path.join(CACHE_DIR, key);
    fs.chmodSync(temp, 0o755);
    try {
      fs.renameSync(temp, dir);
    } catch {
      // Another process built the same bundle meanwhile: its folder is as good as ours.
      fs.rmSync(temp, { recursive: true, force: true });
    }
    const record = `${CURRENT}.${process.pid}.tmp`;
    fs.writeFileSync(record, JSON.stringify({ key, esbuild: esbuild.version, inputs }));
    fs.renameSync(record, CURRENT);
    prune(key);
    return dir;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

function prune(current) {
  const olds = fs
    .readdirSync(CACHE_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== current && !e.name.startsWith('.'))
    .map((e) => ({ name: e.name, time: fs.statSync(path.join(CACHE_DIR, e.name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const old of olds.slice(KEEP - 1)) fs.rmSync(path.join(CACHE_DIR, old.name), { recursive: true, force: true });
}
