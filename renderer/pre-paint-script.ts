import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inlineScript } from './inline-script.ts';
import type { ColorModeConfig } from '../theme/color-mode/rules.ts';

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), '../theme/color-mode/pre-paint.ts');
const built = new Map<string, string>();

/**
 * theme/color-mode/pre-paint.ts as one minified inline script, with the site's colour-mode
 * settings and announcement id built in (so it carries no data of its own to read). Bundled
 * once per settings per process: the same text on every page, one CSP hash.
 */
export function prePaintScript(colorMode: ColorModeConfig, announcementId?: string): string {
  const key = JSON.stringify([colorMode, announcementId ?? null]);
  let code = built.get(key);
  if (code === undefined) {
    code = inlineScript(ENTRY, { __COLOR_MODE__: colorMode, __ANNOUNCEMENT_ID__: announcementId ?? null });
    built.set(key, code);
  }
  return code;
}
