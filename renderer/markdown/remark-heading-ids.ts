import type { Heading, Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import { report } from './context.ts';
import { parseHeadingIds } from './heading-ids.ts';
import { walk } from './walk.ts';

/**
 * Reads `{#id #alias…}` at the end of a heading (heading-ids.ts): the first id becomes the
 * heading's id (rehype-headings then leaves it alone), the rest travel as `dataAliases` and
 * become empty anchors inside the heading, so an old link lands on the same section.
 */
export default function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    walk<Heading>(tree, 'heading', (heading) => {
      const last = heading.children[heading.children.length - 1];
      if (last?.type !== 'text') return;
      const parsed = parseHeadingIds((last as Text).value);
      if (!parsed) return;
      (last as Text).value = parsed.text;
      const [id, ...aliases] = parsed.ids;
      const seen = new Set<string>();
      for (const each of parsed.ids) {
        if (seen.has(each)) report(file, heading, `heading id "${each}" is given twice`, 'Write each id once in {#…}.');
        seen.add(each);
      }
      heading.data = {
        ...heading.data,
        hProperties: {
          ...(heading.data?.hProperties ?? {}),
          id,
          ...(aliases.length ? { dataAliases: aliases.join(' ') } : {}),
        },
      };
    });
  };
}
