import { describe, expect, it } from 'vitest';
import { contentHtml } from '../../renderer/compile-doc.ts';
import { markdownCopyOf } from '../helpers/markdown-copy.ts';
import {
  createDirectiveRegistry,
  DIRECTIVES,
  type DirectiveRegistry,
} from '../../renderer/markdown/directives/index.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { recordsOf } from '../search/helpers.ts';
import { pageContext, pageSource } from '../helpers/page-context.ts';

async function html(body: string, directives?: DirectiveRegistry) {
  const { doc, context, problems } = pageContext({ relPath: 'guide/page.md', source: pageSource(body) });
  const out = contentHtml(await (await createPipeline({ directives }))(doc.body, context));
  expect(problems.items.map((p) => p.message)).toEqual([]);
  return out;
}

const aside = (kind: string, title: string, body: string) =>
  `<div class="admonition admonition-${kind}" role="note" aria-label="${title}"><p class="admonition-title">${title}</p>${body}</div>`;

describe('admonitions: important and caution', () => {
  it('render with their own class and title, like the other kinds', async () => {
    expect(await html(':::important\nRead this first.\n:::\n')).toBe(
      aside('important', 'Important', '<p>Read this first.</p>'),
    );
    // A custom title shows; the landmark keeps the kind's name.
    expect(await html(':::caution[Hot surface]\nMind the cache.\n:::\n')).toBe(
      aside('caution', 'Caution', '<p>Mind the cache.</p>').replace('>Caution</p>', '>Hot surface</p>'),
    );
  });
});

describe('GitHub alerts render as the admonition of the same kind', () => {
  const forms = [
    ['NOTE', 'note', 'Note'],
    ['TIP', 'tip', 'Tip'],
    ['IMPORTANT', 'important', 'Important'],
    ['WARNING', 'warning', 'Warning'],
    ['CAUTION', 'caution', 'Caution'],
  ] as const;

  for (const [marker, kind, title] of forms) {
    it(`> [!${marker}] is :::${kind}, to the byte`, async () => {
      const alert = await html(`> [!${marker}]\n> Keep the *engine* running.\n`);
      expect(alert).toBe(aside(kind, title, '<p>Keep the <em>engine</em> running.</p>'));
      expect(alert).toBe(await html(`:::${kind}\nKeep the *engine* running.\n:::\n`));
    });
  }

  it('reads the marker in any case, as GitHub does', async () => {
    expect(await html('> [!note]\n> Lower case.\n')).toBe(aside('note', 'Note', '<p>Lower case.</p>'));
    expect(await html('> [!Caution]\n> Mixed case.\n')).toBe(aside('caution', 'Caution', '<p>Mixed case.</p>'));
  });

  it('keeps several paragraphs, lists, code and a hard break after the marker', async () => {
    const out = await html('> [!TIP]  \n> First.\n>\n> - one\n> - two\n>\n> ```sh\n> dagger call\n> ```\n');
    expect(
      out.startsWith(
        '<div class="admonition admonition-tip" role="note" aria-label="Tip"><p class="admonition-title">Tip</p><p>First.</p><ul>',
      ),
    ).toBe(true);
    expect(out).toContain('dagger');
    expect(out.endsWith('</div>')).toBe(true);
    expect(out).not.toContain('<blockquote>');
  });

  it('works nested in lists and directives, and inside an alert the next quote is a quote', async () => {
    const out = await html(
      '- item\n\n  > [!WARNING]\n  > Nested.\n\n:::details[More]\n> [!IMPORTANT]\n> Inside.\n:::\n',
    );
    expect(out).toContain(aside('warning', 'Warning', '<p>Nested.</p>'));
    expect(out).toContain(aside('important', 'Important', '<p>Inside.</p>'));
  });

  it('leaves other quotes alone: unknown words, text on the marker line, a marker later in the quote, an empty alert', async () => {
    expect(await html('> [!FOO]\n> Not an alert.\n')).toBe('<blockquote>\n<p>[!FOO]\nNot an alert.</p>\n</blockquote>');
    expect(await html('> [!NOTE] on the same line\n')).toBe(
      '<blockquote>\n<p>[!NOTE] on the same line</p>\n</blockquote>',
    );
    expect(await html('> Quoted.\n> [!NOTE]\n> More.\n')).toContain('<blockquote>');
    expect(await html('> [!NOTE]\n')).toBe('<blockquote>\n<p>[!NOTE]</p>\n</blockquote>');
    expect(await html('> [!danger]\n> GitHub has no such alert.\n')).toContain('<blockquote>');
  });

  it('is driven by the directive registry: without the admonition entry an alert stays a quote', async () => {
    const withoutAdmonitions = createDirectiveRegistry(DIRECTIVES.entries.filter((e) => !e.names.includes('note')));
    expect(await html('> [!NOTE]\n> Plain.\n', withoutAdmonitions)).toBe(
      '<blockquote>\n<p>[!NOTE]\nPlain.</p>\n</blockquote>',
    );
  });

  it('exports to the .md copy as admonitions do: a quote titled in bold', async () => {
    const alert = await markdownCopyOf('Intro.\n\n> [!CAUTION]\n> Stop the engine first.\n> Then upgrade.\n');
    expect(alert).toBe('Intro.\n\n> **Caution**\n>\n> Stop the engine first.\n> Then upgrade.');
    expect(alert).toBe(await markdownCopyOf('Intro.\n\n:::caution\nStop the engine first.\nThen upgrade.\n:::\n'));
    expect(await markdownCopyOf('> [!tip]\n>\n> Spaced.')).toBe('> **Tip**\n>\n> Spaced.');
    // Not alerts: kept as written, like their rendering.
    for (const quote of ['> [!FOO]\n> x', '> a\n> [!NOTE]\n> b', '> [!NOTE]', '```md\n> [!NOTE]\n> x\n```'])
      expect(await markdownCopyOf(quote)).toBe(quote);
  });

  it('gives search the records the admonition gives: the text, not the default title', async () => {
    const page = { title: 'Page', lvl0: 'Docs' };
    const alert = await recordsOf('## Upgrade\n\n> [!WARNING]\n> Stop the engine before upgrading.\n', page);
    const directive = await recordsOf('## Upgrade\n\n:::warning\nStop the engine before upgrading.\n:::\n', page);
    expect(alert).toEqual(directive);
    const contents = alert.filter((r) => r.type === 'content').map((r) => r.content);
    expect(contents).toEqual(['Stop the engine before upgrading.']);
  });
});
