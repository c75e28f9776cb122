import crypto from 'node:crypto';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { withBase } from '../../theme/shared/routes.ts';
import { TEXTS } from '../../theme/shared/texts/index.ts';
import type { Hierarchy, RecordType, SearchRecord } from '../../theme/shared/search/record.ts';
import { docsTag } from '../../theme/shared/search/record.ts';
import { DIRECTIVES, type DirectiveRegistry } from '../markdown/directives/index.ts';

/** The page a record set is extracted from. */
export interface RecordPage {
  route: string;
  title: string;
  description?: string;
  /** Top sidebar category of the page: hierarchy.lvl0. */
  category?: string;
}

/** Site-wide values every record carries. */
export interface RecordSite {
  /** Production origin without a trailing slash, e.g. https://docs.example.com. */
  url: string;
  baseUrl: string;
  language: string;
  version: string;
}

/** lvl0 of pages outside any sidebar category (DocSearch's usual default), in the site's locale. */
export const defaultLvl0 = (): string => TEXTS.documentation;

/** DocSearch-scraper level weights: the page, then deeper headings, then content. */
const LEVEL_WEIGHT: Record<RecordType, number> = {
  lvl1: 90,
  lvl2: 80,
  lvl3: 70,
  lvl4: 60,
  lvl5: 50,
  lvl6: 40,
  content: 0,
};

/** Containers whose own text is a separate record (or none): li text stops at them, and at the directives' blocks. */
const BLOCKS = new Set([
  'ul',
  'ol',
  'div',
  'table',
  'blockquote',
  'pre',
  'figure',
  'section',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
]);

const classes = (node: Element): string[] => {
  const c = node.properties?.className;
  if (Array.isArray(c)) return c.map(String);
  return typeof c === 'string' ? (c as string).split(/\s+/) : [];
};

/** Elements whose text never reaches the index: code, copy buttons, heading anchors, media, and what directives hide. */
const isSkipped = (node: Element, directives: DirectiveRegistry): boolean =>
  ['pre', 'button', 'img', 'svg', 'script', 'style', 'template', 'hr'].includes(node.tagName) ||
  classes(node).includes('hash-link') ||
  directives.search.hidden(node);

const isBlock = (tag: string, directives: DirectiveRegistry) => BLOCKS.has(tag) || directives.search.blocks.has(tag);

/** The visible text of a node, whitespace collapsed; `stopAtBlocks` leaves nested blocks out. */
function textOf(node: Element | Root, directives: DirectiveRegistry, stopAtBlocks = false): string {
  let out = '';
  const visit = (n: RootContent | ElementContent) => {
    if (n.type === 'text') out += n.value;
    else if (n.type === 'element') {
      if (isSkipped(n, directives) || (stopAtBlocks && isBlock(n.tagName, directives))) return;
      if (n.tagName === 'br') out += ' ';
      // Block-ish children (e.g. <p> inside <li>) are separate sentences.
      const spaced = n.tagName === 'p' || n.tagName === 'td' || n.tagName === 'th';
      if (spaced) out += ' ';
      for (const c of n.children) visit(c);
      if (spaced) out += ' ';
    }
  };
  for (const c of node.children) visit(c as RootContent);
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * DocSearch records of one rendered doc: one lvl1 record for the page (its description as
 * content), one per heading (h2–h6 → lvl2–lvl6), and one content record per paragraph, list
 * item, table row and code-block title, and what the directives' search hooks add (details
 * summaries) or drop (default admonition titles). Code is left out: its tokens would drown the
 * prose, and the SDK reference's headings already name every method.
 */
export function extractRecords(
  hast: Root,
  page: RecordPage,
  site: RecordSite,
  directives: DirectiveRegistry = DIRECTIVES,
): SearchRecord[] {
  const text = (node: Element, stopAtBlocks = false) => textOf(node, directives, stopAtBlocks);
  const records: SearchRecord[] = [];
  const pageUrl = site.url + withBase(site.baseUrl, page.route);
  // Stable across builds (same route, same position) and valid as an id in Algolia, Typesense
  // and Meilisearch (letters, digits, '-' and '_' only).
  const pageId = crypto.createHash('sha1').update(page.route).digest('hex').slice(0, 12);
  const headings: (string | null)[] = [null, null, null, null, null]; // lvl2..lvl6
  let anchor: string | null = null;

  const push = (type: RecordType, content: string | null) => {
    const hierarchy: Hierarchy = {
      lvl0: page.category ?? defaultLvl0(),
      lvl1: page.title,
      lvl2: headings[0],
      lvl3: headings[1],
      lvl4: headings[2],
      lvl5: headings[3],
      lvl6: headings[4],
    };
    const position = records.length;
    records.push({
      objectID: `${pageId}-${position}`,
      type,
      hierarchy,
      content,
      url: anchor ? `${pageUrl}#${anchor}` : pageUrl,
      url_without_anchor: pageUrl,
      anchor,
      language: site.language,
      version: site.version,
      docusaurus_tag: docsTag(site.version),
      weight: { pageRank: 0, level: LEVEL_WEIGHT[type], position },
    });
  };
  const content = (text: string) => {
    if (text) push('content', text);
  };

  const walk = (node: Element) => {
    if (isSkipped(node, directives)) return;
    const level = /^h([2-6])$/.exec(node.tagName)?.[1];
    if (level) {
      const depth = Number(level) - 2;
      headings[depth] = text(node);
      for (let i = depth + 1; i < headings.length; i++) headings[i] = null;
      anchor = typeof node.properties?.id === 'string' ? node.properties.id : anchor;
      push(`lvl${level}` as RecordType, null);
      return;
    }
    const own = directives.search.record(node, text);
    if (own !== undefined) {
      if (own !== null) content(own);
      return;
    }
    switch (node.tagName) {
      case 'p':
      case 'h1':
        content(text(node));
        return;
      case 'li':
        content(text(node, true));
        break; // then its nested lists and blocks
      case 'thead':
        return; // column names repeat on every table; rows carry the facts
      case 'tr':
        content(
          node.children
            .filter((c): c is Element => c.type === 'element')
            .map((cell) => text(cell))
            .filter(Boolean)
            .join(' · '),
        );
        return;
      case 'div':
        if (classes(node).includes('code-title')) {
          content(text(node));
          return;
        }
        break;
    }
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      // In a list item, only nested blocks remain to visit: its own text is recorded.
      if (node.tagName === 'li' && !isBlock(child.tagName, directives)) continue;
      walk(child);
    }
  };

  push('lvl1', page.description?.trim() || null);
  for (const child of hast.children) if (child.type === 'element') walk(child);
  return records;
}
