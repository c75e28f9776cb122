import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { fillVariables } from '../../renderer/content-variables.ts';
import { ProblemList } from '../../renderer/errors.ts';
import { readSite } from '../../renderer/load-site.ts';
import config from '../../content/site.config.ts';
import { ROOT, fixtureCopy, tempOut } from '../helpers/site.ts';

const fill = (source: string) => {
  const problems = new ProblemList();
  const doc = fillVariables({ file: 'content/docs/x.md', relPath: 'x.md', source }, { version: '1.2.3' }, problems);
  return { source: doc.source, problems: problems.items };
};

describe('{{version}} and other content variables', () => {
  it('fills known names in prose, code and frontmatter; leaves template syntax alone', () => {
    const out = fill(
      '---\ntitle: Dagger {{version}}\n---\nInstall `v{{version}}`.\n```yaml\nversion: "{{version}}"\nrun: ${{ secrets.TOKEN }} ${{version}}\nfmt: {{.Names}} {{ .Values.x }}\n```\n',
    );
    expect(out.problems).toEqual([]);
    expect(out.source).toBe(
      '---\ntitle: Dagger 1.2.3\n---\nInstall `v1.2.3`.\n```yaml\nversion: "1.2.3"\nrun: ${{ secrets.TOKEN }} ${{version}}\nfmt: {{.Names}} {{ .Values.x }}\n```\n',
    );
  });

  it('a backslash keeps a placeholder literal', () => {
    expect(fill('Write \\{{version}} to get {{version}}.').source).toBe('Write {{version}} to get 1.2.3.');
  });

  it('an unknown name is a problem at its line, and the text is left as written', () => {
    const out = fill('one\ntwo {{verison}}\n');
    expect(out.source).toBe('one\ntwo {{verison}}\n');
    expect(out.problems).toMatchObject([
      { file: 'content/docs/x.md', line: 2, message: 'unknown placeholder {{verison}}' },
    ]);
    expect(out.problems[0].hint).toContain('{{version}}');
  });

  it('a build with an unknown placeholder fails naming the file and line', async () => {
    const dir = fixtureCopy({ 'docs/typo.md': '---\ntitle: Typo\n---\n\nInstall {{versoin}}.\n' });
    await expect(buildSite({ root: ROOT, contentDir: dir, outDir: tempOut(), env: {} })).rejects.toThrow(
      /typo\.md:5: unknown placeholder \{\{versoin\}\}/,
    );
  });

  it('the Dagger docs type no release number by hand: each one comes from docsVersion.shows', async () => {
    const shows = config.docsVersion!.shows;
    const files = fg.sync('**/*.md', { cwd: path.join(ROOT, 'content/docs'), absolute: true });
    const typed = files.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ at: `${path.relative(ROOT, file)}:${i + 1}`, line }))
        // Alt text describes a drawing, which shows the release it was drawn for.
        .filter(({ line }) => line.includes(shows) && !line.startsWith('![')),
    );
    expect(typed.map((t) => t.at)).toEqual([]);
    const base = await readSite({ root: ROOT, env: {} });
    const install = base.table.byId.get('getting-started/installation')!;
    expect(install.doc.source).toContain(`DAGGER_VERSION=${shows}`);
    expect(install.doc.source).not.toContain('{{version}}');
  }, 60_000);
});
