import { describe, expect, it } from 'vitest';
import { contentHtml } from '../../renderer/compile-doc.ts';
import { parseHeadingIds, stripHeadingIds } from '../../renderer/markdown/heading-ids.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { markdownCopyOf } from '../helpers/markdown-copy.ts';
import { pageContext, pageSource } from '../helpers/page-context.ts';

async function render(body: string) {
  const { doc, context, problems } = pageContext({ relPath: 'page.md', source: pageSource(body) });
  const html = contentHtml(await (await createPipeline({}))(doc.body, context));
  return { html, context, problems: problems.items };
}

describe('custom heading ids and anchor aliases', () => {
  it('parses a trailing {#id #alias…} and leaves other braces alone', () => {
    expect(parseHeadingIds('Default values {#default-values}')).toEqual({
      text: 'Default values',
      ids: ['default-values'],
    });
    expect(parseHeadingIds('Defaults {#defaults #default-values #old.name}')).toEqual({
      text: 'Defaults',
      ids: ['defaults', 'default-values', 'old.name'],
    });
    // GitHub slugs of numbered headings start with a digit ("1. Install" → 1-install).
    expect(parseHeadingIds('1. Install {#1-install #installation #1password}')).toEqual({
      text: '1. Install',
      ids: ['1-install', 'installation', '1password'],
    });
    expect(parseHeadingIds('Using {braces} in text')).toBeUndefined();
    expect(parseHeadingIds('Ends with {#} nothing')).toBeUndefined();
    expect(stripHeadingIds('## Defaults {#defaults #old}')).toBe('## Defaults');
    expect(stripHeadingIds('Not a heading {#x}')).toBe('Not a heading {#x}');
  });

  it('sets the id, adds alias anchors inside the heading, and lists the TOC entry once', async () => {
    const { html, context } = await render(
      '## Default values {#defaults #default-values}\n\nText.\n\n## Default values\n',
    );
    expect(html).toContain(
      '<h2 id="defaults"><span id="default-values" class="heading-alias"></span>Default values<a class="hash-link" href="#defaults"',
    );
    // The generated slug of an equal heading does not collide with the authored alias.
    expect(html).toContain('<h2 id="default-values-1">');
    expect([...context.ids]).toEqual(expect.arrayContaining(['defaults', 'default-values', 'default-values-1']));
    expect(context.toc).toEqual([
      { depth: 2, id: 'defaults', text: 'Default values' },
      { depth: 2, id: 'default-values-1', text: 'Default values' },
    ]);
  });

  it('reports an id given twice on a page, at its line', async () => {
    const { problems } = await render('## One {#same}\n\n## Two {#other #same}\n');
    expect(problems).toEqual([
      expect.objectContaining({ file: 'content/docs/page.md', line: 6, message: 'two elements have the id "same"' }),
    ]);
  });

  it('drops the braces from the Markdown copy', async () => {
    expect(await markdownCopyOf('## Default values {#defaults #old}\n\nText {#not-a-heading}\n')).toBe(
      '## Default values\n\nText {#not-a-heading}',
    );
  });
});
