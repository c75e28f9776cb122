import path from 'node:path';
import { referenceSettings } from '../../renderer/config/api-reference.ts';
import { loadConfig } from '../../renderer/config/load.ts';
import type { SurfaceCheck } from './typescript-check.ts';

/**
 * What the installed SDK has but the documented Dagger version lacks, read the way the reference
 * generator reads it (apiReference.exclude in the site config), for the checks of code blocks and
 * command lines.
 */
export async function documentedSurface(contentRoot: string): Promise<SurfaceCheck> {
  const root = path.resolve(contentRoot); // the config is imported by path
  const settings = referenceSettings((await loadConfig(root)).site, root);
  if (!settings?.exclude || !settings.documents) throw new Error(`${contentRoot}/site.config.ts: apiReference.exclude is not set`);
  return { exclude: settings.exclude, documents: settings.documents };
}
