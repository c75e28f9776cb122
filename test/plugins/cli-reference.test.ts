import { describe, expect, it } from 'vitest';
import { contentHtml } from '../../renderer/compile-doc.ts';
import type { CliData } from '../../content/plugins/cli-reference/cli-data.ts';
import { cliReferenceDirective } from '../../content/plugins/cli-reference/directive.ts';
import { BUILT_IN_DIRECTIVES, createDirectiveRegistry } from '../../renderer/markdown/directives/index.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { markdownCopyOf } from '../helpers/markdown-copy.ts';
import { pageContext, pageSource } from '../helpers/page-context.ts';

const cli: CliData = {
  globalFlags: [{ name: '--debug', type: 'boolean', description: 'Show debug logs.' }],
  commands: [
    {
      name: 'tool',
      synopsis: 'tool [options]',
      description: 'The root command. It does things.',
      flags: [{ name: '--mod', short: '-m', type: 'string', description: 'Module.' }],
      aliases: { options: ['options'], seeAlso: ['see-also'] },
    },
    {
      name: 'tool run',
      synopsis: 'tool run <cmd>',
      description: 'Run a command.\n\nMore detail.',
      flags: [{ name: '--json', type: 'boolean', default: 'false', description: 'As JSON.' }],
      examples: [{ description: 'Run it.', code: 'tool run ls' }],
      aliases: {
        command: ['synopsis'],
        options: ['options-1'],
        inherited: ['options-inherited-from-parent-commands'],
        examples: ['examples'],
        seeAlso: ['see-also-1'],
      },
    },
    {
      name: 'tool login',
      synopsis: 'tool login',
      description: 'Log in.',
      aliases: { inherited: ['options-inherited-from-parent-commands-1'] },
    },
  ],
};

// The registry a site with the cli-reference plugin compiles with (content/plugins/cli-reference/).
const directives = createDirectiveRegistry([...BUILT_IN_DIRECTIVES, cliReferenceDirective(cli)]);

async function render() {
  const { doc, context, problems } = pageContext({ relPath: 'page.md', source: pageSource('::cli-reference\n') });
  const html = contentHtml(await (await createPipeline({ directives }))(doc.body, context));
  return { html, context, problems: problems.items };
}

const alias = (id: string) => `<span id="${id}" class="heading-alias"></span>`;

describe('::cli-reference', () => {
  it('gives each command section an id made from its name, with its aliases inside the heading', async () => {
    const { html, context, problems } = await render();
    expect(problems).toEqual([]);
    expect(html).toContain(`<h2 id="tool-run">${alias('synopsis')}tool run`);
    expect(html).toContain(`<h3 id="tool-run-options">${alias('options-1')}Options`);
    expect(html).toContain(`<h3 id="tool-run-examples">${alias('examples')}Examples`);
    expect(html).toContain(`<h3 id="tool-run-see-also">${alias('see-also-1')}See also`);
    expect(html).toContain(
      `<h2 id="global-flags">${alias('options-inherited-from-parent-commands')}${alias('options-inherited-from-parent-commands-1')}Global flags`,
    );
    // A command without flags or examples has no empty Options or Examples section.
    expect(context.ids.has('tool-login-options')).toBe(false);
    expect(context.ids.has('tool-login-examples')).toBe(false);
    expect(context.toc.map((t) => t.id)).toEqual([
      'tool',
      'tool-options',
      'tool-see-also',
      'tool-run',
      'tool-run-options',
      'tool-run-examples',
      'tool-run-see-also',
      'tool-login',
      'tool-login-see-also',
      'global-flags',
    ]);
  });

  it('links "See also" to the parent command and the subcommands, with their first sentence', async () => {
    const { html } = await render();
    const section = (id: string) =>
      html.slice(html.indexOf(`id="${id}"`), html.indexOf('</ul>', html.indexOf(`id="${id}"`)));
    expect(section('tool-see-also')).toContain(
      '<a href="/page#tool-run"><code>tool run</code></a>: Run a command.</li>',
    );
    expect(section('tool-see-also')).toContain('<a href="/page#tool-login"><code>tool login</code></a>: Log in.</li>');
    expect(section('tool-run-see-also')).toContain(
      '<a href="/page#tool"><code>tool</code></a> (parent command): The root command.</li>',
    );
    expect(section('tool-run-see-also')).not.toContain('tool-login');
  });

  it('writes the Markdown copy without heading ids', async () => {
    const md = await markdownCopyOf('::cli-reference\n', { directives });
    expect(md).toContain('## tool run\n');
    expect(md).toContain('### Options\n');
    expect(md).not.toContain('{#');
  });
});
