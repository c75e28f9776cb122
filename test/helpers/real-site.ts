import fs from 'node:fs';
import path from 'node:path';
import { buildSite, type BuildSummary } from '../../renderer/build-site.ts';
import { CompileCache } from '../../renderer/compile-cache.ts';
import { loadForSearch } from '../../renderer/search/load-for-search.ts';
import { ROOT } from './site.ts';

/**
 * The real site (content/) is read by several test files and the e2e setup; compiling its 320-odd
 * docs costs ~30 CPU-seconds each time. They all go through one compile cache and one share-card
 * cache, so a run compiles the site once and every later build or load takes the compiled docs
 * from there. The caches are the engine's own (renderer/compile-cache.ts): an entry is used only
 * for the same source, site and engine code, so an edit anywhere is compiled again. They live
 * beside the build's default cache, not in it, so the tests never touch a writer's cache; `npm ci`
 * empties both. Tests of the caches themselves use their own temp folders (test/build.test.ts).
 *
 * One process at a time uses them (a lock file): test files run in parallel, and two cold
 * compiles of the site at once would each do the whole work, on cores already busy.
 */
export const TEST_CACHE_DIR = path.join(ROOT, 'node_modules/.cache/docs-test');
const CONTENT = path.join(ROOT, 'content');

/** A handle on the real site's shared compile cache (open one per build or load). */
export function realSiteCache(): CompileCache {
  return CompileCache.open(CONTENT, TEST_CACHE_DIR);
}

/** `docs build` of the real site into `outDir`, with no environment variables (no Algolia, no analytics). */
export function buildRealSite(outDir: string): Promise<BuildSummary> {
  return whileLocked(() => buildSite({ root: ROOT, outDir, env: {}, cache: realSiteCache(), cardCache: path.join(TEST_CACHE_DIR, 'share-cards') }));
}

/** The real site's docs and search records, as `loadForSearch` gives them (problems do not stop it). */
export function loadRealSiteForSearch(): ReturnType<typeof loadForSearch> {
  return whileLocked(() => loadForSearch({ root: ROOT, cache: realSiteCache() }));
}

const LOCK = path.join(TEST_CACHE_DIR, 'real-site.lock');

/**
 * Runs `fn` holding LOCK, a file naming the holder's pid. A lock left by a process that is gone,
 * or older than any hold (a pid can be reused after the machine restarts), is taken over.
 */
async function whileLocked<T>(fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(TEST_CACHE_DIR, { recursive: true });
  while (!tryLock()) await new Promise((resolve) => setTimeout(resolve, 200));
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK, { force: true });
  }
}

function tryLock(): boolean {
  try {
    fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let holder: { pid: number; age: number };
  try {
    holder = { pid: Number(fs.readFileSync(LOCK, 'utf8')), age: Date.now() - fs.statSync(LOCK).mtimeMs };
  } catch {
    return false; // released meanwhile: try again
  }
  // An empty file is being written by its holder (or was left by one killed at that moment).
  const stale = holder.age > 10 * 60_000 || (holder.pid > 0 && !isRunning(holder.pid));
  if (stale) fs.rmSync(LOCK, { force: true });
  return false;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
