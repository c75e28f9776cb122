import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, threadId } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';
import type { Message, Metafile } from 'esbuild';
import { esbuild, esbuildVersion } from './esbuild-api.ts';
import { sourceUrlPlugin } from '../bin/engine-bundle.mjs';
import { BuildError } from './errors.ts';
import { folderHash, sha1 } from './hash.ts';
import { writeFileAtomic } from './write-atomic.ts';

/**
 * The compiler options every side shares: tsconfig.json covers only the build side's folders.
 * Looked for upwards, since this module also runs bundled (node_modules/.cache/).
 */
function findUp(name: string): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, name);
    if (fs.existsSync(file) || path.dirname(dir) === dir) return file;
  }
}
const TSCONFIG = findUp('tsconfig.base.json');
/**
 * Where a module's bundle is written for Node to import. Under the project's node_modules, so
 * that the packages it imports resolve from there, as they do from content/.
 */
const OUT_DIR = path.join(path.dirname(TSCONFIG), 'node_modules/.cache/docs-site-code');

let imports = 0;
let pruned = false;

/**
 * The folders of this process (its worker threads' too) go when it exits; those of a process
 * that could not clean up, after a day.
 */
function outFolder(): string {
  if (!pruned) {
    pruned = true;
    if (isMainThread)
      process.once('exit', () => {
        try {
          for (const name of fs.readdirSync(OUT_DIR))
            if (name.startsWith(`${process.pid}-`))
              fs.rmSync(path.join(OUT_DIR, name), { recursive: true, force: true });
        } catch {
          // Nothing written.
        }
      });
    try {
      for (const name of fs.readdirSync(OUT_DIR)) {
        const dir = path.join(OUT_DIR, name);
        if (Date.now() - fs.statSync(dir).mtimeMs > 86_400_000) fs.rmSync(dir, { recursive: true, force: true });
      }
    } catch {
      // None yet.
    }
  }
  // A folder of its own each time: Node keeps every module it imported, and a fresh import must run the code again.
  return path.join(OUT_DIR, `${process.pid}-${threadId}-${++imports}`);
}

/**
 * Imports a TypeScript/TSX module from content/ fresh on every call (dev mode edits them): esbuild
 * bundles it with the site files it imports (packages stay imports Node resolves), and Node loads
 * that one file. tsx's loader would send every import of the process through its thread from then
 * on. A syntax error is a BuildError at its file and line. `sources` is told every site file bundled
 * (packages excepted) with the hash of the bytes bundled: what `docs dev` checks before importing again.
 */
export async function importFresh(file: string, sources?: Map<string, string>): Promise<Record<string, any>> {
  const dir = outFolder();
  const files = bundledBefore(file, sources) ?? (await bundle(file, dir, sources));
  for (const [name, text] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const entry = path.join(dir, `${path.basename(file).replace(/\.[^.]+$/, '')}.mjs`);
  return import(pathToFileURL(entry).href);
}

/**
 * The last bundle of each module, kept with the hash of every file it was made of: the same
 * bytes make the same bundle, so a build whose site code did not change starts no esbuild.
 * A file the module would newly import can only come from an edit to one already bundled.
 */
const KEPT_DIR = path.join(path.dirname(TSCONFIG), 'node_modules/.cache/docs-site-code-kept');

interface Kept {
  key: string;
  /** Every file bundled (absolute) → the hash of its bytes. */
  inputs: [file: string, hash: string][];
  /** Each of their folders → the hash of its listing. */
  folders: [dir: string, hash: string][];
  /** Output files: name in the out folder → text. */
  files: [name: string, text: string][];
}

/** What the bundle depends on besides its inputs: esbuild, the compiler options, this code. */
function keptKey(file: string, version: string): string {
  return sha1(path.resolve(file), version, fs.readFileSync(TSCONFIG), BUNDLE_OPTIONS_VERSION);
}
// Raise when the options of `bundle` change.
const BUNDLE_OPTIONS_VERSION = '1';

const keptFile = (file: string) => path.join(KEPT_DIR, `${sha1(path.resolve(file)).slice(0, 20)}.json`);

function bundledBefore(file: string, sources?: Map<string, string>): Kept['files'] | undefined {
  let kept: Kept;
  try {
    kept = JSON.parse(fs.readFileSync(keptFile(file), 'utf8'));
    if (kept.key !== keptKey(file, esbuildVersion())) return undefined;
  } catch {
    return undefined;
  }
  for (const [input, hash] of kept.inputs) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(input);
    } catch {
      return undefined;
    }
    if (sha1(bytes) !== hash) return undefined;
  }
  try {
    if (!kept.folders.every(([dir, hash]) => folderHash(dir) === hash)) return undefined;
  } catch {
    return undefined;
  }
  for (const [input, hash] of kept.inputs)
    if (!input.split(path.sep).includes('node_modules')) sources?.set(input, hash);
  return kept.files;
}

async function bundle(file: string, dir: string, sources?: Map<string, string>): Promise<Kept['files']> {
  const read = new Map<string, string>();
  let result: Esbuild.BuildResult<{ metafile: true; write: false }>;
  try {
    result = await esbuild().build({
      entryPoints: [path.resolve(file)],
      outdir: dir,
      bundle: true,
      // What a plugin imports on demand (its generator, a compiler) stays apart, as in its sources.
      splitting: true,
      outExtension: { '.js': '.mjs' },
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: TSCONFIG,
      sourcemap: 'inline',
      plugins: [
        sourceUrlPlugin((source, bytes) => {
          read.set(path.resolve(source), sha1(bytes));
          sources?.set(source, sha1(bytes));
        }),
      ],
      metafile: true,
      logLevel: 'silent',
    });
  } catch (error: any) {
    const errors: Message[] = error?.errors ?? [];
    if (!errors.length) throw error;
    throw new BuildError(
      errors.map((e) => ({
        file: e.location?.file ? path.relative(process.cwd(), path.resolve(e.location.file)) : file,
        line: e.location?.line,
        column: e.location ? e.location.column + 1 : undefined,
        message: e.text,
        hint: 'Fix this module of the site (it is imported with its own imports when the site is read).',
      })),
    );
  }
  const files: Kept['files'] = result.outputFiles!.map((out) => [path.relative(dir, out.path), out.text]);
  keep(file, result.metafile!, read, files);
  return files;
}

/**
 * Keeps the bundle with its inputs' hashes: those esbuild read through the plugin (the bytes it
 * bundled), the others (package files) read now. Never throws: without it, esbuild runs next time.
 */
function keep(file: string, metafile: Metafile, read: Map<string, string>, files: Kept['files']): void {
  try {
    const inputs: Kept['inputs'] = Object.keys(metafile.inputs).map((input) => {
      const abs = path.resolve(input);
      return [abs, read.get(abs) ?? sha1(fs.readFileSync(abs))];
    });
    const folders: Kept['folders'] = [...new Set(inputs.map(([input]) => path.dirname(input)))].map((dir) => [
      dir,
      folderHash(dir),
    ]);
    writeFileAtomic(
      keptFile(file),
      JSON.stringify({ key: keptKey(file, esbuildVersion()), inputs, folders, files } satisfies Kept),
    );
  } catch {
    // An input esbuild made up (no file) or an unwritable cache.
  }
}
