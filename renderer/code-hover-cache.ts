import fs from 'node:fs';
import path from 'node:path';
import { machineCacheDir, PROJECT_CACHE_DIR } from './cache-home.ts';
import { sha1 } from './hash.ts';
import type { CodeHover } from './markdown/code-hovers.ts';
import { writeFileAtomic } from './write-atomic.ts';

/**
 * Code hovers kept between builds (code-hover-table.ts). A block's hovers are a pure function of
 * the block and the site's module key (its code, its compiler's and libraries' versions), so they
 * live in the machine's cache (cache-home.ts), shared by every clone: a fresh clone asks the
 * compiler about none of the blocks an earlier clone saw. With `DOCS_CACHE_HOME=off`, in the
 * project's cache folder instead. One file per block, `<dir>/<module key>/<block key>.json`:
 * builds running at once (two clones, a test run beside a build) each write whole files by
 * rename, never lose each other's entries, and a build reads only the blocks it compiles.
 */
export function defaultHoverCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return machineCacheDir('code-hovers', env) ?? path.join(PROJECT_CACHE_DIR, 'docs-build', 'code-hovers');
}

/** Module keys kept side by side (clones on other versions, other sites); the least recently written go first. */
const KEPT_MODULE_KEYS = 8;

const isHovers = (value: unknown): value is CodeHover[] =>
  Array.isArray(value) &&
  value.every((h) => h && typeof h.start === 'number' && typeof h.end === 'number' && typeof h.text === 'string');

export class HoverCache {
  private readonly dir: string;

  /** The cache under `root` (defaultHoverCacheDir) of the module whose `key()` is `moduleKey`. */
  constructor(
    private readonly root: string,
    moduleKey: string,
  ) {
    this.dir = path.join(root, sha1(moduleKey).slice(0, 16));
  }

  /** The block's hovers, or undefined when missing or unreadable (then computed again and overwritten). */
  get(blockKey: string): CodeHover[] | undefined {
    try {
      const value = JSON.parse(fs.readFileSync(this.file(blockKey), 'utf8'));
      return isHovers(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes each block's hovers; a cache that cannot be written (read-only home, full disk) only makes the next build slower. */
  set(entries: Iterable<[blockKey: string, hovers: CodeHover[]]>): void {
    try {
      for (const [key, hovers] of entries) writeFileAtomic(this.file(key), JSON.stringify(hovers));
      this.prune();
    } catch {
      // see above
    }
  }

  private file(blockKey: string): string {
    return path.join(this.dir, `${blockKey}.json`);
  }

  /** Drops the folders of module keys no build has written to lately. */
  private prune(): void {
    const folders = fs
      .readdirSync(this.root, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => ({ dir: path.join(this.root, e.name), mtime: fs.statSync(path.join(this.root, e.name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    for (const { dir } of folders.slice(KEPT_MODULE_KEYS))
      if (dir !== this.dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
