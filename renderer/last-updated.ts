import fs from 'node:fs';
import path from 'node:path';
import { gitAsync } from './git.ts';

/**
 * When each file under `dir` last changed in git: one `git log --name-only` over the folder, read
 * newest first, so a file's first appearance is its last commit (committer date, ISO 8601). A
 * file git does not know (ignored, not yet committed, or `dir` outside any repository) has no
 * date. A shallow clone knows only the commits it has: CI should fetch the history it publishes.
 * Run inside `dir` with `--relative`, git prints paths relative to it, so no second git process
 * has to find the repository's top folder first.
 */
export async function lastUpdatedDates(dir: string): Promise<(file: string) => string | undefined> {
  const log = fs.existsSync(dir)
    ? await gitAsync(dir, [
        '-c',
        'core.quotePath=false',
        'log',
        '--relative',
        '--format=%x01%cI',
        '--name-only',
        '--no-renames',
        '--',
        '.',
      ])
    : undefined;
  if (!log) return () => undefined;
  const dates = new Map<string, string>();
  let date: string | undefined;
  for (const line of log.split('\n')) {
    if (line.startsWith('\u0001')) date = line.slice(1);
    else if (line && date && !dates.has(line)) dates.set(line, date);
  }
  // git prints paths below `dir` as it resolves it: symlinks resolved (a temp folder under /tmp on macOS).
  const base = realPath(dir);
  return (file) => dates.get(path.relative(base, realPath(file)).split(path.sep).join('/'));
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
