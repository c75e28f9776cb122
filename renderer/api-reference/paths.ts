import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This folder: the generator's sources, hashed into the cache key. */
export const GENERATOR_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The docs project root (two levels up from renderer/api-reference). */
export const PROJECT_ROOT = path.resolve(GENERATOR_DIR, '..', '..');

/** Where generated references and downloaded packages are cached unless told otherwise. */
export const DEFAULT_CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'docs-api');
