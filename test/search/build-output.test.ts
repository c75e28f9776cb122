import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { createLocalEngine, searchLocal } from '../../theme/islands/search/local-engine.ts';
import {
  docSearchStylesPath,
  pageChunkPath,
  termFragmentPath,
  type SearchManifest,
} from '../../theme/shared/search/manifest.ts';
import type { SearchRecord } from '../../theme/shared/search/record.ts';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';
import { SEARCH_FIXTURE_DOCS } from './fixture-docs.ts';

describe('docs build: search output', () => {
  let out: string;
  beforeAll(async () => {
    out = tempOut();
    await buildSite({ root: ROOT, contentDir: fixtureCopy(SEARCH_FIXTURE_DOCS), outDir: out, env: {} });
  }, 120_000);

  it('writes records.json, content-hashed index files and the manifest naming them all', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'search/manifest.json'), 'utf8')) as SearchManifest;
    const named = [
      ...manifest.terms.map(([, h]) => termFragmentPath(h)),
      ...manifest.pages.map(([, h]) => pageChunkPath(h)),
    ];
    expect(manifest.terms.length).toBeGreaterThan(0);
    expect(manifest.pages.length).toBeGreaterThan(0);
    for (const file of named)
      expect(file).toContain(
        crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(out, file), 'utf8'))
          .digest('hex')
          .slice(0, 10),
      );
    // Nothing else: no stale or unnamed index file.
    const written = fs
      .readdirSync(path.join(out, 'search'))
      .filter((f) => /^(terms|pages)-/.test(f))
      .map((f) => `search/${f}`);
    expect(written.sort()).toEqual(named.sort());
    // First terms in order, first sections ascending from 0.
    expect(manifest.terms.map(([t]) => t)).toEqual(manifest.terms.map(([t]) => t).sort());
    expect(manifest.pages[0][0]).toBe(0);
    const records = JSON.parse(fs.readFileSync(path.join(out, 'search/records.json'), 'utf8')) as SearchRecord[];
    expect(records.length).toBe(manifest.records);
    // Every listed doc of the fixture has its page record, with the production URL.
    const pages = records
      .filter((r) => r.type === 'lvl1')
      .map((r) => r.url)
      .sort();
    expect(pages).toEqual([
      'https://example.com/guide',
      'https://example.com/guide/install',
      'https://example.com/guide/markup',
      'https://example.com/guide/settings',
      'https://example.com/guide/usage',
      'https://example.com/other',
    ]);
    // Sidebar categories become lvl0.
    expect(records.find((r) => r.url === 'https://example.com/guide/install')!.hierarchy.lvl0).toBe('Guide');
  });

  it('the shipped index answers queries', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'search/manifest.json'), 'utf8')) as SearchManifest;
    const engine = createLocalEngine(manifest, async (file) =>
      JSON.parse(fs.readFileSync(path.join(out, file), 'utf8')),
    );
    expect((await searchLocal(engine, { query: 'requirements' })).hits[0].url).toBe(
      'https://example.com/guide/install#requirements',
    );
  });

  it("writes DocSearch's styles under the name the modal asks for", async () => {
    const { version } = await import('@docsearch/react');
    const css = fs.readFileSync(path.join(out, docSearchStylesPath(version)), 'utf8');
    expect(css).toContain('.DocSearch-Modal');
    expect(css).toContain('--docsearch-primary-color');
    // Not in the site's stylesheet: pages do not pay for them.
    const html = fs.readFileSync(path.join(out, 'guide/install/index.html'), 'utf8');
    const sheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1];
    expect(fs.readFileSync(path.join(out, sheet), 'utf8')).not.toContain('.DocSearch-Modal{');
  });

  it('pages do not reference the index or the search code: both load on first use', () => {
    const html = fs.readFileSync(path.join(out, 'guide/install/index.html'), 'utf8');
    expect(html).not.toMatch(/search\/(terms-|pages-|manifest)/);
    expect(html).not.toMatch(/search-(modal|page)-/);
  });
});

describe('docs build: search output made on its own thread', () => {
  it('is the same, file for file, as made on the main thread', async () => {
    const contentDir = fixtureCopy(SEARCH_FIXTURE_DOCS);
    const [here, there] = [tempOut(), tempOut()];
    // parallel: false keeps every step on this thread; true sends the search step to its thread (search-thread.ts).
    await buildSite({ root: ROOT, contentDir, outDir: here, env: {}, parallel: false });
    await buildSite({ root: ROOT, contentDir, outDir: there, env: {}, parallel: true });
    const searchFiles = (dir: string) => fs.readdirSync(path.join(dir, 'search')).sort();
    expect(searchFiles(there)).toEqual(searchFiles(here));
    expect(searchFiles(here)).toContain('records.json');
    for (const file of searchFiles(here))
      expect(fs.readFileSync(path.join(there, 'search', file), 'utf8'), file).toBe(
        fs.readFileSync(path.join(here, 'search', file), 'utf8'),
      );
    // No scratch file of the build is left behind.
    expect(fs.readdirSync(there).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 120_000);
});
