import path from 'node:path';
import { loadConfig } from '../renderer/config/load.ts';
import { setUpPlugins } from '../renderer/plugins/load.ts';
import { green, info } from './log.ts';

/** `docs gen-api`: makes every plugin's generated docs again, ignoring their caches. */
export async function genApiCommand(opts: { root: string }): Promise<void> {
  const contentDir = path.join(opts.root, 'content');
  const { site } = await loadConfig(contentDir);
  const plugins = await setUpPlugins(
    site.plugins,
    { contentDir: path.resolve(contentDir), docsVersion: site.docsVersion.shows },
    path.join(contentDir, 'site.config.ts'),
  );
  const started = performance.now();
  const made = await plugins.docs({ fresh: true });
  if (!made.size) throw new Error('no plugin in content/site.config.ts generates docs');
  for (const [name, docs] of made) info(`${green('✔')} ${name}: ${docs.docs.length} pages`);
  info(`in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
