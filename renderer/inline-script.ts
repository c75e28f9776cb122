import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { esbuild, esbuildVersion } from './esbuild-api.ts';
import { folderHash, sha1 } from './hash.ts';
import { writeFileAtomic } from './write-atomic.ts';

/** The browsers the client code is compiled for (the site bundle and the inline scripts alike). */
export const BROWSER_TARGETS = ['es2020', 'chrome100', 'firefox100', 'safari15'];

/** Where inline scripts are kept between runs (beside the compile cache). */
export const DEFAULT_INLINE_SCRIPT_CACHE_DIR = path.join(
  fileURLToPath(new URL('..', import.meta.url)),
  'node_modules/.cache/docs-inline-scripts',
);

/** What a cached script was made from: each file esbuild read, with its content's hash. */
interface CachedScript {
  inputs: [file: string, hash: string][];
  /** Each input folder's listing: a file added beside an import can change what it resolves to. */
  folders: [dir: string, hash: string][];
  code: string;
}

/**
 * A browser module bundled into one minified IIFE for an inline <script>, with build-time
 * constants from `define` (JSON-encoded here). Inline, because these scripts must run before
 * the page paints (colour mode) or must never reach a built site (dev live reload).
 *
 * esbuild's synchronous build costs every build ~60 ms of a warm rebuild, so the result is kept
 * in `cacheDir` (false: none) under the entry, the constants and esbuild's version, and used
 * only while every file the bundle read, and each of their folders' listings, is unchanged.
 */
export function inlineScript(
  entry: string,
  define: Record<string, unknown>,
  cacheDir: string | false = DEFAULT_INLINE_SCRIPT_CACHE_DIR,
): string {
  const encoded = Object.fromEntries(Object.entries(define).map(([k, v]) => [k, JSON.stringify(v)]));
  const file = cacheDir
    ? path.join(
        cacheDir,
        `${sha1(esbuildVersion(), path.resolve(entry), JSON.stringify(encoded), ...BROWSER_TARGETS)}.json`,
      )
    : undefined;
  const cached = file ? readCached(file) : undefined;
  if (cached) return cached;
  const result = esbuild().buildSync({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    legalComments: 'none',
    target: BROWSER_TARGETS,
    define: encoded,
    metafile: true,
    absWorkingDir: process.cwd(),
  });
  const code = result.outputFiles[0].text.trim();
  if (file) {
    // `<define:…>` and the like are esbuild's own inputs, made from `define`, which the key covers.
    const inputs = Object.keys(result.metafile.inputs)
      .filter((name) => !name.startsWith('<'))
      .map((rel) => path.resolve(process.cwd(), rel));
    writeCached(file, inputs, code);
  }
  return code;
}

function readCached(file: string): string | undefined {
  try {
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as CachedScript;
    const same = (pairs: [string, string][], hashOf: (p: string) => string) =>
      Array.isArray(pairs) && pairs.length > 0 && pairs.every(([p, hash]) => hashOf(p) === hash);
    if (same(cached.inputs, fileHash) && same(cached.folders, folderHash) && typeof cached.code === 'string')
      return cached.code;
  } catch {
    // No entry, an unreadable one, or an input gone: built again.
  }
  return undefined;
}

function writeCached(file: string, inputs: string[], code: string): void {
  try {
    const folders = [...new Set(inputs.map((f) => path.dirname(f)))];
    const entry: CachedScript = {
      inputs: inputs.map((f) => [f, fileHash(f)]),
      folders: folders.map((d) => [d, folderHash(d)]),
      code,
    };
    writeFileAtomic(file, JSON.stringify(entry));
  } catch {
    // A cache that cannot be written only makes the next build slower.
  }
}

const fileHash = (file: string) => sha1(fs.readFileSync(file));

/** The CSP source that allows exactly this inline script (`script-src 'sha256-…'`). */
export function cspHash(code: string): string {
  return `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`;
}
