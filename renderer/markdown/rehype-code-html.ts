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
      if (node.tagName !== 'pre' || !(node.properties.className as string[] | undefined)?.includes('shiki')) return;
      node.properties.dataHtml = toHtml(node.children);
      node.children = [];
      return SKIP;
    });
  };
}
