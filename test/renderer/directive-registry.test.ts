import { describe, expect, it } from 'vitest';
import { contentHtml } from '../../renderer/compile-doc.ts';
import { markdownCopyOf } from '../helpers/markdown-copy.ts';
import { element, takeLabel } from '../../renderer/markdown/directives/directive-nodes.ts';
import {
  ADMONITION_KINDS,
  createDirectiveRegistry,
  DIRECTIVES,
  type DirectiveEntry,
  type DirectiveRegistry,
} from '../../renderer/markdown/directives/index.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { extractRecords } from '../../renderer/search/records.ts';
import { SITE } from '../search/helpers.ts';
import { pageContext, pageSource } from '../helpers/page-context.ts';

/** A directive the site does not have: a titled worked example, its caption indexed by search. */
const example: DirectiveEntry = {
  names: ['example'],
  kind: 'container',
  render(node) {
    const caption = takeLabel(node) ?? [{ type: 'text', value: 'Example' }];
    node.data = { hName: 'figure', hProperties: { className: ['example'] } };
    node.children.unshift(element('figcaption', {}, caption));
  },
  markdown: () => ({ quote: true, title: 'Example' }),
  search: { record: (el, textOf) => (el.tagName === 'figcaption' ? textOf(el) : undefined) },
};

/** And one inside prose: `:kbd[Ctrl]`. */
const kbd: DirectiveEntry = {
  names: ['kbd'],
  kind: 'text',
  render(node) {
    node.data = { hName: 'kbd' };
  },
  markdown: (_name, label) => `\`${label ?? ''}\``,
};

const BODY =
  'Press :kbd[Ctrl] to stop.\n\n:::example[Build a container]\nRun the pipeline.\n:::\n\n:::note\nNoted.\n:::\n';

async function compile(body: string, directives?: DirectiveRegistry) {
  const { doc, context, problems } = pageContext(
    { relPath: 'guide/page.md', source: pageSource(body) },
    { baseUrl: '/docs/' },
  );
  const hast = await (await createPipeline({ directives }))(doc.body, context);
  return { hast, html: contentHtml(hast), problems: problems.items.map((p) => p.message), route: doc.route };
}

describe('renderer/markdown/directives: the registry drives rendering, the Markdown export and search', () => {
  const registry = createDirectiveRegistry([...DIRECTIVES.entries, example, kbd]);

  it('a new directive is one entry: it renders', async () => {
    const { html, problems } = await compile(BODY, registry);
    expect(problems).toEqual([]);
    expect(html).toContain(
      '<figure class="example"><figcaption>Build a container</figcaption><p>Run the pipeline.</p></figure>',
    );
    expect(html).toContain('<p>Press <kbd>Ctrl</kbd> to stop.</p>');
    // The built-in entries are still there.
    expect(html).toContain(
      '<div class="admonition admonition-note" role="note" aria-label="Note"><p class="admonition-title">Note</p>',
    );
  });

  it('without the entry, the same page has the problem and text an unknown directive has', async () => {
    const { html, problems } = await compile(BODY);
    expect(problems).toEqual(['unknown directive ":::example"']);
    expect(html).toContain('<p>Press :kbd[Ctrl] to stop.</p>');
  });

  it('a new directive is one entry: it is exported to Markdown', async () => {
    expect(await markdownCopyOf(BODY, { directives: registry })).toBe(
      'Press `Ctrl` to stop.\n\n> **Build a container**\n>\n> Run the pipeline.\n\n> **Note**\n>\n> Noted.',
    );
    // Unknown: not quoted, titled only by the author's label, text directives left as written.
    expect(await markdownCopyOf(BODY)).toBe(
      'Press :kbd[Ctrl] to stop.\n\n**Build a container**\n\nRun the pipeline.\n\n> **Note**\n>\n> Noted.',
    );
    expect(await markdownCopyOf('`:kbd[x]` and :kbd[y]', { directives: registry })).toBe('`:kbd[x]` and `y`');
  });

  it('a new directive is one entry: its search hook decides what is recorded', async () => {
    const { hast, route } = await compile(BODY, registry);
    const contents = (directives: DirectiveRegistry) =>
      extractRecords(hast, { route, title: 'Page' }, SITE, directives)
        .filter((r) => r.type === 'content')
        .map((r) => r.content);
    // Default admonition titles are dropped by the admonition entry's hook, in both.
    expect(contents(registry)).toEqual(['Press Ctrl to stop.', 'Build a container', 'Run the pipeline.', 'Noted.']);
    expect(contents(DIRECTIVES)).toEqual(['Press Ctrl to stop.', 'Run the pipeline.', 'Noted.']);
  });

  it('keeps the problems of unknown and misused directives; refuses a name registered twice', async () => {
    expect((await compile('::bogus\n\n::video{src="/a.mp4" size=9}\n')).problems).toEqual([
      'unknown directive "::bogus"',
      '::video has unknown attributes: size',
    ]);
    // The site's plugins' directives (content/plugins/cli-reference/) are not the engine's.
    expect((await compile('::cli-reference\n')).problems).toEqual(['unknown directive "::cli-reference"']);
    expect(() => createDirectiveRegistry([...DIRECTIVES.entries, { ...example, names: ['note'] }])).toThrow(
      'directive "note" (container) is registered twice',
    );
    // Object.prototype's names are not directives (they crashed the build when looked up in an object).
    expect((await compile(':::constructor\nx\n:::\n')).problems).toEqual(['unknown directive ":::constructor"']);
    expect(await markdownCopyOf(':::toString\nx\n:::')).toBe('x');
  });

  it('titles each admonition kind from TEXTS, in the export as on the page', () => {
    expect(ADMONITION_KINDS.map((kind) => DIRECTIVES.get('container', kind)?.markdown(kind))).toEqual(
      ['Note', 'Tip', 'Info', 'Important', 'Warning', 'Caution', 'Danger'].map((title) => ({ quote: true, title })),
    );
  });
});
