import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A git command's output, or undefined when git is missing, `cwd` is outside a repository, or the command fails. */
export function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 << 20 });
  } catch {
    return undefined;
  }
}

/** The top folder of the repository holding `dir`, if any. */
export function repositoryRoot(dir: string): string | undefined {
  return git(dir, ['rev-parse', '--show-toplevel'])?.trim() || undefined;
}

/** `file`'s path as git prints it (POSIX, relative to `root`, symlinks resolved: a temp folder under /tmp on macOS, a linked checkout). */
export function pathInRepository(root: string, file: string): string {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    real = path.resolve(file);
  }
  return path.relative(root, real).split(path.sep).join('/');
}
