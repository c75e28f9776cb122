import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { PageData, SiteData } from '../../theme/shared/types.ts';
import { TEXTS } from '../../theme/shared/texts.ts';
import { withBase } from '../../theme/shared/routes.ts';
import { CARD_HEIGHT, CARD_WIDTH, cardTree, type CardColors, type CardText } from './design.tsx';
import { readPalette } from './palette.ts';

/** What a page's `<head>` says about its card. */
export interface ShareCardMeta {
  /** Absolute URL of the PNG (site url + baseUrl + og/<hash>.png). */
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** Output path of a card, relative to the output folder: content-addressed, so cacheable forever. */
export const cardPath = (hash: string) => `og/${hash}.png`;

const require = createRequire(import.meta.url);

/**
 * Share cards (`og:image`) for a build: `cardFor(page)` names a page's card at render time (its
 * URL is the hash of what it shows, so nothing is drawn yet); `writeAll` then draws the cards not
 * in the cache, once each, and writes every card to the output. Identical cards are one file.
 */
export class ShareCards {
  private readonly wanted = new Map<string, CardText>();
  private readonly colors: CardColors;
  private readonly logo?: string;
  private readonly host: string;
  /** Part of every hash: what the drawing depends on besides the text. */
  private readonly designKey: string;
  rendered = 0;
  cached = 0;
  renderMs = 0;

  constructor(private readonly site: SiteData, opts: { contentDir: string; themeDir: string; cacheDir?: string }) {
    this.colors = readPalette(path.join(opts.themeDir, 'styles/tokens.css'));
    this.logo = logoDataUri(path.join(opts.contentDir, 'static'), site.navbar.logo.src);
    this.host = new URL(site.url).host;
    this.cacheDir = opts.cacheDir && path.join(opts.cacheDir, crypto.createHash('sha1').update(path.resolve(opts.contentDir)).digest('hex').slice(0, 12));
    this.designKey = JSON.stringify([designVersion(), this.colors, this.logo ?? '', FONT_FILES]);
  }

  private readonly cacheDir?: string;

  /** The card a page shares, or undefined (the 404 page has none). */
  cardFor(page: PageData, generated = false): ShareCardMeta | undefined {
    if (page.kind === 'not-found') return undefined;
    const text = this.textOf(page, generated);
    const hash = crypto.createHash('sha1').update(this.designKey).update(JSON.stringify(text)).digest('hex').slice(0, 16);
    this.wanted.set(hash, text);
    return { url: this.site.url + withBase(this.site.baseUrl, `/${cardPath(hash)}`), alt: TEXTS.shareCardAlt(text.title, text.section, text.product), width: CARD_WIDTH, height: CARD_HEIGHT };
  }

  /**
   * Title and section of a page's card. The section is where the page sits: the navbar section of
   * its sidebar and its top category, when they differ ("Getting Started · Quickstarts"). Generated
   * reference pages (module → kind → entry, renderer/api-reference/sidebar.ts) share their
   * module's card: 220 cards that would differ only in an entry name cost 8 s of a cold build.
   */
  private textOf(page: PageData, generated: boolean): CardText {
    const trail = page.categories.map((c) => c.label);
    const base = { product: this.site.productName, host: this.host };
    if (generated && trail.length >= 3) {
      const module = trail[trail.length - 2];
      return { ...base, title: module, section: join(page.section, trail[trail.length - 3]) };
    }
    return { ...base, title: page.title, section: join(page.section, trail[0]) };
  }

  /** Cards this build names, by hash. */
  get count(): number {
    return this.wanted.size;
  }

  /** Draws the cards not in the cache and writes every card through `write`. */
  async writeAll(write: (relPath: string, content: Buffer) => Promise<void>): Promise<void> {
    for (const [hash, text] of this.wanted) {
      const cached = this.cacheDir && readIfExists(path.join(this.cacheDir, `${hash}.png`));
      if (cached) {
        this.cached++;
        await write(cardPath(hash), cached);
        continue;
      }
      const started = performance.now();
      const png = await renderCard(text, this.colors, this.logo);
      this.renderMs += performance.now() - started;
      this.rendered++;
      if (this.cacheDir) storeInCache(this.cacheDir, `${hash}.png`, png);
      await write(cardPath(hash), png);
    }
    if (this.cacheDir) prune(this.cacheDir, new Set([...this.wanted.keys()].map((h) => `${h}.png`)));
  }
}

/**
 * The drawing's version: a hash of design.tsx itself and of the two packages that draw it, so
 * any change of the design redraws every card (and gives it a new URL, which also tells the
 * sites that cached the old picture), with no number to remember to bump.
 */
let version: string | undefined;
function designVersion(): string {
  const manifests = [require.resolve('satori/package.json'), path.join(path.dirname(require.resolve('@resvg/resvg-wasm/index_bg.wasm')), 'package.json')];
  const packages = manifests.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')).version);
  return (version ??= crypto.createHash('sha1').update(fs.readFileSync(new URL('./design.tsx', import.meta.url))).update(packages.join()).digest('hex'));
}

const join = (...parts: (string | undefined)[]) => [...new Set(parts.filter((p): p is string => !!p))].join(' · ') || undefined;

/** Inter from @fontsource/inter: satori reads .woff (not .woff2); Latin and Latin Extended, regular and bold. */
const FONT_FILES = ['latin-400', 'latin-700', 'latin-ext-400', 'latin-ext-700'].map((f) => `inter-${f}-normal.woff`);

let engine: Promise<{ draw: (text: CardText, colors: CardColors, logo?: string) => Promise<Buffer> }> | undefined;

/**
 * Satori (layout and text → SVG paths) and resvg (SVG → PNG, in WebAssembly), loaded on the first
 * card that is not in the cache: a build whose cards are all cached never loads them.
 */
function loadEngine() {
  return (engine ??= (async () => {
    const [{ default: satori }, resvg] = await Promise.all([import('satori'), import('@resvg/resvg-wasm')]);
    await resvg.initWasm(fs.readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    const fontDir = path.join(path.dirname(require.resolve('@fontsource/inter/package.json')), 'files');
    const fonts = FONT_FILES.map((file) => ({ name: 'Inter', data: fs.readFileSync(path.join(fontDir, file)), weight: Number(/-(\d00)-/.exec(file)![1]) as 400 | 700, style: 'normal' as const }));
    return {
      async draw(text: CardText, colors: CardColors, logo?: string) {
        const svg = await satori(cardTree(text, colors, logo), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
        const image = new resvg.Resvg(svg, { fitTo: { mode: 'original' } }).render();
        try {
          return Buffer.from(image.asPng());
        } finally {
          image.free();
        }
      },
    };
  })());
}

/** One card as a 1200×630 PNG. */
export async function renderCard(text: CardText, colors: CardColors, logo?: string): Promise<Buffer> {
  return (await loadEngine()).draw(text, colors, logo);
}

/** The navbar logo as a data URI satori can draw (SVG or PNG in content/static), or none. */
function logoDataUri(staticDir: string, src: string): string | undefined {
  const file = path.join(staticDir, src.replace(/^\/+/, ''));
  const type = file.endsWith('.svg') ? 'image/svg+xml' : file.endsWith('.png') ? 'image/png' : undefined;
  if (!type || !file.startsWith(staticDir + path.sep) || !fs.existsSync(file)) return undefined;
  return `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;
}

function readIfExists(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

function storeInCache(dir: string, name: string, png: Buffer): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const temp = path.join(dir, `${name}.${process.pid}.tmp`);
    fs.writeFileSync(temp, png);
    fs.renameSync(temp, path.join(dir, name));
  } catch {
    // A cache that cannot be written only makes the next build slower.
  }
}

/** Drops cached cards no page of this build uses (renamed or deleted pages, an older design). */
function prune(dir: string, keep: Set<string>): void {
  try {
    for (const name of fs.readdirSync(dir)) if (!keep.has(name)) fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // Only housekeeping.
  }
}

export type { CardText, CardColors };
export { CARD_WIDTH, CARD_HEIGHT, readPalette };
