import path from 'node:path';
import { ReferenceOptions, referenceSettings } from '../../content/plugins/typescript-api/settings.ts';
import { loadConfig } from '../../renderer/config/load.ts';
import type { SurfaceCheck } from './typescript-check.ts';

/**
 * What the installed SDK has but the documented Dagger version lacks, read the way the reference
 * generator reads it (the typescript-api plugin's exclude in the site config), for the checks of code blocks and
 * command lines.
 */
export async function documentedSurface(contentRoot: string): Promise<SurfaceCheck> {
  const root = path.resolve(contentRoot); // the config is imported by path
  const { site } = await loadConfig(root);
  const plugin = site.plugins.find((p) => p.name === 'typescript-api') as { options?: unknown } | undefined;
  const settings =
    plugin &&
    referenceSettings(ReferenceOptions.parse(plugin.options), {
      contentDir: root,
      docsVersion: site.docsVersion.shows,
    });
  if (!settings?.exclude || !settings.documents)
    throw new Error(`${contentRoot}/site.config.ts: the typescript-api plugin's exclude is not set`);
  return { exclude: settings.exclude, documents: settings.documents };
}
