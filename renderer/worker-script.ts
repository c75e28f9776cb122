import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { esbuild } from './esbuild-api.ts';
import { DEFAULT_COMPILE_CACHE_DIR, engineKey } from './compile-cache.ts';
import { bundledEntry } from '../bin/engine-bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A worker's code as one JavaScript file: our TypeScript bundled by esbuild once per engine
 * version (kept beside the compile cache), packages left as imports Node loads itself. A worker
 * that registers tsx instead sends each of its few hundred module loads through tsx's loader
 * thread, and spends a second or more before its first doc. When the file cannot be written,
 * the worker registers tsx as before (`<entry>-entry.mjs`). `entry`: the worker's module,
 * relative to renderer/, without extension (the compile worker's by default).
 */
export function workerScript(cacheDir = DEFAULT_COMPILE_CACHE_DIR, entry = 'parse-worker'): URL {
  const name = path.basename(entry);
  // Started from bin/docs.js, the engine's bundle holds every worker already (bin/engine-bundle.mjs).
  const bundled = bundledEntry(name as 'parse-worker' | 'card-worker' | 'search-worker');
  if (bundled) return bundled;
  try {
    const file = path.join(cacheDir, `${name}-${engineKey()}.mjs`);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(cacheDir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      esbuild().buildSync({
        entryPoints: [path.join(here, `${entry}.ts`)],
        outfile: temp,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        logLevel: 'silent',
      });
      fs.renameSync(temp, file);
      // Older engines' scripts are of no further use.
      for (const old of fs.readdirSync(cacheDir))
        if (old.startsWith(`${name}-`) && old !== path.basename(file))
          fs.rmSync(path.join(cacheDir, old), { force: true });
    }
    return pathToFileURL(file);
  } catch {
    return new URL(`./${entry}-entry.mjs`, import.meta.url);
  }
}

/**
 * Starts one of the engine's threads from its script (workerScript). A thread whose heap runs out
 * stops alone (ERR_WORKER_OUT_OF_MEMORY; each caller says what then); DOCS_WORKER_HEAP_MB sets
 * that heap's limit for every thread (V8's default otherwise), e.g. on a small machine.
 */
export function startEngineThread(entry: string | undefined, workerData: unknown): Worker {
  const heapMb = Number(process.env.DOCS_WORKER_HEAP_MB) || undefined;
  return new Worker(workerScript(undefined, entry), {
    workerData,
    resourceLimits: heapMb ? { maxOldGenerationSizeMb: heapMb } : undefined,
  });
}
