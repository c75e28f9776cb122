import type { Postings } from '../../theme/shared/search/index-format.ts';
import type { SearchManifest } from '../../theme/shared/search/manifest.ts';
import { sectionCount, type PackedPage } from '../../theme/shared/search/page-chunk.ts';
import { headingSlugs } from '../../theme/shared/slug.ts';
import { LEVELS, type SearchRecord } from '../../theme/shared/search/record.ts';
import { routeFromRequestPath } from '../../theme/shared/routes.ts';
import type { RecordSite } from './records.ts';
import { TermPostings, type SectionText } from './term-postings.ts';

/**
 * Longest excerpt kept per page (its description, else its first paragraph). Only pages keep
 * one: the prose of every section would be most of the download (the docs' text gzips to
 * ~190 KB alone), and DocSearch shows no excerpt for heading hits anyway. Every word of every
 * section is still indexed.
 */
export const EXCERPT_CHARS = 160;

/** Cuts text at a word boundary near `max` characters. */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut.slice(0, max)).replace(/[\s,.;:·—-]+$/, '')}…`;
}

/** The embedded index before it is cut into files. */
export interface EmbeddedIndex {
  meta: Pick<SearchManifest, 'site' | 'facets' | 'lvl0' | 'sections'>;
  pages: PackedPage[];
  /** Section number → anchor, only where the slug rule gets the page's real id wrong. */
  anchors: Record<string, string>;
  /**
   * Every indexed term, sorted, with every section it occurs in, scored: the score MiniSearch
   * gives the section for that term alone (BM25 in every field, field boosts, level boost). A
   * query's score is a weighted sum of these, so the browser ranks exactly as MiniSearch would
   * over the whole site, without its statistics. Read once: terms are scored as they are read.
   */
  terms: Iterable<{ term: string; postings: Postings }>;
}

/**
 * Groups DocSearch records into section documents (a page's intro, or one heading and the text
 * under it) and indexes them. Sections, not paragraphs: a term repeated across a section's
 * paragraphs then costs one posting, and the ranking unit is still the place a reader lands on
 * (the heading's anchor). Records must come page by page, lvl1 first, in document order — as
 * {@link siteRecords} gives them. Only the current page's section texts are kept: a page's
 * sections are indexed when the next page starts.
 */
export function buildEmbeddedIndex(records: Iterable<SearchRecord>, site: RecordSite): EmbeddedIndex {
  let docsTag = '';
  const lvl0: string[] = [];
  const pages: PackedPage[] = [];
  const headings: string[][] = []; // per page, "<level><text>"
  const anchors: Record<string, string> = {};
  const realAnchors: string[][] = [];
  const postings = new TermPostings();
  let docs: (SectionText & { level: number })[] = []; // the current page's sections
  let sectionOf = new Map<string, number>(); // the current page's record urls → index in `docs`
  let pageUrl = ''; // the current page's url_without_anchor
  const flush = () => {
    for (const doc of docs) postings.add(doc, doc.level);
    docs = [];
    sectionOf = new Map();
  };

  for (const r of records) {
    docsTag ||= r.docusaurus_tag;
    if (r.type === 'lvl1') {
      flush();
      pageUrl = r.url_without_anchor;
      let l0 = lvl0.indexOf(r.hierarchy.lvl0);
      if (l0 < 0) l0 = lvl0.push(r.hierarchy.lvl0) - 1;
      pages.push([
        routeFromRequestPath(site.baseUrl, new URL(r.url_without_anchor).pathname),
        l0,
        r.hierarchy.lvl1,
        r.content ? excerpt(r.content) : '',
        '',
      ]);
      headings.push([]);
      realAnchors.push([]);
      sectionOf.set(r.url, docs.length);
      docs.push({ level: 1, title: r.hierarchy.lvl1, parents: '', body: r.content ?? '' });
      continue;
    }
    const page = pages.length - 1;
    // A page's records share its URL: the route is worked out again only for another URL.
    if (
      page < 0 ||
      (r.url_without_anchor !== pageUrl &&
        pages[page][0] !== routeFromRequestPath(site.baseUrl, new URL(r.url_without_anchor).pathname))
    ) {
      throw new Error(`record ${r.objectID} does not follow its page's lvl1 record`);
    }
    if (r.type !== 'content') {
      const level = LEVELS.indexOf(r.type);
      const text = r.hierarchy[r.type] ?? '';
      headings[page].push(`${level}${text.replace(/\n/g, ' ')}`);
      realAnchors[page].push(r.anchor ?? '');
      sectionOf.set(r.url, docs.length);
      const trail = [r.hierarchy.lvl1, ...LEVELS.slice(2, level).map((l) => r.hierarchy[l])].filter(Boolean).join(' ');
      docs.push({ level, title: text, parents: trail, body: '' });
      continue;
    }
    const doc = docs[sectionOf.get(r.url) ?? -1];
    if (doc === undefined) throw new Error(`content record ${r.objectID} has no section`);
    doc.body = doc.body ? `${doc.body}\n${r.content}` : (r.content ?? '');
    // A page without a description gets its first intro paragraph as excerpt.
    if (!r.anchor && !pages[page][3] && r.content) pages[page][3] = excerpt(r.content);
  }
  flush();

  // Store only the anchors the slug rule gets wrong (headings with symbols or markup).
  let section = 0;
  pages.forEach((page, p) => {
    page[4] = headings[p].join('\n');
    section++;
    const slugs = headingSlugs(headings[p].map((h) => h.slice(1)));
    realAnchors[p].forEach((a, i) => {
      if (a !== slugs[i]) anchors[section] = a;
      section++;
    });
  });
  if (pages.reduce((n, p) => n + sectionCount(p), 0) !== postings.sections)
    throw new Error('section numbering differs between build and reader');

  const facets = { language: site.language, version: site.version, docusaurus_tag: docsTag };
  return {
    meta: { site: { url: site.url, baseUrl: site.baseUrl }, facets, lvl0, sections: postings.sections },
    pages,
    anchors,
    terms: postings.scoredTerms(),
  };
}
