import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from './paths.ts';

const run = promisify(execFile);

/** Exact versions only: the version ends up in a command line and in file names. */
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** npm package names, scoped or not: the name also ends up in a command line and in paths. */
const PACKAGE = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** Throws unless `name` is an npm package name and `version` an exact version such as `0.18.19`. */
export function assertPackage(name: string, version: string): void {
  if (!PACKAGE.test(name)) throw new Error(`invalid package name "${name}"`);
  if (!VERSION.test(version))
    throw new Error(`invalid ${name} version "${version}": use an exact version such as 0.18.19`);
}

function versionOf(dir: string): string | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** The installed copy of `name` when it is at exactly `version`. */
export function installedPackage(name: string, version: string): string | undefined {
  const installed = path.join(PROJECT_ROOT, 'node_modules', name);
  return versionOf(installed) === version ? installed : undefined;
}

/**
 * A directory holding package `name` at exactly `version`: the installed copy when it matches,
 * else the published tarball (`npm pack`) unpacked under `<cacheDir>/packages/`, so changing the
 * version setting regenerates the reference without touching package.json.
 */
export async function loadPackage(name: string, version: string, cacheDir: string): Promise<string> {
  assertPackage(name, version);
  const installed = installedPackage(name, version);
  if (installed) return installed;

  const target = path.join(cacheDir, 'packages', name, version);
  const unpacked = path.join(target, 'package');
  if (versionOf(unpacked) === version) return unpacked;

  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  let stdout: string;
  try {
    ({ stdout } = await run('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', target], {
      cwd: target,
    }));
  } catch (error) {
    fs.rmSync(target, { recursive: true, force: true });
    const detail = String((error as { stderr?: string }).stderr ?? error)
      .split('\n')
      .filter((l) => /npm error (?!A complete log)/.test(l))
      .join('; ');
    throw new Error(`could not download ${name}@${version} with npm pack: ${detail || String(error)}`);
  }
  const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
  // npm names scoped tarballs "dagger.io-dagger-x.y.z.tgz"; the archive's root folder is "package".
  await run('tar', ['-xzf', path.join(target, path.basename(filename)), '-C', target]);
  if (versionOf(unpacked) !== version)
    throw new Error(`npm pack ${name}@${version} did not produce version ${version}`);
  return unpacked;
}
