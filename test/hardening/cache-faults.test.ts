/**
 * Caches a build reads and writes that are damaged or cannot be written: the build ignores what
 * it cannot use, makes it again and succeeds, with the same output. (Corrupt compile-cache JSON
 * and API-reference cache files: test/build.test.ts and test/api-reference/cache.test.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { CompileCache } from '../../renderer/compile-cache.ts';
import { wholePng } from '../../renderer/share-cards/card-worker.ts';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cache-faults-'));
const pngs = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.png'))
    .sort();

describe('damaged or unwritable caches', () => {
  it('share-card cache: a truncated card and a garbage one are drawn again, in the output and in the cache', {
    timeout: 120_000,
  }, async () => {
    const contentDir = fixtureCopy();
    const cardRoot = tempDir();
    const first = tempOut();
    await buildSite({ root: ROOT, contentDir, outDir: first, env: {}, cardCache: cardRoot });
    // One folder per site under the cache's root.
    const [site] = fs.readdirSync(cardRoot);
    const cardCache = path.join(cardRoot, site);
    const cards = pngs(cardCache);
    expect(cards.length).toBeGreaterThanOrEqual(2);
    const [truncated, garbage] = cards;
    const whole = fs.readFileSync(path.join(cardCache, truncated));
    fs.writeFileSync(path.join(cardCache, truncated), whole.subarray(0, whole.length >> 1));
    fs.writeFileSync(path.join(cardCache, garbage), 'not a picture');
    const second = tempOut();
    await buildSite({ root: ROOT, contentDir, outDir: second, env: {}, cardCache: cardRoot });
    for (const name of cards) {
      expect(wholePng(fs.readFileSync(path.join(second, 'og', name))), name).toBe(true);
      expect(
        fs.readFileSync(path.join(second, 'og', name)).equals(fs.readFileSync(path.join(first, 'og', name))),
        name,
      ).toBe(true);
      expect(wholePng(fs.readFileSync(path.join(cardCache, name))), name).toBe(true);
    }
  });

  it('compile and share-card caches that cannot be written (under a file) only cost time: the build succeeds', {
    timeout: 120_000,
  }, async () => {
    const contentDir = fixtureCopy();
    const cache = CompileCache.open(contentDir, '/dev/null/docs-cache');
    const out = tempOut();
    const summary = await buildSite({
      root: ROOT,
      contentDir,
      outDir: out,
      env: {},
      cache,
      cardCache: '/dev/null/docs-cards',
      memoDir: '/dev/null/docs-memo',
    });
    expect(summary.pages).toBe(5);
    expect(pngs(path.join(out, 'og')).length).toBeGreaterThanOrEqual(2);
  });

  it('a compile-cache entry of another engine version or another doc is ignored and replaced', {
    timeout: 120_000,
  }, async () => {
    const contentDir = fixtureCopy();
    const dir = tempDir();
    await buildSite({ root: ROOT, contentDir, outDir: tempOut(), env: {}, cache: CompileCache.open(contentDir, dir) });
    const files = fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl')); // compiled docs (a head line and a body line), not the frontmatter store
    const [a, b] = files.map((f) => path.join(dir, f));
    const [head, body] = fs.readFileSync(a, 'utf8').split('\n');
    fs.writeFileSync(a, `${JSON.stringify({ ...JSON.parse(head!), key: 'from-another-version' })}\n${body}`);
    fs.copyFileSync(a, b); // b now holds a's doc: a foreign file
    const cache = CompileCache.open(contentDir, dir);
    await buildSite({ root: ROOT, contentDir, outDir: tempOut(), env: {}, cache });
    expect([cache.hits, cache.misses]).toEqual([files.length - 2, 2]);
  });
});
