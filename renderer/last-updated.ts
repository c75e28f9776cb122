import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 << 20 });
  } catch {
    return undefined;
  }
}

/**
 * When each file under `dir` last changed in git: one `git log --name-only` over the folder, read
 * newest first, so a file's first appearance is its last commit (committer date, ISO 8601). A
 * file git does not know (ignored, not yet committed, or `dir` outside any repository) has no
 * date. A shallow clone knows only the commits it has: CI should fetch the history it publishes.
 */
export function lastUpdatedDates(dir: string): (file: string) => string | undefined {
  const root = git(dir, ['rev-parse', '--show-toplevel'])?.trim();
  if (!root) return () => undefined;
  const log = git(root, ['-c', 'core.quotePath=false', 'log', '--format=%x01%cI', '--name-only', '--no-renames', '--', path.relative(root, real(dir)) || '.']);
  const dates = new Map<string, string>();
  let date: string | undefined;
  for (const line of (log ?? '').split('\n')) {
    if (line.startsWith('\u0001')) date = line.slice(1);
    else if (line && date && !dates.has(line)) dates.set(line, date);
  }
  return (file) => dates.get(path.relative(root, real(file)).split(path.sep).join('/'));
}

/** git prints real paths: resolve symlinks (a temp folder under /tmp on macOS, a linked checkout). */
function real(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
