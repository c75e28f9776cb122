import type { Root, Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { visit, SKIP } from 'unist-util-visit';

/**
 * Highlighted code is thousands of token spans per page; turning each into a React element
 * costs more than the rest of the page together. The `<pre>` content is serialised once here
 * and rendered as-is (see `hastToReact`), so prose stays React elements and code stays fast.
 */
export default function rehypeCodeHtml() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      // Shiki writes `class` as a string; rehype plugins write `className` as an array.
      const classes = node.properties.className ?? node.properties.class;
      const list = Array.isArray(classes) ? classes.map(String) : String(classes ?? '').split(/\s+/);
      if (node.tagName !== 'pre' || !list.includes('shiki')) return;
      node.properties.dataHtml = toHtml(node.children);
      node.children = [];
      return SKIP;
    });
  };
}
