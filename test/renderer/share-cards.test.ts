import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ShareCards, readPalette, renderCard } from '../../renderer/share-cards/index.ts';
import { toSiteData } from '../../renderer/site-data.ts';
import { loadConfig } from '../../renderer/config/load.ts';
import type { PageData } from '../../theme/shared/types.ts';
import { FIXTURE, ROOT } from '../helpers/site.ts';

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const page = (over: Partial<PageData>): PageData => ({ route: '/guide/install', kind: 'doc', title: 'Install the widget', documentTitle: 'Install the widget | Fixture', toc: [], hideToc: false, categories: [], ...over });

async function fixtureSite() {
  return toSiteData(await loadConfig(FIXTURE, {}));
}

describe('share cards', () => {
  const colors = readPalette(path.join(ROOT, 'theme/styles/tokens.css'));

  it('reads its colours from the theme palette', () => {
    const css = fs.readFileSync(path.join(ROOT, 'theme/styles/tokens.css'), 'utf8');
    expect(css).toContain(`--brand: ${colors.brand};`);
    expect(css).toContain(`--fg: ${colors.foreground};`);
    expect(colors.background).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('draws a 1200×630 PNG', async () => {
    const png = await renderCard({ title: 'Install the widget', section: 'Guide', product: 'Widget', host: 'example.com' }, colors);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(png.length).toBeGreaterThan(5_000);
  }, 30_000);

  it('names each page its card by content, draws each distinct card once, and takes cached cards from the cache', async () => {
    const site = await fixtureSite();
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cards-'));
    const open = () => new ShareCards(site, { contentDir: FIXTURE, themeDir: path.join(ROOT, 'theme'), cacheDir });

    const first = open();
    const install = first.cardFor(page({ section: 'Guide', categories: [{ label: 'Setup', href: '/guide' }] }))!;
    expect(install.url).toMatch(/^https:\/\/example\.com\/og\/[0-9a-f]{16}\.png$/);
    expect(install).toMatchObject({ width: 1200, height: 630, alt: 'Install the widget (Guide · Setup), Widget documentation' });
    // Same text, same card; another title, another card; the 404 page has none.
    expect(first.cardFor(page({ route: '/copy', section: 'Guide', categories: [{ label: 'Setup' }] }))!.url).toBe(install.url);
    expect(first.cardFor(page({ title: 'Usage', section: 'Guide' }))!.url).not.toBe(install.url);
    expect(first.cardFor(page({ kind: 'not-found' }))).toBeUndefined();
    const written = new Map<string, Buffer>();
    await first.writeAll(async (rel, png) => void written.set(rel, png));
    expect(first).toMatchObject({ count: 2, rendered: 2, cached: 0 });
    expect([...written.keys()]).toContain(new URL(install.url).pathname.slice(1));
    for (const png of written.values()) expect(pngSize(png)).toEqual({ width: 1200, height: 630 });

    // A second build with the same pages draws nothing.
    const second = open();
    second.cardFor(page({ section: 'Guide', categories: [{ label: 'Setup', href: '/guide' }] }));
    const again = new Map<string, Buffer>();
    await second.writeAll(async (rel, png) => void again.set(rel, png));
    expect(second).toMatchObject({ count: 1, rendered: 0, cached: 1 });
    expect(again.get(new URL(install.url).pathname.slice(1))).toEqual(written.get(new URL(install.url).pathname.slice(1)));
    // ... and the card no page uses any more left the cache.
    expect(fs.readdirSync(fs.readdirSync(cacheDir).map((d) => path.join(cacheDir, d))[0])).toHaveLength(1);
  }, 60_000);

  it('gives generated reference pages their module card', async () => {
    const site = await fixtureSite();
    const cards = new ShareCards(site, { contentDir: FIXTURE, themeDir: path.join(ROOT, 'theme') });
    const trail = [{ label: 'SDKs' }, { label: 'TypeScript SDK Reference' }, { label: 'api/client.gen' }, { label: 'Classes' }];
    const a = cards.cardFor(page({ title: 'Container', categories: trail }), true)!;
    const b = cards.cardFor(page({ title: 'Directory', categories: trail }), true)!;
    expect(a.url).toBe(b.url);
    expect(a.alt).toBe('api/client.gen (TypeScript SDK Reference), Widget documentation');
    // A hand-written page with the same trail keeps a card of its own.
    expect(cards.cardFor(page({ title: 'Container', categories: trail }))!.url).not.toBe(a.url);
  });
});
