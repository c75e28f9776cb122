import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { setImmediate } from 'node:timers/promises';
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { BuildError } from '../errors.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  drawBackground,
  drawLines,
  FONT_FAMILY,
  layoutText,
  type CardSite,
  type CardText,
  type TextBlock,
  type TextMeasurer,
} from './design.ts';
import { PngOverBackground, type Band, type Piece } from './png.ts';

/*
 * Draws cards with @napi-rs/canvas (Skia, prebuilt for every platform, no install script). Part
 * of the design's version (index.ts `designVersion`).
 *
 * The background is drawn once per build and kept as PNG scanlines. A card redraws only the
 * boxes its section and title may cover (background, then text, read back) and hands those bands
 * of rows to the PNG encoder (png.ts), which compresses the background's rows once and only the
 * bands per card; a section's band, the same on many cards, is compressed once. Every canvas is
 * opaque (`alpha: false`): its pixels are the plain colours, and the PNG needs no alpha.
 */

type CanvasModule = typeof import('@napi-rs/canvas');

const require = createRequire(import.meta.url);

/** Inter from @fontsource/inter, 400 and 700, every subset it has: other scripts come from installed fonts, if any. */
export const FONT_FILES = [
  'latin',
  'latin-ext',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
  'vietnamese',
].flatMap((subset) => [400, 700].map((weight) => `inter-${subset}-${weight}-normal.woff2`));

let loaded: CanvasModule | undefined;

/** @napi-rs/canvas with the fonts registered, once per process; a clear error when its native part is missing. */
function loadCanvas(): CanvasModule {
  if (loaded) return loaded;
  let canvas: CanvasModule;
  try {
    canvas = require('@napi-rs/canvas');
  } catch (error) {
    throw new BuildError([
      {
        file: 'node_modules/@napi-rs/canvas',
        // The loader's first sentence says what failed; its advice (delete the lockfile) is not ours.
        message: `share cards cannot be drawn: @napi-rs/canvas does not load on ${process.platform}-${process.arch} (${firstLine(error).split(/(?<=\.)\s/)[0]})`,
        hint: 'Run `npm ci` on this machine: it installs the prebuilt binary for this platform (an optional dependency, which --omit=optional or --no-optional leaves out).',
      },
    ]);
  }
  const fontDir = path.join(path.dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  for (const file of FONT_FILES) {
    if (!canvas.GlobalFonts.register(fs.readFileSync(path.join(fontDir, file)), FONT_FAMILY))
      throw new Error(`share cards: the font ${path.join(fontDir, file)} does not load`);
  }
  return (loaded = canvas);
}

/** What the pixels depend on besides the code: the versions of the canvas and of the fonts, and the font files. */
export function drawingDependencies(): string {
  const version = (pkg: string) => JSON.parse(fs.readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;
  return JSON.stringify([version('@napi-rs/canvas'), version('@fontsource/inter'), FONT_FILES]);
}

/** Draws the cards of one site: open() once per build (draws the background), then draw() per card. */
export class CardPainter {
  /** Compressed bands of blocks that repeat (sections), by what they show. */
  private readonly repeated = new Map<string, Piece>();
  private readonly measure: RememberedWidths;

  private constructor(
    private readonly canvas: CanvasModule,
    private readonly site: CardSite,
    private readonly hasLogo: boolean,
    private readonly background: Canvas,
    /** The encoder, holding the background as PNG scanlines (png.ts). */
    readonly png: PngOverBackground,
  ) {
    this.measure = new RememberedWidths(context(canvas.createCanvas(1, 1)));
  }

  /** `logo`: the navbar logo's file (SVG or PNG), drawn in the footer; a file that does not decode is an error naming it. */
  static async open(site: CardSite, logo?: { file: string; data: Buffer }): Promise<CardPainter> {
    const canvas = loadCanvas();
    let image: InstanceType<CanvasModule['Image']> | undefined;
    if (logo) {
      image = new canvas.Image();
      image.src = logo.data;
      try {
        await image.decode();
      } catch (error) {
        throw new BuildError([
          {
            file: logo.file,
            message: `the navbar logo cannot be drawn on share cards: ${firstLine(error)}`,
            hint: 'Use an SVG or PNG file that a browser shows.',
          },
        ]);
      }
    }
    const background = canvas.createCanvas(CARD_WIDTH, CARD_HEIGHT);
    const ctx = context(background);
    drawBackground(ctx, site, image && { draw: (x, y, size) => ctx.drawImage(image, x, y, size, size) });
    const png = await PngOverBackground.open(CARD_WIDTH, CARD_HEIGHT);
    png.setBackground(background.data());
    return new CardPainter(canvas, site, !!image, background, png);
  }

  /**
   * A canvas per box size, reused from card to card (the background is drawn over all of it):
   * new ones cost page faults for their pixels. A site's cards have a few layouts, so a few sizes.
   */
  private readonly canvases = new Map<string, Canvas>();
  private canvasOfSize(width: number, height: number): Canvas {
    const key = `${width}×${height}`;
    let canvas = this.canvases.get(key);
    if (!canvas) this.canvases.set(key, (canvas = this.canvas.createCanvas(width, height)));
    return canvas;
  }

  /**
   * One card as a 1200×630 PNG. Only the rows its text blocks may cover are drawn and compressed:
   * each block's box is drawn over the background in a canvas of its size and copied into the
   * scanlines; blocks whose boxes share rows make one band, and each box of a band gets the lines
   * of all its blocks (what falls outside is clipped), so that they agree where they overlap.
   */
  draw(text: Pick<CardText, 'title' | 'section'>): Buffer {
    const blocks = layoutText(this.measure, text, this.site.colors, this.hasLogo);
    const bands: Band[] = [];
    for (const group of bandsOf(blocks)) {
      const key = group.blocks.length === 1 && group.blocks[0].repeats ? JSON.stringify(group.blocks[0]) : undefined;
      let piece = key === undefined ? undefined : this.repeated.get(key);
      if (!piece) {
        piece = this.drawBand(group);
        if (key !== undefined) {
          if (this.repeated.size >= MAX_REPEATED) this.repeated.delete(this.repeated.keys().next().value!);
          this.repeated.set(key, piece);
        }
      }
      bands.push({ y: group.y, rows: group.end - group.y, piece });
    }
    return this.png.encode(bands);
  }

  private drawBand({ y, end, blocks }: { y: number; end: number; blocks: TextBlock[] }): Piece {
    const lines = blocks.flatMap((b) => b.lines);
    try {
      for (const { box } of blocks) {
        const part = this.canvasOfSize(box.width, box.height);
        const ctx = context(part);
        ctx.drawImage(this.background, -box.x, -box.y);
        drawLines(ctx, lines, -box.x, -box.y);
        this.png.drawRows(part.data(), box.width, box.x, box.y);
      }
    } catch (error) {
      this.png.restore(y, end); // the next card draws over the background
      throw error;
    }
    return this.png.compressRows(y, end);
  }
}

/**
 * Resolves once the event loop has turned, which lets the canvas free the pixels its cards read
 * back (~1 MB a card): their finalizers wait for a turn, so cards drawn one after another without
 * one would hold them all. Await it between cards.
 */
export const freeReadBackPixels = (): Promise<void> => setImmediate();

/** Sections kept compressed (~10 KB each): more than a site has, few enough to weigh little. */
const MAX_REPEATED = 256;

/** Blocks grouped into bands of rows: sorted by their top, those whose boxes share rows together. */
function bandsOf(blocks: TextBlock[]): { y: number; end: number; blocks: TextBlock[] }[] {
  const bands: { y: number; end: number; blocks: TextBlock[] }[] = [];
  for (const block of [...blocks].sort((a, b) => a.box.y - b.box.y)) {
    const { y, height } = block.box;
    const last = bands.at(-1);
    if (last && y < last.end) {
      last.end = Math.max(last.end, y + height);
      last.blocks.push(block);
    } else bands.push({ y, end: y + height, blocks: [block] });
  }
  return bands;
}

/**
 * Text widths remembered by font, spacing and text: a site's titles share most of their words and
 * its cards their sections, and each measure is a trip into the canvas's text shaper.
 */
class RememberedWidths implements TextMeasurer {
  private readonly widths = new Map<string, number>();
  private fontSet = '';
  private spacingSet = '';

  constructor(private readonly ctx: SKRSContext2D) {}

  get font(): string {
    return this.ctx.font;
  }
  set font(font: string) {
    this.ctx.font = this.fontSet = font;
  }
  get letterSpacing(): string {
    return this.ctx.letterSpacing;
  }
  set letterSpacing(spacing: string) {
    this.ctx.letterSpacing = this.spacingSet = spacing;
  }

  measureText(text: string): { width: number } {
    const key = `${this.fontSet}\u0000${this.spacingSet}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      if (this.widths.size >= MAX_WIDTHS) this.widths.clear();
      this.widths.set(key, (width = this.ctx.measureText(text).width));
    }
    return { width };
  }
}

const MAX_WIDTHS = 50_000;

function context(canvas: Canvas) {
  const ctx = canvas.getContext('2d', { alpha: false });
  // Text shaping follows the host's language unless told: cards are the same bytes on every machine.
  ctx.lang = 'en';
  return ctx;
}

const firstLine = (error: unknown) => String((error as Error)?.message ?? error).split('\n')[0];
