import type { Heading, Root, Text } from 'mdast';
import { walk } from './walk.ts';

/** A trailing ` {#id}` in a heading's text: the explicit id syntax Docusaurus and Pandoc read. */
const EXPLICIT_ID = /\s*\{#([A-Za-z][\w.-]*)\}\s*$/;

/**
 * `## Container {#definition-Container}` gets the id `definition-Container` instead of the slug of
 * its text, for anchors that must keep a form set elsewhere (such as links in the wild to a
 * reference's `#definition-<Type>` sections, which are case-sensitive). The id syntax is removed
 * from the heading's text; rehype-headings leaves headings that have an id alone.
 */
export default function remarkHeadingIds() {
  return (tree: Root) => {
    walk<Heading>(tree, 'heading', (heading) => {
      const last = heading.children.at(-1);
      if (last?.type !== 'text') return;
      const match = EXPLICIT_ID.exec((last as Text).value);
      if (!match) return;
      (last as Text).value = (last as Text).value.slice(0, match.index);
      heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id: match[1] } };
    });
  };
}
