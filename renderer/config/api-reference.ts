import fs from 'node:fs';
import path from 'node:path';
import type { ReferenceSettings } from '../api-reference/types.ts';
import { BuildError } from '../errors.ts';
import type { SiteConfig } from './schema.ts';

/** The configured reference's settings, with the overview template read from content/; undefined when none is configured. */
export function referenceSettings(site: SiteConfig, contentDir: string): ReferenceSettings | undefined {
  if (!site.apiReference) return undefined;
  const { overview, title, ...rest } = site.apiReference;
  const file = path.join(contentDir, overview);
  if (!fs.existsSync(file)) {
    throw new BuildError([{ file: path.join(contentDir, 'site.config.ts'), message: `apiReference.overview: ${overview} is not a file under content/`, hint: 'Write the reference overview there, or point apiReference.overview at it.' }]);
  }
  return { ...rest, title: title ?? rest.package, overview: fs.readFileSync(file, 'utf8') };
}
