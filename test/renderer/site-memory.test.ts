import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProblemList } from '../../renderer/errors.ts';
import { FrontmatterMemo } from '../../renderer/frontmatter-memo.ts';
import { readSite } from '../../renderer/load-site.ts';
import { resolveRoutes } from '../../renderer/routes.ts';
import { SiteMemory } from '../../renderer/site-memory.ts';
import { fixtureCopy, ROOT } from '../helpers/site.ts';

const doc = (relPath: string, source: string) => ({ file: `content/docs/${relPath}`, relPath, source });

describe('what a load of the site reuses from the one before', () => {
  it('frontmatter: an unchanged source is parsed once; one the last load did not see is dropped', () => {
    const memo = new FrontmatterMemo();
    const a = doc('a.md', '---\ntitle: A\n---\nbody');
    const b = doc('b.md', '---\ntitle: B\n---\nbody');
    resolveRoutes([a, b], [], new ProblemList(), memo);
    resolveRoutes([a], [], new ProblemList(), memo);
    let parses = 0;
    const parse = () => (parses++, { data: {}, body: '', bodyLine: 1 });
    memo.lookup(a.source, parse);
    expect(parses).toBe(0);
    resolveRoutes([a], [], new ProblemList(), memo); // b not seen for a whole load
    memo.startRun();
    memo.lookup(b.source, parse);
    expect(parses).toBe(1);
  });

  it('a parse that fails is reported again on the next load, not remembered', () => {
    const memo = new FrontmatterMemo();
    const bad = doc('x.md', '---\ntitle: [unclosed\n---\n');
    for (let run = 0; run < 2; run++) {
      const problems = new ProblemList();
      resolveRoutes([bad], [], problems, memo);
      expect(problems.items.map((p) => p.message)).toEqual([expect.stringContaining('invalid frontmatter')]);
    }
  });

  it('content code: kept while its files are unchanged, imported again after an edit, never without a memory', async () => {
    const contentDir = fixtureCopy();
    const memory = new SiteMemory();
    const first = await readSite({ root: ROOT, contentDir, env: {}, memory });
    const same = await readSite({ root: ROOT, contentDir, env: {}, memory });
    expect(same.config).toBe(first.config);
    expect(same.pages[0]).toBe(first.pages[0]);
    const fresh = await readSite({ root: ROOT, contentDir, env: {} });
    expect(fresh.config).not.toBe(first.config);
    const config = path.join(contentDir, 'site.config.ts');
    fs.appendFileSync(config, '\n// edited\n');
    const edited = await readSite({ root: ROOT, contentDir, env: {}, memory });
    expect(edited.config).not.toBe(first.config);
  });

  it("content code: a plugin's declared file re-imports it and changes the compile key; other files outside docs/ do not", async () => {
    // A plugin that reads terms.txt and declares it (`files`): its directive's text is the file's.
    const plugin = `import fs from 'node:fs';
import path from 'node:path';
import { definePlugin } from '${path.join(ROOT, 'renderer/plugins/types.ts')}';
export default definePlugin({
  name: 'terms',
  setup: (_options, site) => ({
    files: ['data/terms.txt'],
    head: [{ tag: 'meta', attributes: { name: 'terms', content: fs.readFileSync(path.join(site.contentDir, 'data/terms.txt'), 'utf8') } }],
  }),
});
`;
    const contentDir = fixtureCopy({ 'plugins/terms.ts': plugin, 'data/terms.txt': 'one', 'data/other.txt': 'x' });
    const config = path.join(contentDir, 'site.config.ts');
    fs.writeFileSync(
      config,
      `import terms from './plugins/terms.ts';\n${fs.readFileSync(config, 'utf8').replace('export default {', 'export default {\n  plugins: [terms()],')}`,
    );
    const memory = new SiteMemory();
    const first = await readSite({ root: ROOT, contentDir, env: {}, memory });
    expect(first.plugins.head[0]!.attributes.content).toBe('one');
    // An undeclared file outside docs/ and static/, and redirects: nothing imported again.
    fs.writeFileSync(path.join(contentDir, 'data/other.txt'), 'y');
    fs.writeFileSync(path.join(contentDir, 'notes.md'), 'notes');
    const same = await readSite({ root: ROOT, contentDir, env: {}, memory });
    expect(same.plugins).toBe(first.plugins);
    // The declared file: set up again with the new text, under a new key (every doc compiled again).
    fs.writeFileSync(path.join(contentDir, 'data/terms.txt'), 'two');
    const edited = await readSite({ root: ROOT, contentDir, env: {}, memory });
    expect(edited.plugins).not.toBe(first.plugins);
    expect(edited.plugins.head[0]!.attributes.content).toBe('two');
    expect(edited.plugins.key).not.toBe(first.plugins.key);
    // A module the config imports is part of its code: editing it imports again.
    fs.appendFileSync(path.join(contentDir, 'plugins/terms.ts'), '\n// edited\n');
    const recoded = await readSite({ root: ROOT, contentDir, env: {}, memory });
    expect(recoded.plugins).not.toBe(edited.plugins);
  });
});
