import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cacheFile,
  generatorHash,
  loadApiReference,
  referenceHash,
} from '../../content/plugins/typescript-api/index.ts';
import { packageHash, writeCache } from '../../content/plugins/typescript-api/cache.ts';
import { GENERATOR_DIR } from '../../content/plugins/typescript-api/paths.ts';
import { SDK_VERSION, SETTINGS } from './helpers.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-cache-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('reference cache', () => {
  it('is written by a cold generation and hit by the next call', async () => {
    const cacheDir = path.join(tmp, 'cache');
    const file = cacheFile(SETTINGS, cacheDir);
    expect(fs.existsSync(file)).toBe(false);

    let t = performance.now();
    const cold = await loadApiReference({ ...SETTINGS, cacheDir, force: true });
    const coldMs = performance.now() - t;
    expect(fs.existsSync(file)).toBe(true);
    const writtenAt = fs.statSync(file).mtimeMs;

    t = performance.now();
    const warm = await loadApiReference({ ...SETTINGS, cacheDir });
    const warmMs = performance.now() - t;

    console.log(`cold generation ${coldMs.toFixed(0)} ms, cached ${warmMs.toFixed(0)} ms`);
    expect(warm).toEqual(cold);
    expect(fs.statSync(file).mtimeMs).toBe(writtenAt); // read, not regenerated
    expect(warmMs).toBeLessThan(coldMs / 5);
    expect(warmMs).toBeLessThan(1000);
  }, 180_000);

  it('is shared between clones through the machine cache, keyed by the package files', async () => {
    const shared = path.join(tmp, 'machine');
    // The first clone generates (or reads its own cache) and fills the machine cache.
    const first = await loadApiReference({ ...SETTINGS, cacheDir: path.join(tmp, 'cache'), sharedCacheDir: shared });
    const [entry] = fs.readdirSync(shared);
    expect(entry).toMatch(new RegExp(`^${SDK_VERSION.replace(/\./g, '\\.')}-[0-9a-f]{16}-[0-9a-f]{16}\\.json$`));
    // Marked, so that a reference read from it is told apart from one generated again.
    const marked = {
      ...first,
      docs: first.docs.map((d, i) => (i === 0 ? { ...d, source: `${d.source}\n<!-- from the machine cache -->` } : d)),
    };
    fs.writeFileSync(path.join(shared, entry), JSON.stringify(marked));
    // A fresh clone: empty project cache.
    const fresh = path.join(tmp, 'fresh-clone-cache');
    const second = await loadApiReference({ ...SETTINGS, cacheDir: fresh, sharedCacheDir: shared });
    expect(second.docs[0].source).toContain('<!-- from the machine cache -->');
    expect(fs.existsSync(cacheFile(SETTINGS, fresh))).toBe(true); // copied into the project cache
  }, 180_000);

  it('keys the machine cache by the package files, not only its version', () => {
    const pkg = path.join(tmp, 'pkg');
    fs.mkdirSync(path.join(pkg, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(pkg, 'package.json'), '{"version":"1.0.0"}');
    fs.writeFileSync(path.join(pkg, 'dist', 'index.d.ts'), 'export declare const a: string;');
    const before = packageHash(pkg);
    expect(packageHash(pkg)).toBe(before);
    fs.writeFileSync(path.join(pkg, 'dist', 'index.d.ts'), 'export declare const a: number;');
    expect(packageHash(pkg)).not.toBe(before);
  });

  it('ignores a corrupt cache file and rewrites it', async () => {
    const cacheDir = path.join(tmp, 'cache');
    const file = cacheFile(SETTINGS, cacheDir);
    fs.writeFileSync(file, '{"version":"0.18.19","docs":[');
    const ref = await loadApiReference({ ...SETTINGS, cacheDir });
    expect(ref.docs.length).toBeGreaterThan(200);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).docs.length).toBe(ref.docs.length);
  }, 180_000);

  it('keys the file by SDK version and a hash of the generator and the site settings', () => {
    const dir = path.join(tmp, 'keys');
    const hash = referenceHash(SETTINGS);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(path.basename(cacheFile(SETTINGS, dir))).toBe(`0.18.19-${hash}.json`);
    const older = { ...SETTINGS, version: '0.18.18' };
    expect(path.basename(cacheFile(older, dir))).toBe(`0.18.18-${hash}.json`);
    // Editing the overview in content/, documenting another package or renaming it is a cache miss.
    expect(referenceHash({ ...SETTINGS, overview: `${SETTINGS.overview}\nMore.\n` })).not.toBe(hash);
    expect(referenceHash({ ...SETTINGS, package: '@dagger.io/other' })).not.toBe(hash);
    expect(referenceHash({ ...SETTINGS, title: 'Other SDK' })).not.toBe(hash);
    expect(referenceHash(SETTINGS, generatorHash(tmp))).not.toBe(hash);
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
    const file = cacheFile(SETTINGS, dir);
    writeCache(file, { version: SDK_VERSION, docs: [{ relPath: 'a.md', source: '' }], sidebar: [] });
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(otherVersion)).toBe(true);
  });

  it('rejects a version that is not exact, and a package name that is not one', async () => {
    await expect(loadApiReference({ ...SETTINGS, version: 'latest', cacheDir: tmp })).rejects.toThrow(/exact version/);
    await expect(loadApiReference({ ...SETTINGS, version: '0.18.19; rm -rf /', cacheDir: tmp })).rejects.toThrow(
      /exact version/,
    );
    await expect(
      loadApiReference({ ...SETTINGS, package: '@dagger.io/dagger; rm -rf /', cacheDir: tmp }),
    ).rejects.toThrow(/invalid package name/);
  });
});
