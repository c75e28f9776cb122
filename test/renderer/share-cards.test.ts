import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createCanvas, Image } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { CardPainter, ShareCards, readPalette } from '../../renderer/share-cards/index.ts';
import { drawBackground, drawLines, layoutText, wrap, FONT_FAMILY } from '../../renderer/share-cards/design.ts';
import { BuildError } from '../../renderer/errors.ts';
import { toSiteData } from '../../renderer/site-data.ts';
import { loadConfig } from '../../renderer/config/load.ts';
import type { PageData } from '../../theme/shared/types.ts';
import { FIXTURE, ROOT } from '../helpers/site.ts';

/**
 * A PNG read with Node's zlib alone, nothing of the engine's: signature, chunk CRCs, IHDR (an
 * opaque card: 8-bit RGB), IDAT inflated (zlib checks its Adler-32), one filter byte per row.
 * Returns the pixels as RGBA (alpha 255), as a canvas gives them.
 */
function decodePng(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(zlib.crc32(png.subarray(at + 4, at + 8 + length)));
    types.push(type);
    if (type === 'IHDR') {
      [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
      expect([...data.subarray(8)]).toEqual([8, 2, 0, 0, 0]); // 8-bit RGB, no interlace
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  expect(types[0]).toBe('IHDR');
  expect(types.at(-1)).toBe('IEND');
  const rows = zlib.inflateSync(Buffer.concat(idat));
  const stride = 1 + width * 3;
  expect(rows.length).toBe(height * stride);
  const pixels = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y++) {
    expect(rows[y * stride], `filter of row ${y}`).toBe(0);
    for (let x = 0; x < width; x++)
      rows.copy(pixels, (y * width + x) * 4, y * stride + 1 + x * 3, y * stride + 4 + x * 3);
  }
  return { width, height, pixels };
}

/** Pixels (of 4 bytes) that differ between two images of the same size. */
function differing(a: Buffer, b: Buffer): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if (a.readUInt32LE(i) !== b.readUInt32LE(i)) n++;
  return n;
}

const page = (over: Partial<PageData>): PageData => ({
  route: '/guide/install',
  kind: 'doc',
  title: 'Install the widget',
  documentTitle: 'Install the widget | Fixture',
  toc: [],
  hideToc: false,
  categories: [],
  ...over,
});

async function fixtureSite() {
  return toSiteData(await loadConfig(FIXTURE, {}));
}

describe('share cards', () => {
  const colors = readPalette(path.join(ROOT, 'theme/styles/tokens.css'));
  const site = { colors, product: 'Widget', host: 'example.com' };
  const logoFile = path.join(FIXTURE, 'static/img/logo.svg');
  const logo = { file: logoFile, data: fs.readFileSync(logoFile) };

  it('reads its colours from the theme palette', () => {
    const css = fs.readFileSync(path.join(ROOT, 'theme/styles/tokens.css'), 'utf8');
    expect(css).toContain(`--brand: ${colors.brand};`);
    expect(css).toContain(`--fg: ${colors.foreground};`);
    expect(colors.background).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('draws a valid 1200×630 PNG whose pixels depend on the title, and the same bytes for the same text', async () => {
    const painter = await CardPainter.open(site, logo);
    const install = await painter.draw({ title: 'Install the widget', section: 'Guide' });
    const usage = await painter.draw({ title: 'Use the widget', section: 'Guide' });
    const a = decodePng(install);
    const b = decodePng(usage);
    expect([a.width, a.height]).toEqual([1200, 630]);
    expect([b.width, b.height]).toEqual([1200, 630]);
    // "Install" and "Use" differ in a few thousand pixels of the title, nowhere else.
    expect(differing(a.pixels, b.pixels)).toBeGreaterThan(1_000);
    // Same text, same bytes: from the same painter, and from a new one (a later build).
    expect(await painter.draw({ title: 'Install the widget', section: 'Guide' })).toEqual(install);
    expect(await (await CardPainter.open(site, logo)).draw({ title: 'Install the widget', section: 'Guide' })).toEqual(
      install,
    );
  }, 30_000);

  /** The pixels of a card drawn at once on one canvas, background then text: what a card must decode to. */
  async function wholeCard() {
    const image = new Image();
    image.src = logo.data;
    await image.decode();
    return (text: { title: string; section?: string }) => {
      const canvas = createCanvas(1200, 630);
      const ctx = canvas.getContext('2d');
      ctx.lang = 'en';
      drawBackground(ctx, site, { draw: (x, y, size) => ctx.drawImage(image, x, y, size, size) });
      for (const block of layoutText(createCanvas(1, 1).getContext('2d'), text, colors, true))
        drawLines(ctx, block.lines);
      return canvas.data();
    };
  }

  it('gives the picture of the whole card drawn at once: the background, then the text', async () => {
    const painter = await CardPainter.open(site, logo);
    const whole = await wholeCard();
    for (const text of [
      { title: 'Install the widget', section: 'Guide · Setup' },
      {
        title:
          'A title long enough to need three lines of type on the card, which then has to stop with an ellipsis somewhere',
      },
    ]) {
      const card = decodePng(await painter.draw(text));
      expect(differing(card.pixels, whole(text))).toBe(0);
    }
  }, 30_000);

  it('draws a section it drew before from the rows it kept: the same bytes as a new painter, the picture of a whole card', async () => {
    const painter = await CardPainter.open(site, logo);
    const whole = await wholeCard();
    const texts = [
      { title: 'Install the widget', section: 'Guide · Setup' },
      { title: 'Configure the widget for a production cluster', section: 'Guide · Setup' },
      { title: 'Install the widget', section: 'Reference' },
    ];
    const pngs = texts.map((text) => painter.draw(text));
    // The second card's section comes from what the first left: a painter that never drew it agrees.
    expect((await CardPainter.open(site, logo)).draw(texts[1])).toEqual(pngs[1]);
    for (const [i, text] of texts.entries()) {
      // Read by a PNG decoder other than the test's own: the canvas's.
      const decoded = new Image();
      decoded.src = pngs[i];
      await decoded.decode();
      expect([decoded.width, decoded.height]).toEqual([1200, 630]);
      const canvas = createCanvas(1200, 630);
      canvas.getContext('2d').drawImage(decoded, 0, 0);
      expect(differing(canvas.data(), whole(text)), texts[i].title).toBe(0);
      expect(differing(decodePng(pngs[i]).pixels, whole(text))).toBe(0);
    }
  }, 30_000);

  it('wraps titles at word boundaries, in three lines at most, the last cut with an ellipsis', () => {
    const ctx = createCanvas(1, 1).getContext('2d');
    ctx.font = `700 60px ${FONT_FAMILY}`;
    const width = (s: string) => ctx.measureText(s).width;
    const long =
      'Use the widget with GitHub Actions, GitLab CI, CircleCI, Jenkins, Azure Pipelines, AWS CodeBuild and TeamCity everywhere';
    const lines = wrap(ctx, long, 860, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/…$/);
    for (const line of lines) expect(width(line)).toBeLessThanOrEqual(860);
    // Whole words, in order, up to the cut.
    expect(long.startsWith(`${lines[0]} ${lines[1]} ${lines[2].slice(0, -1)}`)).toBe(true);
    expect(wrap(ctx, 'Install the widget', 860, 3)).toEqual(['Install the widget']);
    // A word wider than a line is broken between characters.
    const identifier = 'dagger.gen.go.ContainerWithMountedDirectoryAndAVeryLongIdentifier';
    const broken = wrap(ctx, identifier, 860, 3);
    expect(broken.length).toBeGreaterThan(1);
    expect(broken.join('')).toBe(identifier);
    for (const line of broken) expect(width(line)).toBeLessThanOrEqual(860);
  });

  it('draws titles in other scripts without failing (Greek and Cyrillic from Inter, others from installed fonts or none)', async () => {
    const painter = await CardPainter.open(site);
    for (const title of ['Οδηγός εγκατάστασης', 'Установка', '快速入门 パイプライン', 'مرحبا بالعالم', '🚀 Deploy']) {
      const { width, height } = decodePng(await painter.draw({ title, section: 'Guide' }));
      expect([width, height]).toEqual([1200, 630]);
    }
  }, 30_000);

  it('names each page its card by content, draws each distinct card once on its thread, and copies cached cards from the cache', async () => {
    const siteData = await fixtureSite();
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cards-'));
    const out = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `docs-cards-${name}-`));
    const open = (outDir: string) =>
      new ShareCards(siteData, { contentDir: FIXTURE, themeDir: path.join(ROOT, 'theme'), cacheDir, outDir });

    const firstOut = out('first');
    const first = open(firstOut);
    const install = first.cardFor(page({ section: 'Guide', categories: [{ label: 'Setup', href: '/guide' }] }))!;
    expect(install.url).toMatch(/^https:\/\/example\.com\/og\/[0-9a-f]{16}\.png$/);
    expect(install).toMatchObject({
      width: 1200,
      height: 630,
      alt: 'Install the widget (Guide · Setup), Widget documentation',
    });
    // Same text, same card; another title, another card; the 404 page has none.
    expect(first.cardFor(page({ route: '/copy', section: 'Guide', categories: [{ label: 'Setup' }] }))!.url).toBe(
      install.url,
    );
    const usage = first.cardFor(page({ title: 'Usage', section: 'Guide' }))!;
    expect(usage.url).not.toBe(install.url);
    expect(first.cardFor(page({ kind: 'not-found' }))).toBeUndefined();
    await first.writeAll();
    expect(first).toMatchObject({ count: 2, rendered: 2, cached: 0 });
    const file = (dir: string, url: string) => path.join(dir, new URL(url).pathname);
    expect(fs.readdirSync(path.join(firstOut, 'og')).sort()).toEqual(
      [path.basename(install.url), path.basename(usage.url)].sort(),
    );
    const installPng = fs.readFileSync(file(firstOut, install.url));
    expect(decodePng(installPng)).toMatchObject({ width: 1200, height: 630 });

    // A second build with the same pages draws nothing ...
    const secondOut = out('second');
    const second = open(secondOut);
    second.cardFor(page({ section: 'Guide', categories: [{ label: 'Setup', href: '/guide' }] }));
    await second.writeAll();
    expect(second).toMatchObject({ count: 1, rendered: 0, cached: 1 });
    expect(fs.readFileSync(file(secondOut, install.url))).toEqual(installPng);
    // ... and the card no page uses any more left the cache.
    expect(fs.readdirSync(fs.readdirSync(cacheDir).map((d) => path.join(cacheDir, d))[0])).toEqual([
      path.basename(install.url),
    ]);
  }, 60_000);

  it('fails with an error naming the logo when it cannot be drawn, and leaves no card behind after cancel', async () => {
    const siteData = await fixtureSite();
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cards-content-'));
    fs.mkdirSync(path.join(contentDir, 'static/img'), { recursive: true });
    fs.writeFileSync(path.join(contentDir, 'static/img/logo.svg'), 'not an image');
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cards-out-'));
    const cards = new ShareCards(siteData, { contentDir, themeDir: path.join(ROOT, 'theme'), outDir });
    cards.cardFor(page({}));
    const error = await cards.writeAll().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).problems[0]).toMatchObject({
      file: path.join(contentDir, 'static/img/logo.svg'),
      message: expect.stringContaining('navbar logo cannot be drawn'),
    });
    expect(fs.existsSync(path.join(outDir, 'og')) ? fs.readdirSync(path.join(outDir, 'og')) : []).toEqual([]);

    // A build that fails elsewhere stops the card thread: nothing is written after cancel().
    const later = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cards-out-'));
    const cancelled = new ShareCards(siteData, {
      contentDir: FIXTURE,
      themeDir: path.join(ROOT, 'theme'),
      outDir: later,
    });
    for (let i = 0; i < 50; i++) cancelled.cardFor(page({ title: `Page ${i}` }));
    await cancelled.cancel();
    const written = fs.existsSync(path.join(later, 'og')) ? fs.readdirSync(path.join(later, 'og')).length : 0;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(path.join(later, 'og')) ? fs.readdirSync(path.join(later, 'og')).length : 0).toBe(written);
  }, 60_000);

  it('gives generated reference pages their module card', async () => {
    const siteData = await fixtureSite();
    const cards = new ShareCards(siteData, { contentDir: FIXTURE, themeDir: path.join(ROOT, 'theme') });
    const trail = [
      { label: 'SDKs' },
      { label: 'TypeScript SDK Reference' },
      { label: 'api/client.gen' },
      { label: 'Classes' },
    ];
    const a = cards.cardFor(page({ title: 'Container', categories: trail }), true)!;
    const b = cards.cardFor(page({ title: 'Directory', categories: trail }), true)!;
    expect(a.url).toBe(b.url);
    expect(a.alt).toBe('api/client.gen (TypeScript SDK Reference), Widget documentation');
    // A hand-written page with the same trail keeps a card of its own.
    expect(cards.cardFor(page({ title: 'Container', categories: trail }))!.url).not.toBe(a.url);
  });
});
