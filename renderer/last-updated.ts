import { gitAsync, pathInRepository, repositoryRoot } from './git.ts';

/**
 * When each file under `dir` last changed in git: one `git log --name-only` over the folder, read
 * newest first, so a file's first appearance is its last commit (committer date, ISO 8601). A
 * file git does not know (ignored, not yet committed, or `dir` outside any repository) has no
 * date. A shallow clone knows only the commits it has: CI should fetch the history it publishes.
 */
export async function lastUpdatedDates(dir: string): Promise<(file: string) => string | undefined> {
  const root = await repositoryRoot(dir);
  if (!root) return () => undefined;
  const log = await gitAsync(root, [
    '-c',
    'core.quotePath=false',
    'log',
    '--format=%x01%cI',
    '--name-only',
    '--no-renames',
    '--',
    pathInRepository(root, dir) || '.',
  ]);
  const dates = new Map<string, string>();
  let date: string | undefined;
  for (const line of (log ?? '').split('\n')) {
    if (line.startsWith('\u0001')) date = line.slice(1);
    else if (line && date && !dates.has(line)) dates.set(line, date);
  }
  return (file) => dates.get(pathInRepository(root, file));
}
