import crypto from 'node:crypto';
import { buildSync } from 'esbuild';

/** The browsers the client code is compiled for (the site bundle and the inline scripts alike). */
export const BROWSER_TARGETS = ['es2020', 'chrome100', 'firefox100', 'safari15'];

/**
 * A browser module bundled into one minified IIFE for an inline <script>, with build-time
 * constants from `define` (JSON-encoded here). Inline, because these scripts must run before
 * the page paints (colour mode) or must never reach a built site (dev live reload).
 */
export function inlineScript(entry: string, define: Record<string, unknown>): string {
  const result = buildSync({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    legalComments: 'none',
    target: BROWSER_TARGETS,
    define: Object.fromEntries(Object.entries(define).map(([k, v]) => [k, JSON.stringify(v)])),
  });
  return result.outputFiles[0].text.trim();
}

/** The CSP source that allows exactly this inline script (`script-src 'sha256-…'`). */
export function cspHash(code: string): string {
  return `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`;
}
