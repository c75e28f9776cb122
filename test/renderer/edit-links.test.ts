import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editLinks, webUrlOfRemote } from '../../renderer/edit-links.ts';
import { readSite } from '../../renderer/load-site.ts';
import { docPageData } from '../../renderer/page-data.ts';
import { FIXTURE, ROOT } from '../helpers/site.ts';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

describe('"Edit this page" links', () => {
  it('turns git remotes into web addresses, and local paths into none', () => {
    expect(webUrlOfRemote('git@github.com:acme/docs.git')).toBe('https://github.com/acme/docs');
    expect(webUrlOfRemote('https://github.com/acme/docs.git\n')).toBe('https://github.com/acme/docs');
    expect(webUrlOfRemote('ssh://git@gitlab.example.com:2222/team/docs')).toBe('https://gitlab.example.com/team/docs');
    expect(webUrlOfRemote('/work/main')).toBeUndefined();
    expect(webUrlOfRemote('')).toBeUndefined();
  });

  it("every hand-written page's link names a file git tracks; generated pages have none", async () => {
    const site = await readSite({ root: ROOT, env: {} });
    const tracked = new Set(git(ROOT, 'ls-files', '--full-name', 'content').split('\n'));
    const editUrlOf = await editLinks(site.contentDir, { url: 'https://github.com/acme/docs', branch: 'main' });
    let checked = 0;
    for (const doc of site.table.docs) {
      const url = docPageData(doc, [], site.site, site.sidebars, editUrlOf).editUrl;
      if (doc.doc.generated) {
        expect(url, doc.route).toBeUndefined();
        continue;
      }
      const prefix = 'https://github.com/acme/docs/edit/main/';
      expect(url?.startsWith(prefix), doc.route).toBe(true);
      expect(tracked.has(decodeURIComponent(url!.slice(prefix.length))), url).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(90);
  });

  it("without a setting, the remote 'origin' of the repository the content lives in, on its default branch", async () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-edit-'));
    fs.cpSync(FIXTURE, path.join(repo, 'site'), { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'remote', 'add', 'origin', 'git@github.com:acme/widget-docs.git');
    fs.writeFileSync(path.join(repo, 'site/docs/draft.md'), '# Not added yet\n');
    git(repo, 'add', 'site/docs/guide', 'site/docs/other.md');
    const editUrlOf = await editLinks(path.join(repo, 'site'), undefined);
    expect(editUrlOf(path.join(repo, 'site/docs/guide/install.md'))).toBe(
      'https://github.com/acme/widget-docs/edit/main/site/docs/guide/install.md',
    );
    // A file git does not track yet has no page on the host to edit.
    expect(editUrlOf(path.join(repo, 'site/docs/draft.md'))).toBeUndefined();
    // Outside git: no links at all, rather than links that 404.
    const loose = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-loose-'));
    expect((await editLinks(loose, undefined))(path.join(loose, 'a.md'))).toBeUndefined();
    fs.rmSync(repo, { recursive: true, force: true });
    fs.rmSync(loose, { recursive: true, force: true });
  });
});
