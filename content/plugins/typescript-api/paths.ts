import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineCacheDir, PROJECT_CACHE_DIR } from '../../../renderer/cache-home.ts';

/** This folder: the generator's sources, hashed into the cache key. */
export const GENERATOR_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The docs project root (three levels up from content/plugins/typescript-api). */
export const PROJECT_ROOT = path.resolve(GENERATOR_DIR, '..', '..', '..');

/** Where generated references and downloaded packages are cached unless told otherwise. */
export const DEFAULT_CACHE_DIR = path.join(PROJECT_CACHE_DIR, 'docs-api');

/**
 * The machine's cache of generated references, shared by every clone of a project: a fresh clone
 * (whose node_modules/.cache is empty) then reads the reference instead of running TypeDoc for
 * seconds. Its entries are keyed by everything the output depends on, the package's own files
 * included (cache.ts packageHash), so sharing cannot serve another package's reference. Where it
 * is follows the engine's rule (renderer/cache-home.ts): `DOCS_CACHE_HOME` moves it,
 * `DOCS_CACHE_HOME=off` turns it off.
 */
export function userCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return machineCacheDir('api-reference', env);
}
