import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { CompileCache } from '../../renderer/compile-cache.ts';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';

/** Every file of a built folder → its bytes. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      out.set(path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name)));
  }
  return out;
}

function expectSameFiles(actual: string, expected: string): void {
  const a = files(actual);
  const b = files(expected);
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  const differ = [...b].filter(([name, bytes]) => !a.get(name)!.equals(bytes)).map(([name]) => name);
  expect(differ).toEqual([]);
}

/**
 * A rebuild that takes unchanged files from the last build (renderer/output-memo.ts) must write
 * exactly what a build from nothing writes, whatever changed in between.
 */
describe('a rebuild taking files from the last build', () => {
  it('writes what a build from nothing writes, after each kind of change', async () => {
    const site = fixtureCopy({ 'redirects.txt': '/old-install  /guide/install  301\n/old/usage  /guide/usage  301\n' });
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-memo-'));
    const out = tempOut();
    const logs: string[] = [];
    const incremental = async () => {
      logs.length = 0;
      await buildSite({
        root: ROOT,
        contentDir: site,
        outDir: out,
        cache: CompileCache.open(site, path.join(cacheDir, 'compiled')),
        memoDir: cacheDir,
        parallel: false,
        log: (l) => logs.push(l),
      });
      const taken = /\((\d+) files taken from the last build, (\d+) folders of them moved whole\)/.exec(
        logs.join('\n'),
      );
      moved = Number(taken?.[2]);
      return Number(taken?.[1]);
    };
    let moved = 0;
    const fromNothing = async () => {
      const fresh = tempOut();
      await buildSite({ root: ROOT, contentDir: site, outDir: fresh, parallel: false });
      return fresh;
    };
    const edit = (file: string, change: (text: string) => string) =>
      fs.writeFileSync(path.join(site, file), change(fs.readFileSync(path.join(site, file), 'utf8')));

    expect(await incremental()).toBe(0); // nothing recorded yet
    const all = await incremental(); // nothing changed
    expect(all).toBeGreaterThan(10);
    // Folders holding only taken files move from the last output whole (no new folder made).
    expect(moved).toBeGreaterThan(0);
    expectSameFiles(out, await fromNothing());

    // A page added, then deleted: its folder in the last output holds a file no longer made, so
    // the folder around it is made afresh, and it is in neither output.
    fs.mkdirSync(path.join(site, 'docs/guide/deep'));
    fs.writeFileSync(path.join(site, 'docs/guide/deep/extra.md'), '---\ntitle: Extra\n---\n\nAn extra page.\n');
    await incremental();
    expect(fs.existsSync(path.join(out, 'guide/deep/extra/index.html'))).toBe(true);
    expectSameFiles(out, await fromNothing());
    fs.rmSync(path.join(site, 'docs/guide/deep'), { recursive: true });
    await incremental();
    expect(fs.existsSync(path.join(out, 'guide/deep'))).toBe(false);
    expectSameFiles(out, await fromNothing());
    // A file put into the last output by hand is not carried into the next one with its folder.
    fs.writeFileSync(path.join(out, 'guide/install/stray.txt'), 'not made by the build');
    expect(await incremental()).toBe(all);
    expect(fs.existsSync(path.join(out, 'guide/install/stray.txt'))).toBe(false);
    expectSameFiles(out, await fromNothing());

    // One page's text: that page (HTML, data, Markdown copy) and the search index are made again.
    edit('docs/guide/usage.md', (t) => `${t}\nA sentence added to the usage page.\n`);
    const afterBody = await incremental();
    expect(afterBody).toBeLessThan(all);
    expect(fs.readFileSync(path.join(out, 'guide/usage/index.html'), 'utf8')).toContain(
      'A sentence added to the usage page.',
    );
    expectSameFiles(out, await fromNothing());

    // A title every page's sidebar shows: every page is made again.
    edit('docs/guide/install.md', (t) => t.replace('sidebar_label: Install', 'sidebar_label: Installing'));
    await incremental();
    expect(fs.readFileSync(path.join(out, 'guide/usage/index.html'), 'utf8')).toContain('Installing');
    expectSameFiles(out, await fromNothing());

    // The site's configuration.
    edit('site.config.ts', (t) => t.replace("copyright: '© Fixture'", "copyright: '© Fixture and friends'"));
    await incremental();
    expectSameFiles(out, await fromNothing());

    // A redirect's target: its forwarding page is made again, the other one taken.
    // Files the rebuild takes keep their inode (linked or moved); made again, they get a new one.
    const inodes = (dir: string) =>
      fs
        .readdirSync(path.join(out, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => `${e.name} ${fs.statSync(path.join(e.parentPath, e.name)).ino}`)
        .sort();
    const bundled = inodes('assets');
    const cards = inodes('og');
    const forwarding = inodes('old-install');
    edit('redirects.txt', (t) => t.replace('/old/usage  /guide/usage', '/old/usage  /other'));
    await incremental();
    expect(fs.readFileSync(path.join(out, 'old/usage/index.html'), 'utf8')).toContain('/other');
    expectSameFiles(out, await fromNothing());
    expect(inodes('old-install')).toEqual(forwarding);
    expect(inodes('assets')).toEqual(bundled); // the theme and the options did not change
    expect(inodes('og')).toEqual(cards);

    // The base URL, which the client bundle's files name: bundled again.
    edit('site.config.ts', (t) => t.replace("baseUrl: '/'", "baseUrl: '/docs/'"));
    await incremental();
    expect(fs.readFileSync(path.join(out, 'old-install/index.html'), 'utf8')).toContain('/docs/guide/install');
    expect(inodes('assets')).not.toEqual(bundled);
    expectSameFiles(out, await fromNothing());
    edit('site.config.ts', (t) => t.replace("baseUrl: '/docs/'", "baseUrl: '/'"));
    await incremental();
    expectSameFiles(out, await fromNothing());

    // A file of the output changed by hand since: made again, not taken.
    fs.writeFileSync(path.join(out, 'guide/install/index.html'), 'edited by hand');
    await incremental();
    expectSameFiles(out, await fromNothing());
  }, 240_000);
});
