import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { DEFAULT_COMPILE_CACHE_DIR, engineKey } from './compile-cache.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The compile worker's code as one JavaScript file: our TypeScript bundled by esbuild once per
 * engine version (kept beside the compile cache), packages left as imports Node loads itself.
 * A worker that registers tsx instead sends each of its few hundred module loads through tsx's
 * loader thread, and spends a second or more before its first doc. When the file cannot be
 * written, the worker registers tsx as before.
 */
export function workerScript(cacheDir = DEFAULT_COMPILE_CACHE_DIR): URL {
  try {
    const file = path.join(cacheDir, `parse-worker-${engineKey()}.mjs`);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(cacheDir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      buildSync({ entryPoints: [path.join(here, 'parse-worker.ts')], outfile: temp, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
      fs.renameSync(temp, file);
      // Older engines' scripts are of no further use.
      for (const name of fs.readdirSync(cacheDir)) if (name.startsWith('parse-worker-') && name !== path.basename(file)) fs.rmSync(path.join(cacheDir, name), { force: true });
    }
    return pathToFileURL(file);
  } catch {
    return new URL('./parse-worker-entry.mjs', import.meta.url);
  }
}
