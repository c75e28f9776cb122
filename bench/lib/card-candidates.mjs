// The ways of drawing a share card that bench/cards.mjs compares. Each candidate's `open()`
// loads what it needs (modules, fonts, the constant background) and returns `draw(text)` → PNG.
// Packages that are not dependencies of the engine (satori, @resvg/*, sharp) are loaded only
// when installed: `npm i --no-save satori @resvg/resvg-wasm @resvg/resvg-js sharp` to compare them.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The first design's tree (renderer/share-cards/design.tsx before 2026-11), for satori: plain elements, no JSX. */
function satoriTree(text, colors, logo) {
  const el = (type, style, ...children) => ({
    type,
    props: { style: { display: 'flex', ...style }, children: children.length === 1 ? children[0] : children },
  });
  const size = text.title.length <= 24 ? 84 : text.title.length <= 44 ? 72 : text.title.length <= 70 ? 60 : 50;
  const footerLeft = [
    logo &&
      el(
        'div',
        {
          alignItems: 'center',
          justifyContent: 'center',
          width: 84,
          height: 84,
          marginRight: 24,
          borderRadius: 20,
          background: colors.panel,
        },
        { type: 'img', props: { src: logo, width: 60, height: 60 } },
      ),
    el('div', { fontSize: 38, fontWeight: 700 }, text.product),
  ].filter(Boolean);
  return el(
    'div',
    {
      width: 1200,
      height: 630,
      position: 'relative',
      background: colors.background,
      color: colors.foreground,
      fontFamily: 'Inter',
    },
    el('div', {
      position: 'absolute',
      right: -300,
      top: -300,
      width: 600,
      height: 600,
      borderRadius: '50%',
      background: colors.panel,
    }),
    el('div', {
      position: 'absolute',
      right: 64,
      top: 56,
      width: 124,
      height: 124,
      borderRadius: '50%',
      border: `12px solid ${colors.brand}`,
    }),
    el('div', { width: 18, height: 630, background: colors.brand }),
    el(
      'div',
      { flexDirection: 'column', justifyContent: 'space-between', flexGrow: 1, padding: '64px 80px 56px 70px' },
      el(
        'div',
        { fontSize: 30, fontWeight: 700, color: colors.accent, letterSpacing: 1, maxWidth: 760 },
        text.section ?? '',
      ),
      el('div', { fontSize: size, fontWeight: 700, lineHeight: 1.12, maxWidth: 860, lineClamp: 3 }, text.title),
      el(
        'div',
        { alignItems: 'center', justifyContent: 'space-between', width: '100%' },
        el('div', { alignItems: 'center' }, ...footerLeft),
        el('div', { fontSize: 26, color: colors.muted }, text.host),
      ),
    ),
  );
}

function satoriFonts() {
  const dir = path.join(path.dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  return ['latin-400', 'latin-700', 'latin-ext-400', 'latin-ext-700'].map((f) => ({
    name: 'Inter',
    data: fs.readFileSync(path.join(dir, `inter-${f}-normal.woff`)),
    weight: Number(f.slice(-3)),
    style: 'normal',
  }));
}

const dataUri = (logo) => logo && `data:image/svg+xml;base64,${logo.data.toString('base64')}`;

async function satoriWith(renderSvg) {
  const { default: satori } = await import('satori');
  const fonts = satoriFonts();
  return (site, logo) => async (text) =>
    renderSvg(
      await satori(satoriTree({ ...text, product: site.product, host: site.host }, site.colors, dataUri(logo)), {
        width: 1200,
        height: 630,
        fonts,
      }),
    );
}

export const CANDIDATES = {
  /** The first design: satori lays out and turns text into paths, resvg in WebAssembly rasterises and encodes. */
  'satori+resvg-wasm': {
    needs: ['satori', '@resvg/resvg-wasm'],
    async open(site, logo) {
      const resvg = await import('@resvg/resvg-wasm');
      await resvg.initWasm(fs.readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
      return (
        await satoriWith((svg) => {
          const image = new resvg.Resvg(svg, { fitTo: { mode: 'original' } }).render();
          try {
            return Buffer.from(image.asPng());
          } finally {
            image.free();
          }
        })
      )(site, logo);
    },
  },
  /** The same, with resvg's native build. */
  'satori+resvg-js': {
    needs: ['satori', '@resvg/resvg-js'],
    async open(site, logo) {
      const { Resvg } = await import('@resvg/resvg-js');
      return (await satoriWith((svg) => new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng()))(site, logo);
    },
  },
  /** Satori for the two text lines only (paths, transparent), sharp composites them over the background drawn once and encodes. */
  'sharp+satori-text': {
    needs: ['satori', 'sharp', '@napi-rs/canvas'],
    async open(site, logo) {
      const { default: sharp } = await import('sharp');
      const { default: satori } = await import('satori');
      const fonts = satoriFonts();
      const { CardPainter } = await import('../../renderer/share-cards/paint.ts');
      // The background from the engine's own painter (a card with no text), as raw RGB.
      const painter = await CardPainter.open(site, logo);
      const { background, stride } = painter.png;
      const raw = Buffer.alloc(1200 * 630 * 3);
      for (let y = 0; y < 630; y++) background.copy(raw, y * 3600, y * stride + 1, (y + 1) * stride);
      return async (text) => {
        const tree = satoriTree(
          { ...text, product: '', host: '' },
          { ...site.colors, background: 'transparent', panel: 'transparent', brand: 'transparent' },
          undefined,
        );
        const svg = await satori(tree, { width: 1200, height: 630, fonts });
        return sharp(raw, { raw: { width: 1200, height: 630, channels: 3 } })
          .composite([{ input: Buffer.from(svg) }])
          .png({ compressionLevel: 3, adaptiveFiltering: false })
          .toBuffer();
      };
    },
  },
  /** @napi-rs/canvas draws the whole card each time; Skia's own PNG encoder (every filter, level 6). */
  'canvas-full+skia-png': {
    needs: ['@napi-rs/canvas'],
    async open(site, logo) {
      const { createCanvas, Image } = require('@napi-rs/canvas');
      const design = await import('../../renderer/share-cards/design.ts');
      const { CardPainter } = await import('../../renderer/share-cards/paint.ts');
      await CardPainter.open(site, logo); // registers the fonts
      let image;
      if (logo) {
        image = new Image();
        image.src = logo.data;
        await image.decode();
      }
      const measure = createCanvas(1, 1).getContext('2d');
      return (text) => {
        const canvas = createCanvas(1200, 630);
        const ctx = canvas.getContext('2d');
        design.drawBackground(ctx, site, image && { draw: (x, y, s) => ctx.drawImage(image, x, y, s, s) });
        for (const block of design.layoutText(measure, text, site.colors, !!image)) design.drawLines(ctx, block.lines);
        return canvas.encode('png');
      };
    },
  },
  /** The engine's painter (renderer/share-cards/paint.ts): background drawn and compressed once, text bands per card (a section's once), zlib on the drawing thread. */
  'canvas-bg+text+zlib (engine)': {
    needs: ['@napi-rs/canvas'],
    async open(site, logo) {
      const { CardPainter } = await import('../../renderer/share-cards/paint.ts');
      const painter = await CardPainter.open(site, logo);
      return (text) => painter.draw(text);
    },
  },
};

/** Which of `needs` cannot be loaded from the repository. */
export function missing(needs) {
  return needs.filter((pkg) => {
    try {
      require.resolve(pkg, { paths: [root] });
      return false;
    } catch {
      return true;
    }
  });
}
