import githubDark from '@shikijs/themes/github-dark';
import githubLight from '@shikijs/themes/github-light';
import type { Highlighter, ThemeRegistration } from 'shiki';
import { escapeAttribute, escapeText } from '../../theme/shared/escape.ts';
import { darkSelector } from '../../theme/color-mode/rules.ts';
import { cacheLineTokens } from './line-token-cache.ts';

/**
 * Code is highlighted once for both colour modes. github-light and github-dark come from one
 * template and share every scope rule (checked below), so one tokenisation with a merged theme
 * tells each token its rule's (light, dark) colour pair; the token is written as
 * `<span class="tN">` and the stylesheet (tokenCss) colours tN per mode. Against shiki's
 * dual-theme output this tokenises once instead of twice and writes a short class instead of
 * two inline colours on every token. github-light keeps every token at WCAG AA contrast on a
 * light background (one-light did not).
 */

interface Pair {
  light: string;
  dark: string;
}

/** Shiki's font-style bits → the token class and its rule. */
const FONT_STYLES: [bit: number, cls: string, css: string][] = [
  [1, 'ti', 'font-style:italic'],
  [2, 'tb', 'font-weight:bold'],
  [4, 'tu', 'text-decoration:underline'],
  [8, 'ts', 'text-decoration:line-through'],
];

function mergeThemes(light: ThemeRegistration, dark: ThemeRegistration) {
  const lightRules = light.tokenColors ?? [];
  const darkRules = dark.tokenColors ?? [];
  if (
    lightRules.length !== darkRules.length ||
    lightRules.some((r, i) => JSON.stringify(r.scope) !== JSON.stringify(darkRules[i].scope))
  ) {
    throw new Error(
      `the code themes ${light.name} and ${dark.name} do not share their scope rules; they cannot be highlighted in one pass`,
    );
  }
  const pairs: Pair[] = [];
  const classOf = new Map<string, number>(); // synthetic colour → pair index
  const colourOf = new Map<string, string>(); // `light/dark` → synthetic colour
  // Each distinct (light, dark) pair gets a colour of its own that no theme uses, so the merged
  // theme's colour of a token names its pair.
  const synthetic = (p: Pair) => {
    const key = `${p.light}/${p.dark}`;
    let colour = colourOf.get(key);
    if (colour === undefined) {
      colour = `#0100${pairs.length.toString(16).padStart(2, '0')}`;
      classOf.set(colour, pairs.length);
      colourOf.set(key, colour);
      pairs.push(p);
    }
    return colour;
  };
  const fg = (t: ThemeRegistration) => String(t.colors?.['editor.foreground'] ?? t.fg).toLowerCase();
  const base = { light: fg(light), dark: fg(dark) };
  const merged: ThemeRegistration = {
    name: 'docs-github-light-dark',
    type: 'light',
    colors: { 'editor.foreground': synthetic(base), 'editor.background': '#ffffff' },
    tokenColors: lightRules.map((rule, i) => {
      const settings = { ...rule.settings };
      const l = rule.settings.foreground?.toLowerCase();
      const d = darkRules[i].settings.foreground?.toLowerCase();
      if (l || d) settings.foreground = synthetic({ light: l ?? base.light, dark: d ?? base.dark });
      delete settings.background;
      return { ...rule, settings };
    }),
  };
  return { merged, pairs, classOf };
}

const { merged, pairs, classOf } = mergeThemes(githubLight as ThemeRegistration, githubDark as ThemeRegistration);

/** The theme to load into the highlighter. */
export const MERGED_THEME = merged;

/** Code block backgrounds (--code-bg in theme/styles/tokens.css; a unit test keeps them equal). */
export const CODE_BACKGROUNDS = { light: '#ffffff', dark: '#1b1930' } as const;

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const luminance = (hex: string) => {
  const [r, g, b] = channels(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour itself when it reaches WCAG AA (4.5:1) on `bg`, else the closest step towards
 * black (light background) or white (dark background) that does. github-light's orange
 * (#e36209, 3.9:1) and the diff/invalid colours, meant for a background of their own, need it.
 */
export function readable(color: string, bg: string): string {
  const target = luminance(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const from = channels(color);
  for (let t = 0; t <= 1; t += 0.02) {
    const mixed = toHex(from.map((c, i) => c + (target[i] - c) * t));
    if (contrast(mixed, bg) >= 4.5) return mixed;
  }
  return toHex(target);
}

/** Each token colour pair, made readable on the code background of its mode. */
export function tokenColours(): Pair[] {
  return pairs.map((p) => ({
    light: readable(p.light, CODE_BACKGROUNDS.light),
    dark: readable(p.dark, CODE_BACKGROUNDS.dark),
  }));
}

/**
 * The stylesheet for token classes: pair 0 is the code's default colour, set on the block. The
 * dark colours apply on screen only: a page printed in dark mode prints light (theme/styles/print.css).
 */
export function tokenCss(): string {
  const colours = tokenColours();
  const rules = [`.shiki{color:${colours[0].light}}`];
  const dark = [`${darkSelector()} .shiki{color:${colours[0].dark}}`];
  colours.forEach((p, i) => {
    if (i === 0) return;
    rules.push(`.shiki .t${i}{color:${p.light}}`);
    if (p.dark !== p.light) dark.push(`${darkSelector()} .shiki .t${i}{color:${p.dark}}`);
  });
  rules.push(`@media not print{\n${dark.join('\n')}\n}`);
  for (const [, cls, css] of FONT_STYLES) rules.push(`.shiki .${cls}{${css}}`);
  rules.push('.shiki .tu.ts{text-decoration:underline line-through}');
  return rules.join('\n');
}

// Blocks highlighted lately: a save in `docs dev` usually leaves most of a page's code as it was,
// and some blocks repeat across pages. Bounded, so a long session never piles up HTML.
const recent = new Map<string, string>();
const RECENT_MAX = 4000;

/**
 * A range of the code to wrap (sorted, within one line, not overlapping: code-links.ts
 * usableLinks, code-hovers.ts): in a link to `href`, and/or with a popup showing `hover.text`,
 * which `hover.id` (unique in the page) names for aria-describedby.
 */
export interface LinkedRange {
  start: number;
  end: number;
  href?: string;
  hover?: { id: string; text: string };
}

/**
 * The opening of a wrapped range. A hover's popup comes first inside it: shown, it is placed
 * where it stands (position absolute, no offsets: theme/styles/code.css), at the name's start.
 * Hidden until hover or focus, so the code's text (and the copy button's innerText) stays the
 * code; a screen reader hears it as the name's description on focus, once.
 */
function openRange(range: LinkedRange): string {
  const tip = range.hover
    ? `<span class="tip" role="tooltip" id="${range.hover.id}">${escapeText(range.hover.text)}</span>`
    : '';
  const described = range.hover ? ` aria-describedby="${range.hover.id}"` : '';
  if (range.href !== undefined) return `<a class="code-link" href="${escapeAttribute(range.href)}"${described}>${tip}`;
  return `<span class="ty" tabindex="0"${described}>${tip}`;
}

const closeRange = (range: LinkedRange) => (range.href !== undefined ? '</a>' : '</span>');

/**
 * Highlighted `<pre>` HTML for one code block; `highlight` holds 1-based line numbers to mark,
 * `links` the ranges of the code that link elsewhere.
 */
export function highlightToHtml(
  highlighter: Highlighter,
  code: string,
  lang: string,
  highlight: Set<number>,
  links: LinkedRange[] = [],
): string {
  const key = `${lang}\0${[...highlight].join(',')}\0${links.map((l) => `${l.start}-${l.end}=${l.href ?? ''}=${l.hover ? `${l.hover.id}=${l.hover.text}` : ''}`).join('\n')}\0${code}`;
  let html = recent.get(key);
  if (html === undefined) {
    html = highlightBlock(highlighter, code, lang, highlight, links);
    if (recent.size >= RECENT_MAX) recent.clear();
    recent.set(key, html);
  }
  return html;
}

/** highlightToHtml without the cache of recent blocks. */
export function highlightBlock(
  highlighter: Highlighter,
  code: string,
  lang: string,
  highlight: Set<number>,
  links: LinkedRange[] = [],
): string {
  // Shiki stops tokenizing a line after 500 ms by default and leaves its rest uncoloured, so a
  // thread slowed down (a busy machine, a grammar compiling its regexes on its first block)
  // wrote other colours than a quick one. No limit here: the page's watchdog (PAGE_TIME_LIMIT_MS
  // in pipeline.ts) still stops a grammar that never ends.
  if (lang !== 'text') cacheLineTokens(highlighter, lang);
  const lines = highlighter.codeToTokensBase(code, {
    lang: lang as 'text',
    theme: merged.name as 'none',
    tokenizeTimeLimit: 0,
  });
  const out: string[] = [];
  // Links (and hovers) are opened and closed between pieces of tokens: a token a link starts or
  // ends inside is cut there, so each `<a>` holds whole `<span>`s and the colours stay the tokens'.
  let next = 0; // the first link not yet closed
  lines.forEach((tokens, n) => {
    let line = highlight.has(n + 1) ? '<span class="line highlighted">' : '<span class="line">';
    for (const token of tokens) {
      const classes: string[] = [];
      const pair = token.color ? classOf.get(token.color.toLowerCase()) : undefined;
      if (pair) classes.push(`t${pair}`);
      if (token.fontStyle && token.fontStyle > 0)
        for (const [bit, cls] of FONT_STYLES) if (token.fontStyle & bit) classes.push(cls);
      const piece = (text: string) =>
        classes.length ? `<span class="${classes.join(' ')}">${escapeText(text)}</span>` : escapeText(text);
      const end = token.offset + token.content.length;
      let at = token.offset;
      while (next < links.length && links[next].start < end) {
        const link = links[next];
        if (link.start > at) line += piece(code.slice(at, link.start));
        if (link.start >= at) line += openRange(link);
        at = Math.max(at, link.start);
        const stop = Math.min(end, link.end);
        if (stop > at) line += piece(code.slice(at, stop));
        at = stop;
        if (link.end > end) break;
        line += closeRange(link);
        next++;
      }
      if (at < end) line += piece(code.slice(at, end));
    }
    out.push(`${line}</span>`);
  });
  return `<pre class="shiki" tabindex="0"><code>${out.join('\n')}</code></pre>`;
}
