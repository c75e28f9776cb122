import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHoverTable } from '../../renderer/code-hover-table.ts';
import { setUpPlugins } from '../../renderer/plugins/load.ts';
import { definePlugin } from '../../renderer/plugins/types.ts';
import { contentHtml } from '../../renderer/compile-doc.ts';
import { ProblemList } from '../../renderer/errors.ts';
import {
  hoverBlockKey,
  type CodeHover,
  type CodeHoversModule,
  type HoverTable,
} from '../../renderer/markdown/code-hovers.ts';
import type { CodeLinker } from '../../renderer/markdown/code-links.ts';
import type { DocContext } from '../../renderer/markdown/context.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { resolveRoutes } from '../../renderer/routes.ts';

// The engine's seam for code hovers (site.config.ts codeHovers): a site's module says what names
// in code blocks are; the engine asks it once per build for the blocks its cache lacks and writes
// each answer as a popup in HTML and CSS only.

/** Hovers every occurrence of each word of `texts`. */
const wordHovers = (code: string, texts: Record<string, string>): CodeHover[] =>
  Object.entries(texts).flatMap(([word, text]) =>
    [...code.matchAll(new RegExp(`\\b${word}\\b`, 'g'))].map((m) => ({
      start: m.index!,
      end: m.index! + word.length,
      text,
    })),
  );

async function render(body: string, hovers: HoverTable, linker?: CodeLinker) {
  const problems = new ProblemList();
  const table = resolveRoutes(
    [{ file: 'content/docs/page.md', relPath: 'page.md', source: `---\ntitle: Page\n---\n${body}` }],
    [],
    problems,
  );
  const doc = table.byId.get('page')!;
  const context: DocContext = {
    doc,
    table,
    problems,
    baseUrl: '/',
    staticDir: '/nonexistent',
    docsDir: '/nonexistent',
    files: new Set(),
    links: [],
    ids: new Set(),
    toc: [],
  };
  return contentHtml(await (await createPipeline({ hovers, linker }))(doc.body, context));
}

const block = (code: string, lang = 'ts', meta = '') => ({ lang, meta, code });

describe('code hovers (renderer/markdown/code-hovers.ts, code-hover-table.ts, highlight.ts)', () => {
  it('wraps a hovered name in a focusable span described by its popup, first inside it, with ids unique in the page', async () => {
    const code = 'const ctr = dag.container()';
    const hovers: HoverTable = new Map([
      [
        hoverBlockKey(block(code)),
        wordHovers(code, { ctr: 'const ctr: Container', container: '(method) Client.container(): Container' }),
      ],
    ]);
    const html = await render(`\`\`\`ts\n${code}\n\`\`\`\n\nText.\n\n\`\`\`ts\n${code}\n\`\`\`\n`, hovers);
    expect(html).toMatch(
      /<span class="ty" tabindex="0" aria-describedby="ty1-1"><span class="tip" role="tooltip" id="ty1-1">const ctr: Container<\/span><span class="t\d+">ctr<\/span><\/span>/,
    );
    expect(html).toContain('<span class="tip" role="tooltip" id="ty1-2">(method) Client.container(): Container</span>');
    // The second, identical block gets ids of its own.
    expect(html).toContain('aria-describedby="ty2-1"');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    // Without the popups the code reads as it was written.
    expect(html.replace(/<span class="tip"[^>]*>[^<]*<\/span>/g, '').replace(/<[^>]+>/g, '')).toContain(code);
  });

  it('puts a hover on exactly a linked name on the link, and leaves out one that would cut through a link', async () => {
    const code = 'dag.container()';
    const hovers: HoverTable = new Map([
      [
        hoverBlockKey(block(code)),
        [
          { start: 4, end: 13, text: 'Container' },
          { start: 0, end: 6, text: 'cuts' },
        ],
      ],
    ]);
    const linker: CodeLinker = { links: () => [{ start: 4, end: 13, route: '/page' }] };
    const html = await render(`\`\`\`ts\n${code}\n\`\`\`\n`, hovers, linker);
    expect(html).toMatch(
      /<a class="code-link" href="\/page" aria-describedby="ty1-2"><span class="tip" role="tooltip" id="ty1-2">Container<\/span><span class="t\d+">container<\/span><\/a>/,
    );
    expect(html).not.toContain('cuts');
  });

  it('escapes the popup text', async () => {
    const code = 'let x = 1';
    const html = await render(
      `\`\`\`ts\n${code}\n\`\`\`\n`,
      new Map([[hoverBlockKey(block(code)), [{ start: 4, end: 5, text: 'let x: Array<"<b>">' }]]]),
    );
    expect(html).toContain('let x: Array&lt;"&lt;b&gt;"&gt;</span>');
  });

  it("asks the site's module once for all the blocks its cache lacks, then answers a second build from the cache", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-hovers-'));
    const asked: string[][] = [];
    const mod: CodeHoversModule = {
      key: () => 'v1',
      grammars: ['typescript'],
      async hovers(blocks) {
        asked.push(blocks.map((b) => b.code));
        return {
          hovers: blocks.map((b) =>
            b.code.includes('broken') ? [] : [{ start: 0, end: 1, text: 'first of ' + b.code }],
          ),
          warnings: blocks.flatMap((b, i) =>
            b.code.includes('broken') ? [{ block: i, message: 'does not compile' }] : [],
          ),
        };
      },
    };
    const docs = [
      {
        file: 'content/docs/a.md',
        bodyLine: 3,
        body: '```ts\nalpha\n```\n\n```go\nskipped\n```\n\n- item\n\n  ```typescript\n  beta\n  ```\n',
      },
      { file: 'content/docs/b.md', bodyLine: 4, body: 'Text.\n\n```ts\nalpha\n```\n\n```ts\nbroken\n```\n' },
    ];
    const cacheDir = path.join(dir, 'cache');
    const first = await buildHoverTable(mod, dir, docs, cacheDir);
    expect(asked).toEqual([['alpha', 'beta', 'broken']]);
    expect(first.computed).toBe(3);
    expect(first.table.get(hoverBlockKey(block('beta', 'typescript')))).toEqual([
      { start: 0, end: 1, text: 'first of beta' },
    ]);
    expect(first.warnings).toEqual([{ file: 'content/docs/b.md', line: 10, message: 'does not compile' }]);

    const second = await buildHoverTable(
      mod,
      dir,
      [...docs, { file: 'content/docs/c.md', bodyLine: 1, body: '```ts\ngamma\n```\n' }],
      cacheDir,
    );
    expect(asked).toEqual([['alpha', 'beta', 'broken'], ['gamma']]);
    expect([second.computed, second.fromCache]).toEqual([1, 3]);
    const third = await buildHoverTable(mod, dir, docs, cacheDir);
    expect([third.computed, third.fromCache, asked.length]).toEqual([0, 3, 2]);
    // docs dev after its start: blocks the cache lacks get no hovers rather than a compiler run.
    const dev = await buildHoverTable(
      mod,
      dir,
      [{ file: 'content/docs/d.md', bodyLine: 1, body: '```ts\ndelta\n```\n' }],
      cacheDir,
      false,
    );
    expect([dev.computed, dev.table.size, asked.length]).toEqual([0, 0, 2]);
  });

  it('takes one plugin with a codeHovers hook, and names both when two have one', async () => {
    const hook: CodeHoversModule = {
      key: () => 'k',
      grammars: ['typescript'],
      hovers: async (blocks) => ({ hovers: blocks.map(() => []) }),
    };
    const plugin = (name: string) => definePlugin({ name, setup: () => ({ codeHovers: hook }) })();
    const site = { contentDir: os.tmpdir(), docsVersion: '1.0.0' };
    expect((await setUpPlugins([plugin('one')], site, 'content/site.config.ts')).codeHovers).toBe(hook);
    await expect(setUpPlugins([plugin('one'), plugin('two')], site, 'content/site.config.ts')).rejects.toThrow(
      /more than one explains names in code samples \(one, two\)/,
    );
  });
});
