import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { findHovers } from '../../renderer/code-hover-table.ts';
import { defaultHoverCacheDir, HoverCache } from '../../renderer/code-hover-cache.ts';
import { userCacheDir } from '../../content/plugins/typescript-api/paths.ts';
import { ROOT } from '../helpers/site.ts';
import { setUpPlugins } from '../../renderer/plugins/load.ts';
import { definePlugin } from '../../renderer/plugins/types.ts';
import { contentHtml } from '../../renderer/compile-doc.ts';
import {
  hoverBlockKey,
  type CodeHover,
  type CodeHoversModule,
  type HoverTable,
} from '../../renderer/markdown/code-hovers.ts';
import type { CodeLinker } from '../../renderer/markdown/code-links.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { pageContext, pageSource } from '../helpers/page-context.ts';

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
  const { doc, context } = pageContext({ relPath: 'page.md', source: pageSource(body) });
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
        relPath: 'a.md',
        file: 'content/docs/a.md',
        bodyLine: 3,
        body: '```ts\nalpha\n```\n\n```go\nskipped\n```\n\n- item\n\n  ```typescript\n  beta\n  ```\n',
      },
      {
        relPath: 'b.md',
        file: 'content/docs/b.md',
        bodyLine: 4,
        body: 'Text.\n\n```ts\nalpha\n```\n\n```ts\nbroken\n```\n',
      },
      { relPath: 'plain.md', file: 'content/docs/plain.md', bodyLine: 1, body: '```go\nfunc\n```\n' },
    ];
    const cache = () => new HoverCache(path.join(dir, 'cache'), mod.key());
    const first = findHovers(mod, docs, cache());
    // Nothing asked until a doc needs it; then once, however many docs wait.
    expect([asked.length, first.computed, first.table.size]).toEqual([0, 3, 0]);
    expect([...first.waiting]).toEqual(['a.md', 'b.md']);
    const [warnings] = await Promise.all([first.compute(), first.compute()]);
    expect(asked).toEqual([['alpha', 'beta', 'broken']]);
    expect(first.table.get(hoverBlockKey(block('beta', 'typescript')))).toEqual([
      { start: 0, end: 1, text: 'first of beta' },
    ]);
    expect(warnings).toEqual([{ file: 'content/docs/b.md', line: 10, message: 'does not compile' }]);

    const second = findHovers(
      mod,
      [...docs, { relPath: 'c.md', file: 'content/docs/c.md', bodyLine: 1, body: '```ts\ngamma\n```\n' }],
      cache(),
    );
    expect([...second.waiting]).toEqual(['c.md']);
    await second.compute();
    expect(asked).toEqual([['alpha', 'beta', 'broken'], ['gamma']]);
    expect([second.computed, second.fromCache]).toEqual([1, 3]);
    const third = findHovers(mod, docs, cache());
    await third.compute();
    expect([third.computed, third.fromCache, third.waiting.size, asked.length]).toEqual([0, 3, 0, 2]);
    expect(third.table).toEqual(first.table);
    // docs dev after its start: blocks the cache lacks get no hovers rather than a compiler run.
    const dev = findHovers(
      mod,
      [{ relPath: 'd.md', file: 'content/docs/d.md', bodyLine: 1, body: '```ts\ndelta\n```\n' }],
      cache(),
      false,
    );
    await dev.compute();
    expect([dev.computed, dev.table.size, dev.waiting.size, asked.length]).toEqual([0, 0, 0, 2]);
    // Another module key (a new compiler or library version) shares nothing with the first.
    const upgraded = findHovers(mod, docs, new HoverCache(path.join(dir, 'cache'), 'v2'));
    expect([upgraded.computed, upgraded.fromCache]).toEqual([3, 0]);
  });

  it('keeps one whole file per block; an unreadable one is asked about again and replaced', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'code-hovers-cache-'));
    const hovers = [{ start: 0, end: 5, text: 'const alpha: number' }];
    new HoverCache(root, 'k').set([
      [hoverBlockKey(block('alpha')), hovers],
      [hoverBlockKey(block('beta')), []],
    ]);
    const [folder] = fs.readdirSync(root);
    const files = fs.readdirSync(path.join(root, folder)).sort();
    expect(files).toEqual([`${hoverBlockKey(block('alpha'))}.json`, `${hoverBlockKey(block('beta'))}.json`].sort());
    const cache = new HoverCache(root, 'k');
    expect(cache.get(hoverBlockKey(block('alpha')))).toEqual(hovers);
    fs.writeFileSync(path.join(root, folder, `${hoverBlockKey(block('alpha'))}.json`), '[{"start":0,"en');
    expect(cache.get(hoverBlockKey(block('alpha')))).toBeUndefined();
    const mod: CodeHoversModule = {
      key: () => 'k',
      grammars: ['typescript'],
      hovers: async (blocks) => ({ hovers: blocks.map(() => hovers) }),
    };
    const pending = findHovers(
      mod,
      [{ relPath: 'a.md', file: 'a.md', bodyLine: 1, body: '```ts\nalpha\n```\n' }],
      cache,
    );
    expect(pending.computed).toBe(1);
    await pending.compute();
    expect(new HoverCache(root, 'k').get(hoverBlockKey(block('alpha')))).toEqual(hovers);
  });

  it('is never read torn while two processes write the same blocks', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'code-hovers-race-'));
    // Big entries, written over and over: a file written in place would be seen half-written.
    const writer = `
      import { HoverCache } from ${JSON.stringify(path.join(ROOT, 'renderer/code-hover-cache.ts'))};
      const hovers = Array.from({ length: 4000 }, (_, i) => ({ start: i, end: i + 1, text: 'const n: number' }));
      const cache = new HoverCache(${JSON.stringify(root)}, 'k');
      for (let round = 0; round < 15; round++) cache.set(Array.from({ length: 10 }, (_, i) => ['block' + i, hovers]));
    `;
    const writers = [0, 1].map(
      () =>
        new Promise<number | null>((resolve) =>
          spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer], {
            cwd: ROOT,
            stdio: 'inherit',
          }).on('exit', resolve),
        ),
    );
    let running = true;
    void Promise.all(writers).then(() => (running = false));
    let reads = 0;
    while (running) {
      const folder = fs.existsSync(root) ? fs.readdirSync(root)[0] : undefined;
      for (const name of folder ? fs.readdirSync(path.join(root, folder)) : []) {
        if (!name.endsWith('.json')) continue;
        const text = fs.readFileSync(path.join(root, folder!, name), 'utf8');
        expect(JSON.parse(text)).toHaveLength(4000);
        reads++;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(writers)).toEqual([0, 0]);
    expect(reads).toBeGreaterThan(0);
    const folder = fs.readdirSync(root)[0];
    expect(fs.readdirSync(path.join(root, folder)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('lives in the machine cache shared by every clone; DOCS_CACHE_HOME moves it, off keeps it in the project', () => {
    expect(defaultHoverCacheDir({ DOCS_CACHE_HOME: '/shared/cache' })).toBe(path.join('/shared/cache', 'code-hovers'));
    expect(defaultHoverCacheDir({ DOCS_CACHE_HOME: 'off' })).toBe(
      path.join(ROOT, 'node_modules', '.cache', 'docs-build', 'code-hovers'),
    );
    const home =
      process.platform === 'darwin' ? path.join(os.homedir(), 'Library', 'Caches') : path.join(os.homedir(), '.cache');
    expect(defaultHoverCacheDir({})).toBe(path.join(home, 'docs-engine', 'code-hovers'));
    // The TypeScript reference's shared cache follows the same rule.
    expect(userCacheDir({ DOCS_CACHE_HOME: '/shared/cache' })).toBe(path.join('/shared/cache', 'api-reference'));
    expect(userCacheDir({ DOCS_CACHE_HOME: 'off' })).toBeUndefined();
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
