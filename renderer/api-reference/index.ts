import { cacheFile, readCache, writeCache } from './cache.ts';
import { assertPackage } from './load-package.ts';
import { DEFAULT_CACHE_DIR } from './paths.ts';
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
 * Served from `<cacheDir>/<version>-<reference hash>.json` when present; otherwise the package is
 * converted with TypeDoc (downloaded with `npm pack` first if the installed copy is another
 * version) and the result cached. `force` regenerates even when a cache file exists.
 */
export async function loadApiReference(opts: ReferenceSettings & { cacheDir?: string; force?: boolean }): Promise<ApiReference> {
  assertPackage(opts.package, opts.version);
  const cacheDir = opts.cacheDir ?? DEFAULT_CACHE_DIR;
  const file = cacheFile(opts, cacheDir);
  if (!opts.force) {
    const cached = readCache(file, opts.version);
    if (cached) return cached;
  }
  const running = inFlight.get(file);
  if (running) return running;
  const job = (async () => {
    // Loaded lazily: TypeDoc and the TypeScript compiler are only needed on a cache miss.
    const { generateApiReference } = await import('./generate.ts');
    const ref = await generateApiReference(opts, cacheDir);
    writeCache(file, ref);
    return ref;
  })();
  inFlight.set(file, job);
  try {
    return await job;
  } finally {
    inFlight.delete(file);
  }
}
