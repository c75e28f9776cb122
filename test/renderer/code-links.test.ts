import { describe, expect, it } from 'vitest';
import { contentHtml } from '../../renderer/compile-doc.ts';
import { checkLinks } from '../../renderer/links.ts';
import type { CodeBlockInfo, CodeLinker } from '../../renderer/markdown/code-links.ts';
import { usableLinks } from '../../renderer/markdown/code-links.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { pageContext, pageSource } from '../helpers/page-context.ts';

// The engine's seam for linked code (a plugin's codeLinks hook): a site's linker names ranges of a
// block's text, the engine wraps them in links between highlighted tokens and checks them.

/** Links every occurrence of each word of `targets` to its route. */
const wordLinker = (targets: Record<string, string>, seen: CodeBlockInfo[] = []): CodeLinker => ({
  links(block) {
    seen.push(block);
    return Object.entries(targets).flatMap(([word, route]) =>
      [...block.code.matchAll(new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'))].map((m) => ({
        start: m.index!,
        end: m.index! + word.length,
        route: route.split('#')[0],
        anchor: route.split('#')[1],
      })),
    );
  },
});

async function render(body: string, linker: CodeLinker) {
  const { doc, context, table, problems } = pageContext(
    { relPath: 'guide/page.md', source: pageSource(body) },
    {
      baseUrl: '/docs/',
      others: [{ relPath: 'ref/container.md', source: pageSource('## withExec()\n', 'Container') }],
    },
  );
  const html = contentHtml(await (await createPipeline({ linker }))(doc.body, context));
  return { html, context, table, problems };
}

describe('linked code (renderer/markdown/code-links.ts, highlight.ts)', () => {
  it('wraps the ranges a linker names in links with the base URL, keeping the tokens and their colours', async () => {
    const seen: CodeBlockInfo[] = [];
    const { html } = await render(
      '```ts no-check\nctr.withExec(["ls"])\n```\n',
      wordLinker({ withExec: '/ref/container#withexec' }, seen),
    );
    expect(seen).toEqual([{ lang: 'ts', grammar: 'typescript', meta: 'no-check', code: 'ctr.withExec(["ls"])' }]);
    expect(html).toMatch(
      /<a class="code-link" href="\/docs\/ref\/container#withexec"><span class="t\d+">withExec<\/span><\/a>/,
    );
  });

  it('cuts a token where a link starts or ends inside it, and lets a link span several tokens', async () => {
    // `withExec` is one token: link only `Exec`; `ctr.with` spans three tokens (ctr . with…).
    const { html } = await render(
      '```ts\nctr.withExec()\n```\n',
      wordLinker({ Exec: '/ref/container', 'ctr.with': '/ref/container#withexec' }),
    );
    const text = html.replace(/<span class="t\d+">|<\/span>|<span class="line">/g, '');
    expect(text).toContain(
      '<a class="code-link" href="/docs/ref/container#withexec">ctr.with</a><a class="code-link" href="/docs/ref/container">Exec</a>()',
    );
    // Every <a> holds whole spans: the markup stays balanced.
    const pre = /<pre[\s\S]*<\/pre>/.exec(html)![0];
    expect(pre.match(/<a /g)!.length).toBe(pre.match(/<\/a>/g)!.length);
    expect(pre).not.toMatch(/<a [^>]*>[^<]*<\/span>/);
  });

  it('records each link with its line for the link check: a link to a missing anchor fails the build', async () => {
    const { context, table, problems } = await render(
      'Text.\n\n```ts\nconst a = 1;\nctr.withExec()\nctr.withNothing()\n```\n',
      wordLinker({ withExec: '/ref/container#withexec', withNothing: '/ref/container#withnothing' }),
    );
    expect(context.links).toEqual([
      { route: '/ref/container', anchor: 'withexec', line: 8, column: 5 },
      { route: '/ref/container', anchor: 'withnothing', line: 9, column: 5 },
    ]);
    const target = { ...context, doc: table.byId.get('ref/container')!, links: [], ids: new Set(['withexec']) };
    checkLinks([context, target], table, problems);
    expect(problems.items.map((p) => `${p.line}: ${p.message}`)).toEqual([expect.stringMatching(/^9: .*withnothing/)]);
  });

  it('leaves code without links as it was', async () => {
    const plain = await render('```go\npackage main\n```\n', { links: () => [] });
    expect(plain.html).not.toContain('<a ');
    expect(plain.context.links).toEqual([]);
  });

  it('reports a linker that throws at its code block, and leaves the block plain', async () => {
    const { html, problems } = await render('Text.\n\n```go\npackage main\n```\n', {
      links: () => {
        throw new Error('no model');
      },
    });
    expect(problems.items.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      'content/docs/guide/page.md:6: codeLinks failed on this code block: no model',
    ]);
    expect(html).toContain('<pre class="shiki"');
    expect(html).not.toContain('<a ');
  });

  it('drops ranges it cannot wrap: out of the code, across lines, overlapping, empty', () => {
    const code = 'abc\ndef';
    const link = (start: number, end: number) => ({ start, end, route: '/x' });
    expect(
      usableLinks(code, [link(4, 7), link(0, 2), link(1, 3), link(2, 5), link(3, 3), link(5, 9), link(-1, 1)]),
    ).toEqual([link(0, 2), link(4, 7)]);
  });
});
