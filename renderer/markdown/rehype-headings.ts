import type { Root, Element } from 'hast';
import { toString } from 'hast-util-to-string';
import { TEXTS } from '../../theme/shared/texts/index.ts';
import { headingSlugger } from '../../theme/shared/slug.ts';
import { walk } from './walk.ts';
import type { VFile } from 'vfile';
import { ctx, report } from './context.ts';

const HEADING = /^h[1-6]$/;

function authoredIds(node: Element): string[] {
  const { id, dataAliases } = node.properties;
  return [...(typeof id === 'string' ? [id] : []), ...(typeof dataAliases === 'string' ? dataAliases.split(' ') : [])];
}

/** A heading's alias ids become empty anchors at its start, so `#old-anchor` scrolls to the heading. */
function addAliasAnchors(node: Element, ids: Set<string>, file: VFile): void {
  const aliases = node.properties.dataAliases;
  if (typeof aliases !== 'string') return;
  delete node.properties.dataAliases;
  const anchors: Element[] = [];
  for (const alias of aliases.split(' ')) {
    if (ids.has(alias))
      report(file, node, `two elements have the id "${alias}"`, 'Remove the alias or rename the other heading.');
    ids.add(alias);
    anchors.push({
      type: 'element',
      tagName: 'span',
      properties: { id: alias, className: ['heading-alias'] },
      children: [],
    });
  }
  node.children.unshift(...anchors);
}

/**
 * Gives each heading without an id its GitHub-style slug (as rehype-slug does, in the same
 * pass), records every id (for anchor checks), the h2/h3 table of contents, adds a visible
 * anchor link to each heading, and marks doc images for zoom and lazy loading.
 */
export default function rehypeHeadings() {
  const slugs = headingSlugger();
  return (tree: Root, file: VFile) => {
    const c = ctx(file);
    slugs.reset();
    // Ids written by the author (remark-heading-ids) are taken first, so a generated slug never
    // repeats one: a later heading with the same text gets the "-1" suffix instead.
    walk<Element>(tree, 'element', (node) => {
      if (!HEADING.test(node.tagName)) return;
      for (const id of authoredIds(node)) slugs.slug(id);
    });
    walk<Element>(tree, 'element', (node) => {
      if (HEADING.test(node.tagName) && !node.properties.id) node.properties.id = slugs.slug(toString(node));
      const id = node.properties?.id;
      if (typeof id === 'string') {
        if (c.ids.has(id) && HEADING.test(node.tagName))
          report(file, node, `two elements have the id "${id}"`, 'Give one of the headings another {#id}.');
        c.ids.add(id);
      }
      if (HEADING.test(node.tagName)) addAliasAnchors(node, c.ids, file);
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
