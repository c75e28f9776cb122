import { stripHeadingIds } from '../../../renderer/markdown/heading-ids.ts';
import type { LeafEntry } from '../../../renderer/markdown/directives/types.ts';
import { cliMarkdown, type CliData } from './cli-data.ts';

/** `::cli-reference`: the CLI reference sections, from the plugin's data file. */
export function cliReferenceDirective(cli: CliData): LeafEntry {
  return {
    names: ['cli-reference'],
    kind: 'leaf',
    where: 'on the CLI page',
    // Generated nodes have no place in the page's source: the directive's line is the nearest.
    render: (node, context) =>
      context.parse(cliMarkdown(cli)).children.map((child) => ({ ...child, position: node.position })),
    // The Markdown copy shows headings without their {#…} ids, as for authored headings.
    markdown: () => cliMarkdown(cli).split('\n').map(stripHeadingIds).join('\n'),
  };
}
