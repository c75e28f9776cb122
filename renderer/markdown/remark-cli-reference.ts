import type { Root } from 'mdast';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { report } from './context.ts';
import { cliMarkdown, type CliData } from './cli-data.ts';

/** Expands `::cli-reference` into the CLI reference sections, from content/data/cli.yaml. */
export default function remarkCliReference(this: Processor, options: { cli?: CliData }) {
  const parse = (md: string) => this.parse(md) as Root;
  return (tree: Root, file: VFile) => {
    tree.children = tree.children.flatMap((node: any) => {
      if (node.type !== 'leafDirective' || node.name !== 'cli-reference') return [node];
      if (!options.cli) {
        report(file, node, '::cli-reference needs content/data/cli.yaml', 'Create the file (schema in README).');
        return [];
      }
      return parse(cliMarkdown(options.cli)).children.map((child) => ({ ...child, position: node.position }));
    });
  };
}
