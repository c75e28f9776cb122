import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeKind, isEditorScratch } from '../../cli/dev/content-changes.ts';
import { LinkIndex } from '../../cli/dev/link-index.ts';
import { oncePerBurst } from '../../cli/dev/rebuild.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('docs dev: what a changed path can affect', () => {
  const content = path.resolve('/site/content');
  const kind = (rel: string) => changeKind(content, path.join(content, rel));
  it('Markdown under docs/ is a doc; other files under docs/ or static/ are files; the rest is the site code', () => {
    expect([kind('docs/a/b.md'), kind('docs/img.png'), kind('docs/new-folder'), kind('static/img/x.svg')]).toEqual([
      'doc',
      'file',
      'file',
      'file',
    ]);
    expect([
      kind('site.config.ts'),
      kind('sidebars.ts'),
      kind('pages/search.tsx'),
      kind('data/cli.yaml'),
      kind('redirects.txt'),
      kind('docs'),
      kind('static'),
    ]).toEqual(['code', 'code', 'code', 'code', 'code', 'code', 'code']);
  });
  it('vim, JetBrains and Emacs scratch files are not content; files that only look alike are', () => {
    for (const f of [
      '4913',
      'page.md~',
      '.page.md.swp',
      '.page.md.swx',
      'page.md___jb_tmp___',
      'page.md___jb_old___',
      '.#page.md',
      '#page.md#',
    ])
      expect(isEditorScratch(`/c/docs/${f}`)).toBe(true);
    for (const f of ['page.md', 'swap.md', 'diagram.svg', '49130.png', 'notes#1.md'])
      expect(isEditorScratch(`/c/docs/${f}`)).toBe(false);
  });
});

describe('docs dev: the index of links into each route', () => {
  it("follows a doc's links as they change and forgets a doc that is gone", () => {
    const index = new LinkIndex();
    index.set('a.md', [{ route: '/b', anchor: 'x' }, { route: '/c.md' }]);
    index.set('d.md', [{ route: '/b' }]);
    expect([...index.linkingTo('/b')].sort()).toEqual(['a.md', 'd.md']);
    expect([...index.linkingTo('/c')]).toEqual(['a.md']);
    index.set('a.md', [{ route: '/c' }]);
    expect([...index.linkingTo('/b')]).toEqual(['d.md']);
    index.delete('d.md');
    expect([...index.linkingTo('/b')]).toEqual([]);
  });
});

describe('docs dev: one look per burst of changes', () => {
  it('a burst is looked at once with its paths; a change during a look gets a look of its own; the quiet look gets the whole burst', async () => {
    const looks: { quiet: boolean; paths: string[] | undefined }[] = [];
    let release!: () => void;
    const burst = oncePerBurst(async (quiet, paths) => {
      looks.push({ quiet, paths: paths && [...paths].sort() });
      if (looks.length === 1) await new Promise<void>((r) => (release = r));
    });
    burst.changed('/c/docs/a.md');
    burst.changed('/c/docs/b.md');
    burst.changed('/c/docs/a.md');
    await sleep(30);
    expect(looks).toEqual([{ quiet: false, paths: ['/c/docs/a.md', '/c/docs/b.md'] }]);
    burst.changed('/c/docs/c.md'); // while the first look runs
    await sleep(30);
    expect(looks).toHaveLength(1);
    release();
    await sleep(30);
    expect(looks[1]).toEqual({ quiet: false, paths: ['/c/docs/c.md'] });
    burst.settle();
    await sleep(30);
    expect(looks[2]).toEqual({ quiet: true, paths: ['/c/docs/a.md', '/c/docs/b.md', '/c/docs/c.md'] });
    // A change the system could not name: everything is looked at.
    burst.changed(undefined);
    await sleep(30);
    expect(looks[3]).toEqual({ quiet: false, paths: undefined });
  });
});
