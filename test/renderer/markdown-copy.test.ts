import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompileCache } from '../../renderer/compile-cache.ts';
import { createCompiler } from '../../renderer/compile-doc.ts';
import { ProblemList } from '../../renderer/errors.ts';
import { docToMarkdown } from '../../renderer/markdown-copy.ts';
import { resolveRoutes } from '../../renderer/routes.ts';
import { markdownCopyOf } from '../helpers/markdown-copy.ts';

const PAGE = [
  'Intro with *emphasis*, __strong__ and a [link](./other.md#setup).',
  '',
  '## Set up {#setup #old-setup}',
  '',
  '* one',
  '* two',
  '',
  '```go title="main.go" {2}',
  'func main() {',
  '',
  '',
  '',
  '\tprintln("hi")',
  '}',
  '```',
  '| Need | API |',
  '|:---|---:|',
  '| a `x \\| y` | b |',
  '',
  '::::tabs{group=sdk}',
  ':::tab[Go]',
  'Go text.',
  ':::',
  ':::tab[Python]',
  'Python text.',
  ':::',
  '::::',
  '',
  ':::warning[Read *this*]',
  'Careful.',
  ':::',
  '',
  '1. Install:',
  '',
  '   :::tip',
  '   Use *brew*.',
  '   :::',
  '2. Run.',
  '',
  '> [!NOTE]',
  '> Noted, with a [link](https://example.com).',
  '',
].join('\n');

describe('the Markdown copy: written from the one parse of each page', () => {
  it('keeps what needs no rewriting as written; directives, alerts and heading ids become plain Markdown', async () => {
    expect((await markdownCopyOf(PAGE)).split('\n')).toEqual([
      ...PAGE.split('\n').slice(0, 2),
      '## Set up',
      // Lists, code (its blank lines too), the table: the author's text.
      ...PAGE.split('\n').slice(3, 18),
      '',
      '**Go**',
      '',
      'Go text.',
      '',
      '**Python**',
      '',
      'Python text.',
      '',
      '> **Read *this***',
      '>',
      '> Careful.',
      '',
      // A block holding a directive below the top level is serialised (mdast-util-to-markdown).
      '1. Install:',
      '',
      '   > **Tip**',
      '   >',
      '   > Use *brew*.',
      '2. Run.',
      '',
      '> **Note**',
      '>',
      '> Noted, with a [link](https://example.com).',
    ]);
  });

  it('comes with the compiled doc, so the compile cache keeps it and a warm build does not make it again', async () => {
    const problems = new ProblemList();
    const sources = [
      {
        file: 'content/docs/guide.md',
        relPath: 'guide.md',
        source: `---\ntitle: Guide\ndescription: How to.\n---\n${PAGE}`,
      },
      { file: 'content/docs/other.md', relPath: 'other.md', source: '---\ntitle: Other\n---\n## Setup\n' },
    ];
    const table = resolveRoutes(sources, [], problems);
    const doc = table.byRelPath.get('guide.md')!;
    const compiler = await createCompiler(
      {
        table,
        baseUrl: '/',
        staticDir: '/nonexistent',
        docsDir: '/nonexistent',
        recordSite: { url: 'https://example.com', baseUrl: '/', language: 'en', version: 'current' },
      },
      {},
    );
    const compiled = await compiler.compile(doc);
    expect(compiled.problems).toEqual([]);
    expect(compiled.markdown).toBe(await markdownCopyOf(PAGE));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-copy-cache-'));
    try {
      const cache = CompileCache.open('/content', dir);
      cache.set('guide.md', 'k', compiled);
      await cache.save();
      expect(CompileCache.open('/content', dir).get('guide.md', 'k')?.markdown).toBe(compiled.markdown);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const input = {
      title: 'Guide',
      description: 'How to.',
      url: 'https://example.com/guide',
      llmsUrl: 'https://example.com/llms.txt',
    };
    expect(docToMarkdown(input, compiled.markdown)).toBe(
      `# Guide\n\n> How to.\n\nCanonical URL: https://example.com/guide\nIndex of every page, as Markdown (llms.txt): https://example.com/llms.txt\n\n${compiled.markdown}\n`,
    );
  });
});
