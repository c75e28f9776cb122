import { cliMarkdown } from '../cli-data.ts';
import { stripHeadingIds } from '../heading-ids.ts';
import type { LeafEntry } from './types.ts';

/** `::cli-reference`: the CLI reference sections, from content/data/cli.yaml. */
export const cliReference: LeafEntry = {
  names: ['cli-reference'],
  kind: 'leaf',
  where: 'on the CLI page',
  render(node, context) {
    if (!context.cli) {
      context.report(node, '::cli-reference needs content/data/cli.yaml', 'Create the file (schema in README).');
      return [];
    }
    // Generated nodes have no place in the page's source: the directive's line is the nearest.
    return context.parse(cliMarkdown(context.cli)).children.map((child) => ({ ...child, position: node.position }));
  },
  // The Markdown copy shows headings without their {#…} ids, as for authored headings.
  markdown: ({ cli }) => (cli ? cliMarkdown(cli).split('\n').map(stripHeadingIds).join('\n') : undefined),
};
