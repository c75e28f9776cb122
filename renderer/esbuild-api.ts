import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';

const require = createRequire(import.meta.url);

/**
 * esbuild's API, loaded when first used: a warm rebuild takes the client bundle, the site's code
 * and the inline scripts from their caches and needs none of it.
 */
export function esbuild(): typeof Esbuild {
  return require('esbuild') as typeof Esbuild;
}

let version: string | undefined;

/** esbuild's version (part of the caches' keys), from its package file, without loading it. */
export function esbuildVersion(): string {
  version ??= String(JSON.parse(fs.readFileSync(require.resolve('esbuild/package.json'), 'utf8')).version);
  return version;
}
