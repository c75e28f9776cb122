import type { Root, Element } from 'hast';
import { toString } from 'hast-util-to-string';
import { TEXTS } from '../../theme/shared/texts.ts';
import GithubSlugger from 'github-slugger';
import { walk } from './walk.ts';
import type { VFile } from 'vfile';
import { ctx } from './context.ts';

const HEADING = /^h[1-6]$/;

/**
 * Gives each heading without an id its GitHub-style slug (as rehype-slug does, in the same
 * pass), records every id (for anchor checks), the h2/h3 table of contents, adds a visible
 * anchor link to each heading, and marks doc images for zoom and lazy loading.
 */
export default function rehypeHeadings() {
  const slugs = new GithubSlugger();
  return (tree: Root, file: VFile) => {
    const c = ctx(file);
    slugs.reset();
    walk<Element>(tree, 'element', (node) => {
      if (HEADING.test(node.tagName) && !node.properties.id) node.properties.id = slugs.slug(toString(node));
      const id = node.properties?.id;
      if (typeof id === 'string') c.ids.add(id);
      if (node.tagName === 'img') {
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
        return;
      }
      const depth = /^h([2-6])$/.exec(node.tagName)?.[1];
      if (!depth || typeof id !== 'string') return;
      const text = toString(node).trim();
      if (depth === '2' || depth === '3') c.toc.push({ depth: Number(depth) as 2 | 3, id, text });
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['hash-link'], href: `#${id}`, 'aria-label': TEXTS.directLinkTo(text) },
        children: [{ type: 'text', value: '#' }],
      });
    });
  };
}
