import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This folder: the generator's sources, hashed into the cache key. */
export const GENERATOR_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The docs project root (three levels up from content/plugins/typescript-api). */
export const PROJECT_ROOT = path.resolve(GENERATOR_DIR, '..', '..', '..');

/** Where generated references and downloaded packages are cached unless told otherwise. */
export const DEFAULT_CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'docs-api');

/**
 * The machine's cache of generated references, shared by every clone of a project: a fresh clone
 * (whose node_modules/.cache is empty) then reads the reference instead of running TypeDoc for
 * seconds. Its entries are keyed by everything the output depends on, the package's own files
 * included (cache.ts packageHash), so sharing cannot serve another package's reference.
 * `DOCS_CACHE_HOME` moves it; `DOCS_CACHE_HOME=off` turns it off.
 */
export function userCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.DOCS_CACHE_HOME === 'off') return undefined;
  if (env.DOCS_CACHE_HOME) return path.join(env.DOCS_CACHE_HOME, 'api-reference');
  const home = os.homedir();
  const base =
    process.platform === 'darwin'
      ? path.join(home, 'Library', 'Caches')
      : env.XDG_CACHE_HOME || path.join(home, '.cache');
  return path.join(base, 'docs-engine', 'api-reference');
}
