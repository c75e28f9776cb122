/**
 * The wire format of the embedded index's page chunks (dist/search/pages-<hash>.json): what a
 * hit shows (title, URL, excerpt, headings) for a run of consecutive pages. The browser fetches
 * a chunk only when one of its sections is among the hits it displays. Section numbers, parents
 * and most anchors follow from the order of the headings. No Node or DOM APIs here.
 */

import { headingSlugs } from '../slug.ts';

/**
 * A page: route (no base URL), index into the manifest's `lvl0`, title, excerpt, and its
 * headings in order, each as its level digit (2–6) followed by its text, joined by newlines.
 */
export type PackedPage = [route: string, lvl0: number, title: string, excerpt: string, headings: string];

export interface PageChunk {
  /** Section number of the first page's intro. */
  first: number;
  pages: PackedPage[];
  /** Section number → anchor, only where {@link headingSlugs} does not give the page's real id. */
  anchors: Record<string, string>;
}

/**
 * A section document: a page's intro (level 1) or one heading and the text under it. This is
 * the unit the embedded engine ranks and links to.
 */
export interface Section {
  /** The page, as an index into its chunk's `pages`. */
  page: number;
  level: number;
  /** Heading text; the page title for level 1. */
  heading: string;
  /** Element id on the page; '' for the page itself. */
  anchor: string;
  /** Enclosing heading sections (outermost first), for hierarchy lvl2…lvl6. */
  parents: number[];
}

/** Headings of a packed page: [level, text] pairs. */
export function pageHeadings(page: PackedPage): [number, string][] {
  return page[4] ? page[4].split('\n').map((h) => [Number(h[0]), h.slice(1)]) : [];
}

/** The sections of a chunk by section number, numbered as in the index (page intro first, then its headings). */
export function sectionsOf(chunk: PageChunk): Map<number, Section> {
  const out = new Map<number, Section>();
  let id = chunk.first;
  chunk.pages.forEach((page, p) => {
    out.set(id++, { page: p, level: 1, heading: page[2], anchor: '', parents: [] });
    const headings = pageHeadings(page);
    const slugs = headingSlugs(headings.map((h) => h[1]));
    const open: number[] = []; // section numbers of the open headings, by level
    headings.forEach(([level, heading], i) => {
      while (open.length && out.get(open[open.length - 1])!.level >= level) open.pop();
      out.set(id, { page: p, level, heading, anchor: chunk.anchors[id] ?? slugs[i], parents: [...open] });
      open.push(id++);
    });
  });
  return out;
}

/** Number of sections of a page: its intro and one per heading. */
export function sectionCount(page: PackedPage): number {
  return 1 + pageHeadings(page).length;
}
