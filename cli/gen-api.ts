import path from 'node:path';
import { referenceSettings } from '../renderer/config/api-reference.ts';
import { loadConfig } from '../renderer/config/load.ts';
import { green, info } from './log.ts';

/** `docs gen-api`: regenerate the SDK reference for the configured version, ignoring the cache. */
export async function genApiCommand(opts: { root: string }): Promise<void> {
  const contentDir = path.join(opts.root, 'content');
  const settings = referenceSettings((await loadConfig(contentDir)).site, contentDir);
  if (!settings) throw new Error('apiReference is not set in content/site.config.ts');
  const started = performance.now();
  const { loadApiReference } = await import('../renderer/api-reference/index.ts' as string);
  const ref = await loadApiReference({ ...settings, force: true });
  info(`${green('✔')} ${ref.docs.length} reference pages for ${settings.package}@${settings.version} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
