import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheFile, generatorHash, loadApiReference } from '../../renderer/api-reference/index.ts';
import { writeCache } from '../../renderer/api-reference/cache.ts';
import { GENERATOR_DIR } from '../../renderer/api-reference/paths.ts';
import { SDK_VERSION } from './helpers.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-cache-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('reference cache', () => {
  it('is written by a cold generation and hit by the next call', async () => {
    const cacheDir = path.join(tmp, 'cache');
    const file = cacheFile(SDK_VERSION, cacheDir);
    expect(fs.existsSync(file)).toBe(false);

    let t = performance.now();
    const cold = await loadApiReference({ version: SDK_VERSION, cacheDir, force: true });
    const coldMs = performance.now() - t;
    expect(fs.existsSync(file)).toBe(true);
    const writtenAt = fs.statSync(file).mtimeMs;

    t = performance.now();
    const warm = await loadApiReference({ version: SDK_VERSION, cacheDir });
    const warmMs = performance.now() - t;

    console.log(`cold generation ${coldMs.toFixed(0)} ms, cached ${warmMs.toFixed(0)} ms`);
    expect(warm).toEqual(cold);
    expect(fs.statSync(file).mtimeMs).toBe(writtenAt); // read, not regenerated
    expect(warmMs).toBeLessThan(coldMs / 5);
    expect(warmMs).toBeLessThan(1000);
  }, 180_000);

  it('ignores a corrupt cache file and rewrites it', async () => {
    const cacheDir = path.join(tmp, 'cache');
    const file = cacheFile(SDK_VERSION, cacheDir);
    fs.writeFileSync(file, '{"version":"0.18.19","docs":[');
    const ref = await loadApiReference({ version: SDK_VERSION, cacheDir });
    expect(ref.docs.length).toBeGreaterThan(200);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).docs.length).toBe(ref.docs.length);
  }, 180_000);

  it('keys the file by SDK version and generator hash', () => {
    const dir = path.join(tmp, 'keys');
    const hash = generatorHash();
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(path.basename(cacheFile('0.18.19', dir))).toBe(`0.18.19-${hash}.json`);
    expect(cacheFile('0.18.18', dir)).not.toBe(cacheFile('0.18.19', dir));
    expect(path.basename(cacheFile('0.18.18', dir))).toBe(`0.18.18-${hash}.json`);
  });

  it('changes the generator hash when a generator source file changes', () => {
    const copy = path.join(tmp, 'generator');
    fs.cpSync(GENERATOR_DIR, copy, { recursive: true });
    expect(generatorHash(copy)).toBe(generatorHash(GENERATOR_DIR));
    const file = path.join(copy, 'markdown', 'escape.ts');
    fs.appendFileSync(file, '\n// edited\n');
    expect(generatorHash(copy)).not.toBe(generatorHash(GENERATOR_DIR));
  });

  it('removes entries of the same version left by an older generator', () => {
    const dir = path.join(tmp, 'stale');
    fs.mkdirSync(dir, { recursive: true });
    const old = path.join(dir, `${SDK_VERSION}-0123456789abcdef.json`);
    const otherVersion = path.join(dir, '0.18.18-0123456789abcdef.json');
    fs.writeFileSync(old, '{}');
    fs.writeFileSync(otherVersion, '{}');
    const file = cacheFile(SDK_VERSION, dir);
    writeCache(file, { version: SDK_VERSION, docs: [{ relPath: 'a.md', source: '' }], sidebar: [] });
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(otherVersion)).toBe(true);
  });

  it('rejects a version that is not exact', async () => {
    await expect(loadApiReference({ version: 'latest', cacheDir: tmp })).rejects.toThrow(/exact version/);
    await expect(loadApiReference({ version: '0.18.19; rm -rf /', cacheDir: tmp })).rejects.toThrow(/exact version/);
  });
});
