import fs from 'node:fs';
import type { CardColors } from './design.tsx';
import { darkSelector } from '../../theme/color-mode/rules.ts';

/**
 * The card's colours come from the theme's palette (theme/styles/tokens.css), the one home of the
 * site's colours: the dark block's background, text and brand tints, and the light block's brand
 * for the band. A token the file does not define falls back to the value here.
 */
export function readPalette(tokensCss: string): CardColors {
  const css = fs.existsSync(tokensCss) ? fs.readFileSync(tokensCss, 'utf8') : '';
  const light = tokens(block(css, ':root'));
  const dark = tokens(block(css, darkSelector()));
  const pick = (set: Map<string, string>, name: string, fallback: string) => set.get(name) ?? fallback;
  return {
    background: pick(light, 'announcement-bg', pick(dark, 'bg', '#131126')),
    panel: pick(dark, 'brand-soft', '#2a2050'),
    foreground: pick(dark, 'fg', '#ecebf5'),
    muted: pick(dark, 'fg-muted', '#9c98b6'),
    accent: pick(dark, 'brand', '#b48bff'),
    brand: pick(light, 'brand', '#7a3ff2'),
  };
}

/** The declarations of the first rule whose selector is exactly `selector`. */
function block(css: string, selector: string): string {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) return '';
  const start = css.indexOf('{', at) + 1;
  return css.slice(start, css.indexOf('}', start));
}

/** `--name: value;` pairs whose value is a plain colour (hex or rgb/rgba). */
function tokens(declarations: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of declarations.matchAll(/--([\w-]+):\s*(#[0-9a-f]{3,8}|rgba?\([^)]*\))\s*;/gi)) out.set(m[1], m[2]);
  return out;
}
