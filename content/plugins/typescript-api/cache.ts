import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GENERATOR_DIR, PROJECT_ROOT } from './paths.ts';
import type { ApiReference, ReferenceSettings } from './types.ts';
import { writeFileAtomic } from '../../../renderer/write-atomic.ts';

function sourceFiles(dir: string, base = dir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) return sourceFiles(abs, base);
      return /\.[cm]?[jt]s$/.test(e.name) ? [path.relative(base, abs).split(path.sep).join('/')] : [];
    })
    .sort();
}

function toolVersion(pkg: string): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

/**
 * A short hash of everything that shapes the output besides the SDK version: the generator's own
 * source files (so editing a template invalidates the cache) and the TypeDoc and TypeScript
 * versions (which decide what the declarations convert to).
 */
export function generatorHash(dir = GENERATOR_DIR): string {
  const hash = createHash('sha256');
  hash.update(`typedoc ${toolVersion('typedoc')}\ntypescript ${toolVersion('typescript')}\n`);
  for (const rel of sourceFiles(dir)) {
    hash.update(`${rel}\n`);
    hash.update(fs.readFileSync(path.join(dir, rel)));
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A short hash of everything that shapes the output besides the version: the generator, and the
 * site's settings (the package, its title, the overview template it writes in content/, the names
 * it leaves out and the API version it documents).
 */
export function referenceHash(settings: ReferenceSettings, generator = generatorHash()): string {
  const parts = [
    generator,
    settings.package,
    settings.title,
    settings.overview,
    settings.graphqlRoute ?? null,
    settings.exclude ?? null,
    settings.documents ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

/**
 * A short hash of the files of the package the reference is made from (its declarations and
 * docstrings): what a cache shared between clones must be keyed by, since a version number alone
 * does not tell a patched or differently built copy. About 10 ms for the Dagger SDK.
 */
export function packageHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const e of fs
      .readdirSync(d, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (e.name === 'node_modules') continue;
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile())
        hash
          .update(`${path.relative(dir, abs)}\n`)
          .update(fs.readFileSync(abs))
          .update('\n');
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}

/** `<cacheDir>/<version>-<reference hash>.json`. */
export function cacheFile(settings: ReferenceSettings, cacheDir: string, hash = referenceHash(settings)): string {
  return path.join(cacheDir, `${settings.version}-${hash}.json`);
}

/** The cached reference, or undefined when the file is missing, unreadable or not for `version`. */
export function readCache(file: string, version: string): ApiReference | undefined {
  let data: ApiReference;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const valid =
    data && data.version === version && Array.isArray(data.docs) && data.docs.length > 0 && Array.isArray(data.sidebar);
  return valid ? data : undefined;
}

/**
 * Writes the cache atomically (temp file + rename), so a build running in parallel never reads
 * half a file, then removes older entries for the same version left by previous generators.
 */
export function writeCache(file: string, ref: ApiReference): void {
  const dir = path.dirname(file);
  writeFileAtomic(file, JSON.stringify(ref));
  const prefix = `${ref.version}-`;
  for (const name of fs.readdirSync(dir)) {
    const stale =
      name.startsWith(prefix) &&
      name.endsWith('.json') &&
      /^[0-9a-f]+\.json$/.test(name.slice(prefix.length)) &&
      name !== path.basename(file);
    if (stale) fs.rmSync(path.join(dir, name), { force: true });
  }
}
