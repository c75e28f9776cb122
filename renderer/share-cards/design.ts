import type { SKRSContext2D } from '@napi-rs/canvas';

/*
 * The card's look. This file is part of the design's version (share-cards/index.ts
 * `designVersion`): any edit here redraws every card.
 *
 * A card is a background that is the same on every page of a site (colours, disc, ring, band,
 * logo, product name, host), drawn once per build, and two lines of text per page (section,
 * title). The sizes and places are those of the first design, which a flexbox layout placed:
 * an 18 px band, then a column padded 64/80/56/70 whose three rows (section, title, footer)
 * are spread with equal gaps between them.
 */

/** Size of a share card: the 1.91:1 picture Open Graph and X show for `summary_large_image`. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What one card says. */
export interface CardText {
  title: string;
  /** The part of the site the page belongs to ("Reference", "Quickstarts"); none on top-level pages. */
  section?: string;
  product: string;
  /** The site's host, printed small (`docs.example.com`). */
  host: string;
}

/** The card's colours, read from the theme's dark palette (see palette.ts). */
export interface CardColors {
  background: string;
  panel: string;
  foreground: string;
  muted: string;
  accent: string;
  brand: string;
}

/** What every card of a site shows: drawn once, as the background. */
export interface CardSite {
  colors: CardColors;
  product: string;
  host: string;
}

/** The font family the fonts are registered under (paint.ts): a name no installed font has. */
export const FONT_FAMILY = 'DocsShareCardInter';

const BAND = 18;
const PAD = { top: 64, right: 80, bottom: 56, left: 70 };
const LEFT = BAND + PAD.left;
const TOP = PAD.top;
const BOTTOM = CARD_HEIGHT - PAD.bottom;
const SECTION = { size: 30, maxWidth: 760, letterSpacing: 1 };
const TITLE = { maxWidth: 860, lineHeight: 1.12, maxLines: 3 };
const LOGO_PANEL = { size: 84, radius: 20, logo: 60, gap: 24 };
const PRODUCT_SIZE = 38;
const HOST_SIZE = 26;

/** Inter's ascender and descender (hhea, per em): its 'normal' line height is their sum. */
const ASCENT = 0.96875;
const DESCENT = 0.2421875;

/** Long titles get smaller type so that three lines hold them. */
export function titleSize(title: string): number {
  if (title.length <= 24) return 84;
  if (title.length <= 44) return 72;
  if (title.length <= 70) return 60;
  return 50;
}

const font = (size: number, weight = 700) => `${weight} ${size}px ${FONT_FAMILY}`;

/** The constant part: everything but the section and the title. `logo` is drawn in its panel when given. */
export function drawBackground(
  ctx: SKRSContext2D,
  site: CardSite,
  logo?: { draw: (x: number, y: number, size: number) => void },
): void {
  const { colors } = site;
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  // A disc cut by the upper right corner, with a ring beside it.
  ctx.fillStyle = colors.panel;
  ctx.beginPath();
  ctx.arc(CARD_WIDTH, 0, 300, 0, Math.PI * 2);
  ctx.fill();
  // The ring: a 12 px border around a 124 px box whose outer edge is 64 px from the right, 56 from the top.
  const ring = { border: 12, radius: 124 / 2 + 12 };
  ctx.strokeStyle = colors.brand;
  ctx.lineWidth = ring.border;
  ctx.beginPath();
  ctx.arc(CARD_WIDTH - 64 - ring.radius, 56 + ring.radius, ring.radius - ring.border / 2, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = colors.brand;
  ctx.fillRect(0, 0, BAND, CARD_HEIGHT);

  // Footer: logo panel and product name on the left, host on the right, centred on one line.
  const footerHeight = logo ? LOGO_PANEL.size : lineBox(PRODUCT_SIZE);
  const footerTop = BOTTOM - footerHeight;
  let x = LEFT;
  if (logo) {
    ctx.fillStyle = colors.panel;
    ctx.beginPath();
    ctx.roundRect(x, footerTop, LOGO_PANEL.size, LOGO_PANEL.size, LOGO_PANEL.radius);
    ctx.fill();
    const inset = (LOGO_PANEL.size - LOGO_PANEL.logo) / 2;
    logo.draw(x + inset, footerTop + inset, LOGO_PANEL.logo);
    x += LOGO_PANEL.size + LOGO_PANEL.gap;
  }
  ctx.fillStyle = colors.foreground;
  ctx.font = font(PRODUCT_SIZE);
  ctx.fillText(site.product, x, centredBaseline(footerTop, footerHeight, PRODUCT_SIZE));
  ctx.fillStyle = colors.muted;
  ctx.font = font(HOST_SIZE, 400);
  ctx.textAlign = 'right';
  ctx.fillText(site.host, CARD_WIDTH - PAD.right, centredBaseline(footerTop, footerHeight, HOST_SIZE));
  ctx.textAlign = 'left';
}

/** One line of a page's text, placed on the card. */
export interface PlacedLine {
  text: string;
  font: string;
  color: string;
  letterSpacing: number;
  x: number;
  baseline: number;
}

/** A block of text (the section, the title) and the whole pixels its ink may cover. */
export interface TextBlock {
  lines: PlacedLine[];
  box: { x: number; y: number; width: number; height: number };
  /** The section: a site has few, shared by many cards, so the painter keeps what it drew of each. */
  repeats?: boolean;
}

/** What laying out text needs of a canvas context: its font settings and text widths. */
export interface TextMeasurer {
  font: string;
  letterSpacing: string;
  measureText(text: string): { width: number };
}

/**
 * Lays out the page's part of a card: the section on one line (shortened with an ellipsis past
 * its width), the title word-wrapped to at most three lines (the last ends with an ellipsis when
 * it does not fit), placed as the first design's column placed them. `ctx` measures the text (a canvas context, or one that remembers widths).
 */
export function layoutText(
  ctx: TextMeasurer,
  text: Pick<CardText, 'title' | 'section'>,
  colors: CardColors,
  hasLogo: boolean,
): TextBlock[] {
  const blocks: TextBlock[] = [];

  const section = text.section ?? '';
  const sectionHeight = section ? lineBox(SECTION.size) : 0;
  if (section) {
    ctx.font = font(SECTION.size);
    ctx.letterSpacing = `${SECTION.letterSpacing}px`;
    const line = fitWithEllipsis(ctx, section, SECTION.maxWidth);
    const baseline = TOP + ASCENT * SECTION.size;
    blocks.push({
      lines: [
        { text: line, font: ctx.font, color: colors.accent, letterSpacing: SECTION.letterSpacing, x: LEFT, baseline },
      ],
      box: inkBox(LEFT, SECTION.maxWidth, TOP, sectionHeight),
      repeats: true,
    });
    ctx.letterSpacing = '0px';
  }

  const size = titleSize(text.title);
  ctx.font = font(size);
  const titleLines = wrap(ctx, text.title, TITLE.maxWidth, TITLE.maxLines);
  const lineHeight = size * TITLE.lineHeight;
  const titleHeight = titleLines.length * lineHeight;
  const footerHeight = hasLogo ? LOGO_PANEL.size : lineBox(PRODUCT_SIZE);
  const gap = (BOTTOM - TOP - sectionHeight - titleHeight - footerHeight) / 2;
  const titleTop = TOP + sectionHeight + gap;
  // A line box shorter than the font's own: the glyphs overhang it equally above and below.
  const baselineInBox = (lineHeight - lineBox(size)) / 2 + ASCENT * size;
  if (titleLines.length) {
    const lines = titleLines.map((line, i) => ({
      text: line,
      font: ctx.font,
      color: colors.foreground,
      letterSpacing: 0,
      x: LEFT,
      baseline: titleTop + i * lineHeight + baselineInBox,
    }));
    blocks.push({
      lines,
      box: inkBox(
        LEFT,
        TITLE.maxWidth,
        titleTop + baselineInBox - ASCENT * size,
        titleHeight - lineHeight + lineBox(size),
      ),
    });
  }
  return blocks;
}

/** Draws placed lines, shifted by `dx`, `dy` (the painter draws each block into a canvas the size of its box). */
export function drawLines(ctx: SKRSContext2D, lines: PlacedLine[], dx = 0, dy = 0): void {
  for (const line of lines) {
    ctx.font = line.font;
    ctx.letterSpacing = `${line.letterSpacing}px`;
    ctx.fillStyle = line.color;
    ctx.fillText(line.text, line.x + dx, line.baseline + dy);
  }
  ctx.letterSpacing = '0px';
}

/** Height of a line whose line-height is 'normal'. */
const lineBox = (size: number) => (ASCENT + DESCENT) * size;

const centredBaseline = (top: number, height: number, size: number) =>
  top + (height - lineBox(size)) / 2 + ASCENT * size;

/** Whole pixels around a text block, with room for glyphs that overhang their advance (italics, accents, 'j'). */
function inkBox(x: number, width: number, top: number, height: number): TextBlock['box'] {
  const margin = 8;
  const left = Math.max(0, Math.floor(x - margin));
  const right = Math.min(CARD_WIDTH, Math.ceil(x + width + margin));
  const y = Math.max(0, Math.floor(top - margin));
  const bottom = Math.min(CARD_HEIGHT, Math.ceil(top + height + margin));
  return { x: left, y, width: right - left, height: bottom - y };
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const splitGraphemes = (s: string) => Array.from(graphemes.segment(s), (g) => g.segment);

/**
 * Greedy word wrap to `maxWidth` in the context's current font. A word wider than a line
 * (a long identifier, a script written without spaces) is broken between characters. Past
 * `maxLines`, the last line keeps what fits of the rest followed by an ellipsis. Words are
 * measured once each and a line's width is their sum (no kerning across a space).
 */
export function wrap(ctx: TextMeasurer, text: string, maxWidth: number, maxLines: number): string[] {
  const width = (s: string) => ctx.measureText(s).width;
  const space = width(' ');
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    if (lines.length > maxLines) break; // the rest is cut off anyway
    const w = width(word);
    if (line && lineWidth + space + w <= maxWidth) {
      line += ` ${word}`;
      lineWidth += space + w;
      continue;
    }
    if (line) lines.push(line);
    [line, lineWidth] = [word, w];
    // Break a word that alone is wider than a line.
    while (lineWidth > maxWidth) {
      const chars = splitGraphemes(line);
      const n = Math.max(
        1,
        longestFit(chars.length - 1, (k) => width(chars.slice(0, k).join('')) <= maxWidth),
      );
      lines.push(chars.slice(0, n).join(''));
      line = chars.slice(n).join('');
      lineWidth = width(line);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitWithEllipsis(ctx, lines.slice(maxLines - 1, maxLines + 1).join(' '), maxWidth, true);
  return kept;
}

/** `text` if it fits in `maxWidth`, else its longest start that fits with an ellipsis after it (`force`: always the ellipsis). */
function fitWithEllipsis(ctx: TextMeasurer, text: string, maxWidth: number, force = false): string {
  if (!force && ctx.measureText(text).width <= maxWidth) return text;
  const chars = splitGraphemes(text);
  const cut = (n: number) => `${chars.slice(0, n).join('').trimEnd()}…`;
  return cut(longestFit(chars.length, (n) => ctx.measureText(cut(n)).width <= maxWidth));
}

/** The largest n in 0..max for which `fits(n)` holds (fits is monotonic; 0 when none does). */
function longestFit(max: number, fits: (n: number) => boolean): number {
  let [low, high] = [0, max];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}
