/**
 * The subset of Algolia's multi-query protocol both backends speak, so DocSearch and the
 * /search page run the same code on either. No Node or DOM APIs here.
 */
import type { Hierarchy, SearchRecord } from './record.ts';

/** One query of a `search({ requests })` batch. */
export interface SearchRequest {
  indexName?: string;
  query?: string;
  hitsPerPage?: number;
  page?: number;
  /** Algolia syntax: strings are ANDed, an inner array is ORed; `attr:value`, `-attr:value` negates. */
  facetFilters?: (string | string[])[] | string;
  /** `attribute:words`, e.g. `content:10`. */
  attributesToSnippet?: string[];
  attributesToRetrieve?: string[];
  snippetEllipsisText?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  [param: string]: unknown;
}

export interface HighlightValue {
  /** HTML: the text escaped, matches wrapped in the highlight tags. */
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export type HierarchyHighlight = Record<keyof Hierarchy, HighlightValue>;

export interface SearchHit extends Omit<SearchRecord, 'weight'> {
  _highlightResult: { hierarchy: HierarchyHighlight; content: HighlightValue; hierarchy_camel: HierarchyHighlight[] };
  _snippetResult: { hierarchy: HierarchyHighlight; content: HighlightValue };
}

export interface SearchResult {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  query: string;
  params: string;
  exhaustiveNbHits: boolean;
  index?: string;
}

/** What DocSearch and the /search page call: Algolia's `search({ requests })` shape. */
export interface SearchClient {
  search(params: { requests: SearchRequest[] }): Promise<{ results: SearchResult[] }>;
}

/** Algolia's defaults where a request leaves a parameter out. */
export const DEFAULTS = {
  hitsPerPage: 20,
  highlightPreTag: '<em>',
  highlightPostTag: '</em>',
  snippetEllipsisText: '…',
} as const;
