import { gitAsync, pathInRepository, repositoryRoot } from './git.ts';

export interface Repository {
  /** Web address of the repository, e.g. https://github.com/owner/name. */
  url: string;
  branch: string;
}

/** `git@github.com:o/r.git`, `ssh://git@host/o/r`, `https://host/o/r.git` → `https://host/o/r`; anything else (a local path) → undefined. */
export function webUrlOfRemote(remote: string): string | undefined {
  const trimmed = remote
    .trim()
    .replace(/\.git$/, '')
    .replace(/\/$/, '');
  const scp = /^[\w.-]+@([\w.-]+):(.+)$/.exec(trimmed);
  if (scp) return `https://${scp[1]}/${scp[2]}`;
  const url = /^(?:https?|ssh|git):\/\/(?:[^@/]+@)?([\w.-]+)(?::\d+)?\/(.+)$/.exec(trimmed);
  return url ? `https://${url[1]}/${url[2]}` : undefined;
}

/** Trimmed output of a git command; empty output counts as none. */
const git = async (cwd: string, ...args: string[]) => (await gitAsync(cwd, args))?.trim() || undefined;

/**
 * The function giving each hand-written doc its "Edit this page" URL: the repository the site
 * lives in (the `repository` setting, else the git remote `origin` on its default branch) and
 * the source file's real path in it. No repository, or a source git does not track: no edit
 * link, rather than one that 404s.
 */
export async function editLinks(
  contentDir: string,
  configured: Repository | undefined,
): Promise<(file: string) => string | undefined> {
  const root = await repositoryRoot(contentDir);
  if (!root) return () => undefined;
  const remote = configured ?? (await remoteRepository(root));
  if (!remote) return () => undefined;
  const edit = new URL(remote.url).hostname.includes('gitlab') ? '-/edit' : 'edit';
  const base = `${remote.url.replace(/\/$/, '')}/${edit}/${remote.branch}`;
  // Only files git tracks: an ignored or not yet added file has no page to edit on the host.
  const tracked = new Set(((await git(root, 'ls-files', '-z', '--full-name')) ?? '').split('\0'));
  return (file) => {
    const inRepo = pathInRepository(root, file);
    return tracked.has(inRepo) ? `${base}/${inRepo.split('/').map(encodeURIComponent).join('/')}` : undefined;
  };
}

async function remoteRepository(root: string): Promise<Repository | undefined> {
  const url = webUrlOfRemote((await git(root, 'remote', 'get-url', 'origin')) ?? '');
  if (!url) return undefined;
  // The remote's default branch (refs/remotes/origin/HEAD), else main.
  const head = await git(root, 'symbolic-ref', '--short', 'refs/remotes/origin/HEAD');
  return { url, branch: head?.replace(/^origin\//, '') ?? 'main' };
}
