import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** How long a git command may take; the real site's history walk takes about a second. */
export const GIT_TIMEOUT_MS = Number(process.env.DOCS_GIT_TIMEOUT_S) * 1000 || 60_000;

/**
 * A git command's output, or undefined when git is missing, `cwd` is outside a repository, or the
 * command fails. Without blocking this thread: a build reads the site while git walks its history.
 */
export function gitAsync(cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    try {
      // A git that hangs (a lock, a network filesystem) is stopped: the build goes on without its facts.
      execFile(
        'git',
        args,
        { cwd, encoding: 'utf8', maxBuffer: 256 << 20, timeout: GIT_TIMEOUT_MS, killSignal: 'SIGKILL' },
        (error, stdout) => resolve(error ? undefined : stdout),
      );
    } catch {
      resolve(undefined);
    }
  });
}

/** The top folder of the repository holding `dir`, if any. */
export async function repositoryRoot(dir: string): Promise<string | undefined> {
  return (await gitAsync(dir, ['rev-parse', '--show-toplevel']))?.trim() || undefined;
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
