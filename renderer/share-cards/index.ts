import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { PageData, SiteData } from '../../theme/shared/types.ts';
import { TEXTS } from '../../theme/shared/texts/index.ts';
import { withBase } from '../../theme/shared/routes.ts';
import { BuildError } from '../errors.ts';
import { startEngineThread } from '../worker-script.ts';
import {
  wholePng,
  type CardReport,
  type CardRequest,
  type CardWorkerData,
  type SerializedError,
} from './card-worker.ts';
import { CARD_HEIGHT, CARD_WIDTH, type CardColors, type CardSite, type CardText } from './design.ts';
import { CardPainter, drawingDependencies, freeReadBackPixels } from './paint.ts';
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

/**
 * Share cards (`og:image`) for a build. `cardFor(page)` names a page's card at render time (its
 * URL is the hash of what it shows) and hands it at once to a thread of its own (card-worker.ts),
 * which copies it from the cache or draws it, and writes it into `outDir`, while the build goes
 * on. `writeAll` hands over the cards not named yet and waits for all of them. Identical cards
 * are one file. Without `outDir` (`docs dev`, tests of naming) nothing is drawn.
 */
export class ShareCards {
  private readonly wanted = new Map<string, CardText>();
  private readonly site: CardSite;
  private readonly logo?: { file: string; data: Buffer };
  /** Part of every hash: what the drawing depends on besides the text. */
  private readonly designKey: string;
  private readonly cacheDir?: string;
  private readonly outDir?: string;
  private readonly sent = new Set<string>();
  private readonly take?: (rel: string, hash: string) => boolean;
  private readonly takenHashes = new Set<string>();
  private worker?: { thread: Worker; report: Promise<CardReport['flushed']> };
  rendered = 0;
  cached = 0;
  /** Cards taken from the last build's output (its file is the same picture: its name is its hash). */
  taken = 0;
  /** How long the card thread was busy. */
  busyMs = 0;
  /** Its CPU time, where the system tells it. */
  cpuMs?: number;

  constructor(
    private readonly siteData: SiteData,
    opts: {
      contentDir: string;
      themeDir: string;
      cacheDir?: string;
      outDir?: string;
      /** Takes a card's file (path in the output, and its hash) from the last build; false: it is made. */
      take?: (rel: string, hash: string) => boolean;
    },
  ) {
    this.site = {
      colors: readPalette(path.join(opts.themeDir, 'styles/tokens.css')),
      product: siteData.productName,
      host: new URL(siteData.url).host,
    };
    this.logo = logoFile(path.join(opts.contentDir, 'static'), siteData.navbar.logo.src);
    this.cacheDir =
      opts.cacheDir &&
      path.join(
        opts.cacheDir,
        crypto.createHash('sha1').update(path.resolve(opts.contentDir)).digest('hex').slice(0, 12),
      );
    this.outDir = opts.outDir;
    this.take = opts.take;
    const logoHash = this.logo ? crypto.createHash('sha1').update(this.logo.data).digest('hex') : '';
    this.designKey = JSON.stringify([designVersion(), this.site.colors, logoHash]);
  }

  /** The card a page shares, or undefined (the 404 page has none). */
  cardFor(page: PageData, generated = false): ShareCardMeta | undefined {
    if (page.kind === 'not-found') return undefined;
    const text = this.textOf(page, generated);
    const hash = crypto
      .createHash('sha1')
      .update(this.designKey)
      .update(JSON.stringify(text))
      .digest('hex')
      .slice(0, 16);
    if (!this.wanted.has(hash)) {
      this.wanted.set(hash, text);
      if (this.outDir) this.send(hash, text);
    }
    return {
      url: this.siteData.url + withBase(this.siteData.baseUrl, `/${cardPath(hash)}`),
      alt: TEXTS.shareCardAlt(text.title, text.section, text.product),
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
    };
  }

  /**
   * Title and section of a page's card. The section is where the page sits: the navbar section of
   * its sidebar and its top category, when they differ ("Getting Started · Quickstarts"). Generated
   * reference pages (module → kind → entry, content/plugins/typescript-api/sidebar.ts) share their
   * module's card: 220 cards that would differ only in an entry name.
   */
  private textOf(page: PageData, generated: boolean): CardText {
    const trail = page.categories.map((c) => c.label);
    const base = { product: this.site.product, host: this.site.host };
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

  /** Writes every card named (most are written by now), then drops cached cards no page uses. */
  async writeAll(): Promise<void> {
    if (!this.outDir) throw new Error('ShareCards.writeAll: no outDir to write the cards into');
    for (const [hash, text] of this.wanted) this.send(hash, text);
    if (!this.worker) {
      if (this.cacheDir) prune(this.cacheDir, new Set([...this.wanted.keys()].map((h) => `${h}.png`)));
      return;
    }
    const { thread, report } = this.worker;
    thread.postMessage({ flush: true } satisfies CardRequest);
    let result: CardReport['flushed'];
    try {
      result = await report.finally(() => this.cancel());
    } catch {
      // The thread died (its heap, a crash in the native drawing code): this thread draws the cards it left.
      result = await this.drawMissing();
    }
    Object.assign(this, {
      rendered: result.rendered,
      cached: result.cached,
      busyMs: result.busyMs,
      cpuMs: result.cpuMs,
    });
    if (result.failure) throw rebuild(result.failure);
    if (this.cacheDir) prune(this.cacheDir, new Set([...this.wanted.keys()].map((h) => `${h}.png`)));
  }

  /** Draws, on this thread, every card named that is not in the output yet (after the card thread died). */
  private async drawMissing(): Promise<CardReport['flushed']> {
    const painter = await CardPainter.open(this.site, this.logo);
    let rendered = 0;
    for (const [hash, text] of this.wanted) {
      if (this.takenHashes.has(hash)) continue;
      const out = path.join(this.outDir!, 'og', `${hash}.png`);
      // A card the thread was writing when it died may be half a file.
      if (fs.existsSync(out) && wholePng(fs.readFileSync(out))) continue;
      const png = painter.draw(text);
      try {
        fs.mkdirSync(path.dirname(out), { recursive: true });
        fs.writeFileSync(out, png);
      } catch (error: any) {
        throw new BuildError([
          {
            file: out,
            message: `cannot write the output folder: ${error?.code ?? ''} ${error?.message ?? error}`.trim(),
            hint: 'Check that the folder is writable, or choose another with --out.',
          },
        ]);
      }
      rendered++;
      await freeReadBackPixels();
    }
    return { rendered, cached: 0, busyMs: 0 };
  }

  /** Stops the card thread, leaving cards unwritten: a failed build calls it before removing its output. */
  async cancel(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.thread.terminate();
  }

  private send(hash: string, text: CardText): void {
    if (this.sent.has(hash)) return;
    this.sent.add(hash);
    if (this.take?.(cardPath(hash), hash)) {
      this.taken++;
      this.takenHashes.add(hash);
      return;
    }
    (this.worker ??= this.startWorker()).thread.postMessage({ card: { hash, text } } satisfies CardRequest);
  }

  private startWorker(): NonNullable<ShareCards['worker']> {
    const data: CardWorkerData = {
      shareCardWorker: true,
      site: this.site,
      logo: this.logo,
      outDir: this.outDir!,
      cacheDir: this.cacheDir,
    };
    const thread = startEngineThread('share-cards/card-worker', data);
    const report = new Promise<CardReport['flushed']>((resolve, reject) => {
      thread.on('message', (m: CardReport) => resolve(m.flushed));
      thread.once('error', (error) =>
        reject(new Error(`share cards: the thread drawing them failed: ${error.message}`)),
      );
      thread.once('exit', (code) =>
        reject(new Error(`share cards: the thread drawing them stopped (exit code ${code}) before writing them all`)),
      );
    });
    report.catch(() => {}); // thrown where writeAll awaits it; a cancelled build never does
    return { thread, report };
  }
}

/** Files whose code decides a card's pixels, beside this one. */
const DRAWING_FILES = ['design.ts', 'paint.ts', 'png.ts', 'scanlines.wat'];

/**
 * The drawing's version: a hash of the code that draws (DRAWING_FILES), the fonts and the
 * versions of the packages it uses, so any change of the design redraws every card (and gives
 * it a new URL, which also tells the sites that cached the old picture), with no number to
 * remember to bump.
 */
let version: string | undefined;
export function designVersion(): string {
  if (version) return version;
  const hash = crypto.createHash('sha1');
  for (const file of DRAWING_FILES) hash.update(fs.readFileSync(new URL(`./${file}`, import.meta.url)));
  return (version = hash.update(drawingDependencies()).digest('hex'));
}

const join = (...parts: (string | undefined)[]) =>
  [...new Set(parts.filter((p): p is string => !!p))].join(' · ') || undefined;

/** The navbar logo (SVG or PNG in content/static), or none. */
function logoFile(staticDir: string, src: string): { file: string; data: Buffer } | undefined {
  const file = path.join(staticDir, src.replace(/^\/+/, ''));
  if (!/\.(svg|png)$/i.test(file) || !file.startsWith(staticDir + path.sep) || !fs.existsSync(file)) return undefined;
  return { file, data: fs.readFileSync(file) };
}

/** The card thread's error as thrown there: a BuildError stays one (its problems are what the CLI prints). */
function rebuild(error: SerializedError): Error {
  return error.problems ? new BuildError(error.problems) : new Error(`share cards: ${error.message}`);
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
export { CARD_WIDTH, CARD_HEIGHT, CardPainter, readPalette };
