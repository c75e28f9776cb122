import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BuildError } from '../../../renderer/errors.ts';
import type { PluginSite } from '../../../renderer/plugins/types.ts';
import type { ReferenceSettings } from './types.ts';

/** The plugin's options in site.config.ts. */
export const ReferenceOptions = z
  .object({
    /** The npm package documented. */
    package: z.string().min(1),
    /** How generated descriptions name it, as in "Class Foo of the {title} 1.2.3"; the package name when unset. */
    title: z.string().min(1).optional(),
    /** Its exact version; changing it regenerates the reference. */
    version: z.string(),
    /** The landing page's template (frontmatter and Markdown with placeholders), relative to content/. */
    overview: z.string().min(1),
    /** Where the GraphQL reference read from the package's generated client is served (a route such as /api/reference); none when unset. */
    graphqlRoute: z
      .string()
      .regex(/^(\/[\w-]+)+$/, 'a route such as /api/reference')
      .optional(),
    /**
     * A JSON file, relative to content/, listing what the installed package has and the version
     * the site documents (docsVersion.shows) lacks: its `exclude` names are left out of both
     * references and rejected in TypeScript examples. Written by scripts/sdk-surface-diff.mjs.
     */
    exclude: z.string().min(1).optional(),
  })
  .strict();
export type ReferenceOptions = z.output<typeof ReferenceOptions>;

/** What the plugin's `exclude` file holds (scripts/sdk-surface-diff.mjs writes it). */
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
    throw new BuildError([{ file, message: `typescript-api exclude: ${message}`, hint }]);
  };
  if (!fs.existsSync(file))
    fail(
      `${file} does not exist`,
      "Generate it with scripts/sdk-surface-diff.mjs, or point the typescript-api plugin's exclude at it (relative to content/).",
    );
  let data: Partial<ExclusionFile>;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return fail(`not JSON (${(err as Error).message})`, 'Regenerate it with scripts/sdk-surface-diff.mjs.');
  }
  const names = data.exclude;
  if (
    typeof data.documented !== 'string' ||
    typeof data.installed !== 'string' ||
    !Array.isArray(names) ||
    !names.every((n) => typeof n === 'string' && /^[\w$]+(\.[\w$]+)?$/.test(n))
  ) {
    fail(
      'expected "documented" and "installed" versions and an "exclude" list of names such as "Changeset" or "Container.withExec"',
      'Regenerate it with scripts/sdk-surface-diff.mjs.',
    );
  }
  const file_ = data as ExclusionFile;
  if (bare(file_.documented) !== bare(expect.documented) || bare(file_.installed) !== bare(expect.installed)) {
    fail(
      `lists what ${file_.installed} has and ${file_.documented} lacks, but the site installs ${expect.installed} (the typescript-api plugin's version) and documents ${expect.documented} (docsVersion.shows)`,
      'Regenerate it for these versions with scripts/sdk-surface-diff.mjs.',
    );
  }
  return file_;
}

/** The plugin's options as the generator's settings, with the overview template and the exclusion list read from content/. */
export function referenceSettings(options: ReferenceOptions, site: PluginSite): ReferenceSettings {
  const { contentDir } = site;
  const { overview, title, exclude, ...rest } = options;
  const file = path.join(contentDir, overview);
  if (!fs.existsSync(file)) {
    throw new BuildError([
      {
        file: path.join(contentDir, 'site.config.ts'),
        message: `plugin "typescript-api": overview: ${overview} is not a file under content/`,
        hint: 'Write the reference overview there, or point overview at it.',
      },
    ]);
  }
  const settings: ReferenceSettings = {
    ...rest,
    title: title ?? rest.package,
    overview: fs.readFileSync(file, 'utf8'),
  };
  if (exclude) {
    const data = readExclusions(path.join(contentDir, exclude), {
      documented: site.docsVersion,
      installed: rest.version,
    });
    settings.exclude = data.exclude;
    settings.documents = bare(data.documented);
  }
  return settings;
}
