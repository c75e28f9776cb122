import fs from 'node:fs';
import path from 'node:path';
import type { ReferenceSettings } from '../api-reference/types.ts';
import { BuildError } from '../errors.ts';
import type { SiteConfig } from './schema.ts';

/** What an apiReference.exclude file holds (scripts/sdk-surface-diff.mjs writes it). */
export interface ExclusionFile {
  /** The API version the site documents, which lacks the names below (`v0.18.16`). */
  documented: string;
  /** The version of the installed package that has them (`v0.18.19`). */
  installed: string;
  /** TypeScript names: `Name` for a whole declaration, `Owner.member` for a member. */
  exclude: string[];
}

const bare = (v: string) => v.replace(/^v/, '');

/**
 * Reads and checks an exclusion file: it must be JSON with `documented`, `installed` and an
 * `exclude` list, made for the versions the site configures (so a bumped SDK or docs version
 * cannot silently keep a stale list).
 */
export function readExclusions(file: string, expect: { documented: string; installed: string }): ExclusionFile {
  const fail = (message: string, hint: string): never => {
    throw new BuildError([{ file, message: `apiReference.exclude: ${message}`, hint }]);
  };
  if (!fs.existsSync(file)) fail(`${file} does not exist`, 'Generate it with scripts/sdk-surface-diff.mjs, or point apiReference.exclude at it (relative to content/).');
  let data: Partial<ExclusionFile>;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return fail(`not JSON (${(err as Error).message})`, 'Regenerate it with scripts/sdk-surface-diff.mjs.');
  }
  const names = data.exclude;
  if (typeof data.documented !== 'string' || typeof data.installed !== 'string' || !Array.isArray(names) || !names.every((n) => typeof n === 'string' && /^[\w$]+(\.[\w$]+)?$/.test(n))) {
    fail('expected "documented" and "installed" versions and an "exclude" list of names such as "Changeset" or "Container.withExec"', 'Regenerate it with scripts/sdk-surface-diff.mjs.');
  }
  const file_ = data as ExclusionFile;
  if (bare(file_.documented) !== bare(expect.documented) || bare(file_.installed) !== bare(expect.installed)) {
    fail(
      `lists what ${file_.installed} has and ${file_.documented} lacks, but the site installs ${expect.installed} (apiReference.version) and documents ${expect.documented} (docsVersion.shows)`,
      'Regenerate it for these versions with scripts/sdk-surface-diff.mjs.',
    );
  }
  return file_;
}

/** The configured reference's settings, with the overview template read from content/; undefined when none is configured. */
export function referenceSettings(site: SiteConfig, contentDir: string): ReferenceSettings | undefined {
  if (!site.apiReference) return undefined;
  const { overview, title, exclude, ...rest } = site.apiReference;
  const file = path.join(contentDir, overview);
  if (!fs.existsSync(file)) {
    throw new BuildError([{ file: path.join(contentDir, 'site.config.ts'), message: `apiReference.overview: ${overview} is not a file under content/`, hint: 'Write the reference overview there, or point apiReference.overview at it.' }]);
  }
  const settings: ReferenceSettings = { ...rest, title: title ?? rest.package, overview: fs.readFileSync(file, 'utf8') };
  if (exclude) {
    const data = readExclusions(path.join(contentDir, exclude), { documented: site.docsVersion.shows, installed: rest.version });
    settings.exclude = data.exclude;
    settings.documents = bare(data.documented);
  }
  return settings;
}
