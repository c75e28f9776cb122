import path from 'node:path';
import { buildSite } from '../renderer/build-site.ts';
import { CompileCache } from '../renderer/compile-cache.ts';
import { restoreInterruptedSwap } from '../renderer/output.ts';
import { formatBytes, green, info } from './log.ts';

/** `docs build`: 1. build into a temp folder, 2. swap it in, 3. print the summary. */
export async function buildCommand(opts: { out: string; root: string; contentDir?: string; cache?: boolean }): Promise<void> {
  info(`building ${path.relative(process.cwd(), opts.root) || '.'} → ${opts.out}`);
  restoreInterruptedSwap(path.resolve(opts.out));
  const cache = opts.cache === false ? undefined : CompileCache.open(opts.contentDir ?? path.join(opts.root, 'content'));
  const summary = await buildSite({ root: opts.root, contentDir: opts.contentDir, outDir: path.resolve(opts.out), log: info, cache });
  info(`${green('✔')} ${summary.pages} pages in ${(summary.ms / 1000).toFixed(2)} s, ${formatBytes(summary.bytes)} → ${opts.out}`);
}
