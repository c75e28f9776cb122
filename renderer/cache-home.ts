import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the engine and its plugins keep what they compute between builds. Two homes: the
 * project's (node_modules/.cache, which `npm ci` empties) for what depends on this clone (its
 * compiled docs, its output), and the machine's, shared by every clone, for what is a pure
 * function of its key (a generated API reference, code hovers), so a second clone reads what
 * the first one computed. One rule for both, so no cache writes its path out by hand.
 */

/** The project's cache folder. */
export const PROJECT_CACHE_DIR = path.join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules', '.cache');

/**
 * `<machine cache home>/<name>`, or undefined when `DOCS_CACHE_HOME=off`. The home is
 * `DOCS_CACHE_HOME` when set, else the platform's user cache folder (`~/Library/Caches` on
 * macOS, `$XDG_CACHE_HOME` or `~/.cache` elsewhere) + `docs-engine`. Entries there must be keyed
 * by everything they depend on: any clone, branch or version of a project may read them.
 */
export function machineCacheDir(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.DOCS_CACHE_HOME === 'off') return undefined;
  if (env.DOCS_CACHE_HOME) return path.join(env.DOCS_CACHE_HOME, name);
  const home = os.homedir();
  const base =
    process.platform === 'darwin'
      ? path.join(home, 'Library', 'Caches')
      : env.XDG_CACHE_HOME || path.join(home, '.cache');
  return path.join(base, 'docs-engine', name);
}
