/**
 * The search record in DocSearch's schema, shared by the build (which writes records.json and
 * the embedded index) and the browser (which reads hits in this shape from either backend).
 * No Node or DOM APIs here.
 */

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type Level = (typeof LEVELS)[number];

/** lvl1 is the page itself, lvl2–lvl6 its headings, content a paragraph, list item or table row. */
export type RecordType = Exclude<Level, 'lvl0'> | 'content';

export interface Hierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

export interface SearchRecord {
  objectID: string;
  type: RecordType;
  hierarchy: Hierarchy;
  /** Plain text (never HTML); null for heading records. */
  content: string | null;
  /** Absolute URL with the base URL and the anchor of the nearest heading. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  language: string;
  version: string;
  /** Docusaurus-style docs tag, used as a facet for contextual search by version. */
  docusaurus_tag: string;
  /**
   * DocSearch-scraper ranking hints for hosted engines (customRanking): headings rank above
   * content (level), earlier records above later ones of the same page (position).
   */
  weight: { pageRank: number; level: number; position: number };
}

/** `docs-default-current`: the tag DocSearch contextual search filters on for a docs version. */
export function docsTag(version: string, pluginId = 'default'): string {
  return `docs-${pluginId}-${version}`;
}

/**
 * The facet filters of contextual search (spec §7): the reader's language, and the docs
 * version tag (or the version-less `default` tag other pages carry). Algolia syntax: the outer
 * array is AND, an inner array is OR.
 */
export function contextualFacetFilters(language: string, version: string): (string | string[])[] {
  return [`language:${language}`, ['docusaurus_tag:default', `docusaurus_tag:${docsTag(version)}`]];
}
