import fs from 'node:fs';
import path from 'node:path';
import { cacheFile, packageHash, readCache, referenceHash, writeCache } from './cache.ts';
import { assertPackage, installedPackage } from './load-package.ts';
import { DEFAULT_CACHE_DIR, userCacheDir } from './paths.ts';
import type { ApiReference, ReferenceSettings } from './types.ts';

export type { ApiReference, GeneratedDoc, ReferenceSettings } from './types.ts';
export { cacheFile, generatorHash, referenceHash } from './cache.ts';
export { DEFAULT_CACHE_DIR } from './paths.ts';

/** Generations in progress in this process, so concurrent callers share one TypeDoc run. */
const inFlight = new Map<string, Promise<ApiReference>>();

/**
 * The generated TypeScript reference for `package@version`: Markdown docs under
 * `reference/typescript/` and their sidebar section.
 *
 * Served from `<cacheDir>/<version>-<reference hash>.json` when present, else (with the default
 * cache folder) from the machine's cache shared by every clone (paths.ts userCacheDir), keyed
 * also by the installed package's files; otherwise the package is converted with TypeDoc
 * (downloaded with `npm pack` first if the installed copy is another version) and the result
 * cached in both. `force` regenerates even when a cache file exists.
 */
export async function loadApiReference(
  opts: ReferenceSettings & { cacheDir?: string; sharedCacheDir?: string; force?: boolean },
): Promise<ApiReference> {
  assertPackage(opts.package, opts.version);
  const cacheDir = opts.cacheDir ?? DEFAULT_CACHE_DIR;
  const file = cacheFile(opts, cacheDir);
  // A project's own cache folder (tests, tools) shares nothing unless told where.
  const shared = sharedCacheFile(
    opts,
    opts.sharedCacheDir ?? (opts.cacheDir === undefined ? userCacheDir() : undefined),
  );
  if (!opts.force) {
    const cached = readCache(file, opts.version);
    if (cached) {
      if (shared && !fs.existsSync(shared)) tryWriteCache(shared, cached); // seeds the machine cache for the next clone
      return cached;
    }
    const fromShared = shared && readCache(shared, opts.version);
    if (fromShared) {
      tryWriteCache(file, fromShared);
      return fromShared;
    }
  }
  const running = inFlight.get(file);
  if (running) return running;
  const job = (async () => {
    // Loaded lazily: TypeDoc and the TypeScript compiler are only needed on a cache miss.
    const { generateApiReference } = await import('./generate.ts');
    const ref = await generateApiReference(opts, cacheDir);
    writeCache(file, ref);
    if (shared) {
      tryWriteCache(shared, ref);
      pruneShared(path.dirname(shared));
    }
    return ref;
  })();
  inFlight.set(file, job);
  try {
    return await job;
  } finally {
    inFlight.delete(file);
  }
}

/**
 * The shared cache's file for these settings, or none (turned off, or the package is not
 * installed at the version: then it is downloaded, and only the project's cache keeps it).
 */
function sharedCacheFile(settings: ReferenceSettings, dir: string | undefined): string | undefined {
  const pkg = installedPackage(settings.package, settings.version);
  if (!dir || !pkg) return undefined;
  return path.join(dir, `${settings.version}-${referenceHash(settings)}-${packageHash(pkg)}.json`);
}

/** A cache that cannot be written (read-only home, full disk) only makes the next build slower. */
function tryWriteCache(file: string, ref: ApiReference): void {
  try {
    writeCache(file, ref);
  } catch {
    // see above
  }
}

/** Entries the shared cache keeps: one per clone, generator and version in use; the oldest go first. */
const SHARED_ENTRIES = 12;

function pruneShared(dir: string): void {
  try {
    const entries = fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .map((n) => ({ file: path.join(dir, n), mtime: fs.statSync(path.join(dir, n)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    for (const e of entries.slice(SHARED_ENTRIES)) fs.rmSync(e.file, { force: true });
  } catch {
    // Only housekeeping.
  }
}
