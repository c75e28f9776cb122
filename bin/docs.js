#!/usr/bin/env node
// Starts the TypeScript CLI: bundled by esbuild when it can be (bin/engine-bundle.mjs), else
// through tsx. The site's own TypeScript (site.config.ts, plugins, TSX pages) is bundled by esbuild
// as it is read (renderer/import-fresh.ts), so it needs no compile step either.
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { engineBundle } from './engine-bundle.mjs';

// A build allocates fast on two threads, and V8 then grows its heaps far past what is live:
// growing them by 50 % at a time keeps a 1,000-page build near 400 MB instead of 520 MB at no
// measurable cost in time (three paired runs each way, 2026-11-24). Set here so every way of
// starting the CLI gets it; the worker threads share the process's flags.
v8.setFlagsFromString('--heap-growing-percent=50');

// React's server renderer is several times slower in development mode.
process.env.NODE_ENV ??= 'production';

// Stack traces (--debug) name the TypeScript sources, bundled or not.
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);
const bundle = await engineBundle();
let cli;
if (bundle) cli = await import(pathToFileURL(`${bundle}/cli.mjs`).href);
else {
  // The options every side shares (JSX above all): tsconfig.json lists only the build side's
  // folders, and tsx applies a tsconfig to the files it includes.
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.base.json', import.meta.url)) });
  cli = await import('../cli/index.ts');
}
process.exitCode = await cli.run(process.argv);
