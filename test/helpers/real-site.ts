import path from 'node:path';
import { buildSite, type BuildSummary } from '../../renderer/build-site.ts';
import { CompileCache } from '../../renderer/compile-cache.ts';
import { loadForSearch } from './load-for-search.ts';
import { whileLocked } from './lock.ts';
import { ROOT, TEST_CACHE_DIR } from './site.ts';

/**
 * The real site (content/) is read by several test files and the e2e setup; compiling its 320-odd
 * docs costs ~30 CPU-seconds each time. They all go through one compile cache and one share-card
 * cache, so a run compiles the site once and every later build or load takes the compiled docs
 * from there. The caches are the engine's own (renderer/compile-cache.ts): an entry is used only
 * for the same source, site and engine code, so an edit anywhere is compiled again. They live
 * in TEST_CACHE_DIR, beside the build's default cache, not in it, so the tests never touch a
 * writer's cache; `npm ci` empties both. Tests of the caches themselves use their own temp
 * folders (test/build.test.ts).
 *
 * One process at a time uses them (a lock file): test files run in parallel, and two cold
 * compiles of the site at once would each do the whole work, on cores already busy.
 */
const CONTENT = path.join(ROOT, 'content');
const LOCK = path.join(TEST_CACHE_DIR, 'real-site.lock');
/** The real site's code hovers (site.config.ts codeHovers), beside its compile cache. */
export const REAL_SITE_HOVER_CACHE = path.join(TEST_CACHE_DIR, 'hovers');

/** A handle on the real site's shared compile cache (open one per build or load). */
export function realSiteCache(): CompileCache {
  return CompileCache.open(CONTENT, TEST_CACHE_DIR);
}

/** `docs build` of the real site into `outDir`, with no environment variables (no Algolia, no analytics). */
export function buildRealSite(outDir: string): Promise<BuildSummary> {
  return whileLocked(LOCK, () =>
    buildSite({
      root: ROOT,
      outDir,
      env: {},
      cache: realSiteCache(),
      cardCache: path.join(TEST_CACHE_DIR, 'share-cards'),
      hoverCache: REAL_SITE_HOVER_CACHE,
    }),
  );
}

/** The real site's docs and search records, as `loadForSearch` gives them (problems do not stop it). */
export function loadRealSiteForSearch(): ReturnType<typeof loadForSearch> {
  return whileLocked(LOCK, () =>
    loadForSearch({ root: ROOT, cache: realSiteCache(), hoverCache: REAL_SITE_HOVER_CACHE }),
  );
}
