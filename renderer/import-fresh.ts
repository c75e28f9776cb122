import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, threadId } from 'node:worker_threads';
import { build, type Message } from 'esbuild';
import { sourceUrlPlugin } from '../bin/engine-bundle.mjs';
import { BuildError } from './errors.ts';
import { sha1 } from './hash.ts';

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
  let dir: string;
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      entryPoints: [path.resolve(file)],
      outdir: (dir = outFolder()),
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
      plugins: [sourceUrlPlugin((source, bytes) => sources?.set(source, sha1(bytes)))],
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
  for (const out of result.outputFiles!) {
    fs.mkdirSync(path.dirname(out.path), { recursive: true });
    fs.writeFileSync(out.path, out.contents);
  }
  const entry = path.join(dir, `${path.basename(file).replace(/\.[^.]+$/, '')}.mjs`);
  return import(pathToFileURL(entry).href);
}
