import fs from 'node:fs';
import path from 'node:path';
import { contentHtml } from '../../renderer/compile-doc.ts';
import { describe, expect, it } from 'vitest';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { pageContext, pageSource } from '../helpers/page-context.ts';

async function render(body: string, extraDocs: { relPath: string; source: string }[] = []) {
  const { doc, context, problems } = pageContext(
    { relPath: 'guide/page.md', source: pageSource(body) },
    { baseUrl: '/docs/', others: extraDocs },
  );
  const toHast = await createPipeline({});
  // Serialised the way the build does it (compile-doc.ts).
  const html = contentHtml(await toHast(doc.body, context));
  return { html, problems: problems.items, context };
}

describe('renderer/markdown/pipeline', () => {
  it('renders GFM: tables, task lists, strikethrough, autolinks', async () => {
    const { html } = await render('| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ https://dagger.io\n');
    expect(html).toContain('<table tabindex="0">'); // focusable: a wide one scrolls from the keyboard
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<a href="https://dagger.io">');
  });

  it('renders admonitions with default and custom titles', async () => {
    const { html } = await render(':::warning\nCareful.\n:::\n\n:::tip[Pro tip]\nUse cache.\n:::\n');
    expect(html).toContain(
      '<div class="admonition admonition-warning" role="note" aria-label="Warning"><p class="admonition-title">Warning</p><p>Careful.</p></div>',
    );
    expect(html).toContain('<p class="admonition-title">Pro tip</p>');
  });

  it('renders details and synced tabs with ARIA roles', async () => {
    const { html } = await render(
      ':::details[More]\nHidden.\n:::\n\n::::tabs{group=sdk}\n:::tab[Go]\nGo text\n:::\n:::tab[Python]\nPy text\n:::\n::::\n',
    );
    expect(html).toContain(
      '<details class="details"><summary>More</summary><div class="details-content"><p>Hidden.</p></div></details>',
    );
    expect(html).toContain('<div class="tabs" data-group="sdk"><div role="tablist" class="tabs-list">');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*data-value="Go">Go<\/button>/);
    expect(html).toMatch(/role="tabpanel"[^>]*data-value="Python"[^>]*data-inactive=""/);
  });

  it('highlights code at build time with title and line highlights', async () => {
    const { html } = await render('```go title="main.go" {2}\npackage main\nfunc main() {}\n```\n');
    expect(html).toContain('<div class="code-title">main.go</div>');
    expect(html).toContain('<pre class="shiki" tabindex="0"><code>');
    expect(html).toMatch(/<span class="t\d+">package<\/span>/);
    expect(html).toMatch(/<span class="line highlighted">.*func/);
    expect(html).toContain('class="copy-button"');
  });

  it('colours each token for both modes from one class: github-light and github-dark keyword colours', async () => {
    const { tokenCss } = await import('../../renderer/markdown/highlight.ts');
    const { html } = await render('```go\npackage main\n```\n');
    const cls = /<span class="(t\d+)">package<\/span>/.exec(html)![1];
    const css = tokenCss();
    expect(css).toContain(`.shiki .${cls}{color:#d73a49}`);
    expect(css).toContain(`[data-theme='dark'] .shiki .${cls}{color:#f97583}`);
    expect(html).not.toContain('style=');
  });

  it('every token colour reaches 4.5:1 on the code background of its mode (the backgrounds of tokens.css)', async () => {
    const { CODE_BACKGROUNDS, contrast, tokenColours } = await import('../../renderer/markdown/highlight.ts');
    const fs = await import('node:fs');
    const css = fs.readFileSync(new URL('../../theme/styles/tokens.css', import.meta.url), 'utf8');
    expect([...css.matchAll(/--code-bg:\s*(#[0-9a-f]{6})/gi)].map((m) => m[1].toLowerCase())).toEqual([
      CODE_BACKGROUNDS.light,
      CODE_BACKGROUNDS.dark,
    ]);
    for (const pair of tokenColours()) {
      expect(contrast(pair.light, CODE_BACKGROUNDS.light), pair.light).toBeGreaterThanOrEqual(4.5);
      expect(contrast(pair.dark, CODE_BACKGROUNDS.dark), pair.dark).toBeGreaterThanOrEqual(4.5);
    }
    expect(tokenColours().map((p) => p.light)).toContain('#d73a49'); // colours that pass are kept as they are
  });

  it.each(['bash', 'elixir', 'java', 'php', 'powershell', 'rust', 'toml'])('highlights %s', async (lang) => {
    const { html, problems } = await render(`\`\`\`${lang}\nx = 1\n\`\`\`\n`);
    expect(problems).toEqual([]);
    expect(html).toContain(`data-lang="${lang}"`);
  });

  it('fails an unknown language with file:line:col', async () => {
    const { problems } = await render('Text\n\n```klingon\nx\n```\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: 'content/docs/guide/page.md',
      line: 6,
      column: 1,
      message: 'unknown code language "klingon"',
    });
  });

  it('fails unknown block directives and misplaced tabs; keeps "a:b" text as text', async () => {
    const { html, problems } = await render('Ratio 16:9 and key:value.\n\n:::bogus\nx\n:::\n\n:::tab[Go]\nx\n:::\n');
    expect(html).toContain('Ratio 16:9 and key:value.');
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [6, 'unknown directive ":::bogus"'],
      [10, ':::tab outside a ::::tabs container'],
    ]);
  });

  it('rewrites .md links to routes with the base URL and records them', async () => {
    const { html, context } = await render(
      '[sib](./other.md#part) and [abs](/guide/other) and [ext](https://x.dev)\n',
      [{ relPath: 'guide/other.md', source: '---\ntitle: O\n---\n## Part\n' }],
    );
    expect(html).toContain('<a href="/docs/guide/other#part">sib</a>');
    expect(html).toContain('<a href="/docs/guide/other">abs</a>');
    expect(context.links.map((l) => [l.route, l.anchor, l.line])).toEqual([
      ['/guide/other', 'part', 4],
      ['/guide/other', undefined, 4],
    ]);
  });

  it('builds heading ids, a depth 2–3 TOC and unique slugs', async () => {
    const { context, html } = await render('## Set up\n### Step one\n#### Deep\n## Set up\n');
    expect(context.toc).toEqual([
      { depth: 2, id: 'set-up', text: 'Set up' },
      { depth: 3, id: 'step-one', text: 'Step one' },
      { depth: 2, id: 'set-up-1', text: 'Set up' },
    ]);
    expect(html).toContain('<a class="hash-link" href="#set-up"');
  });

  it('drops raw HTML from Markdown', async () => {
    const { html } = await render('<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)>\n');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
  });
});

describe('one list of code languages', () => {
  it('the README names every language the engine accepts, and no other', async () => {
    const { knownLanguageNames } = await import('../../renderer/markdown/shiki.ts');
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');
    const line = readme.slice(
      readme.indexOf('Known languages'),
      readme.indexOf('An unknown language fails the build.'),
    );
    expect([...line.matchAll(/`([a-z0-9]+)`/g)].map((m) => m[1]).sort()).toEqual(knownLanguageNames());
  });
});
