import path from 'node:path';
import { loadConfig } from '../renderer/config/load.ts';
import { green, info } from './log.ts';

/** `docs gen-api`: regenerate the SDK reference for the configured version, ignoring the cache. */
export async function genApiCommand(opts: { root: string }): Promise<void> {
  const { site } = await loadConfig(path.join(opts.root, 'content'));
  if (!site.apiReference) throw new Error('apiReference is not set in content/site.config.ts');
  const started = performance.now();
  const { loadApiReference } = await import('../renderer/api-reference/index.ts' as string);
  const ref = await loadApiReference({ version: site.apiReference.version, force: true });
  info(`${green('✔')} ${ref.docs.length} reference pages for ${site.apiReference.package}@${site.apiReference.version} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
