/**
 * The embedded backend: answers Algolia-shaped multi-queries from the index emitted at build
 * time, so DocSearch and the /search page cannot tell it from the hosted service. No Node or
 * DOM APIs here (the benchmark and unit tests run it in Node).
 */
import type MiniSearch from 'minisearch';
import { normalize, searchQuery, tokenize } from './engine.ts';
import { highlight, snippet } from './highlight.ts';
import { sectionsOf, unpackIndex, type PackedIndex, type Section } from './index-format.ts';
import { DEFAULTS, type HierarchyHighlight, type HighlightValue, type SearchHit, type SearchRequest, type SearchResult } from './protocol.ts';
import { LEVELS, type Hierarchy, type RecordType } from './record.ts';
import { withBase } from '../../shared/url.ts';

/**
 * Ranking beyond BM25 and field boosts: a page's own entry first, then its top headings, as
 * DocSearch's level weights do on Algolia.
 */
const LEVEL_BOOST = [1, 1.6, 1.25, 1.1, 1, 1, 1];

export interface LocalEngine {
  packed: PackedIndex;
  mini: MiniSearch;
  /** Every indexed term, sorted: for completing the last word. */
  terms: string[];
  termSet: Set<string>;
  sections: Section[];
}

/** Unpacks the index into a ready engine. */
export function createLocalEngine(packed: PackedIndex): LocalEngine {
  const { mini, terms } = unpackIndex(packed);
  return { packed, mini, terms, termSet: new Set(terms), sections: sectionsOf(packed) };
}

/** Ranked matches of a query (MiniSearch results; ids are section numbers). */
export function rank(engine: LocalEngine, query: string) {
  return engine.mini.search(searchQuery(query, engine.terms, (t) => engine.termSet.has(t)), {
    boostDocument: (id) => LEVEL_BOOST[engine.sections[id as number].level],
  });
}

/** Whether the shared facet values pass Algolia-syntax facet filters (AND of ORs; `-` negates). */
export function passesFacetFilters(facets: Record<string, string>, filters: SearchRequest['facetFilters']): boolean {
  if (!filters) return true;
  const list = typeof filters === 'string' ? [filters] : filters;
  const one = (f: string) => {
    const negate = f.startsWith('-');
    const body = negate ? f.slice(1) : f;
    const colon = body.indexOf(':');
    const value = facets[body.slice(0, colon)];
    const equal = value !== undefined && value === body.slice(colon + 1);
    return negate ? !equal : equal;
  };
  return list.every((group) => (Array.isArray(group) ? group.some(one) : one(group)));
}

function hierarchyOf(engine: LocalEngine, section: Section): Hierarchy {
  const page = engine.packed.pages[section.page];
  const h: Hierarchy = { lvl0: engine.packed.lvl0[page[1]], lvl1: page[2], lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  for (const p of section.parents) {
    const parent = engine.sections[p];
    h[LEVELS[parent.level] as keyof Hierarchy] = parent.heading;
  }
  if (section.level > 1) h[LEVELS[section.level] as keyof Hierarchy] = section.heading;
  return h;
}

/** `content:10` → { content: 10 }. */
function snippetWords(attributes: string[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of attributes ?? []) {
    const [name, words] = a.split(':');
    out[name] = words ? Number(words) : 10;
  }
  return out;
}

/** Answers one request of a multi-query. */
export function searchLocal(engine: LocalEngine, request: SearchRequest): SearchResult {
  const started = Date.now();
  const query = (request.query ?? '').trim();
  const hitsPerPage = request.hitsPerPage ?? DEFAULTS.hitsPerPage;
  const page = request.page ?? 0;
  const pre = request.highlightPreTag ?? DEFAULTS.highlightPreTag;
  const post = request.highlightPostTag ?? DEFAULTS.highlightPostTag;
  const ellipsis = request.snippetEllipsisText ?? DEFAULTS.snippetEllipsisText;
  const { packed } = engine;

  const results = query && passesFacetFilters(packed.facets, request.facetFilters) ? rank(engine, query) : [];
  const queryTerms = Math.max(1, tokenize(query).filter((w) => normalize(w)).length);
  const words = snippetWords(request.attributesToSnippet);
  const site = packed.site;

  const slice = results.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
  // Like Algolia, a word is highlighted wherever it matches the query, not only in the hit it
  // made match; and the page's titles recur across hits, so each text is marked up once.
  const matched = new Set(slice.flatMap((r) => r.terms));
  const marked = new Map<string, HighlightValue>();
  const hl = (text: string | null): HighlightValue => {
    const key = text ?? '';
    let v = marked.get(key);
    if (!v) marked.set(key, (v = highlight(key, matched, queryTerms, pre, post)));
    return v;
  };
  const sn = (name: string, text: string | null): HighlightValue => {
    if (!words[name]) return hl(text);
    const key = `${words[name]}\u0000${text ?? ''}`;
    let v = marked.get(key);
    if (!v) marked.set(key, (v = snippet(text ?? '', matched, queryTerms, words[name], pre, post, ellipsis)));
    return v;
  };

  const hits = slice.map((r): SearchHit => {
    const section = engine.sections[r.id as number];
    const p = packed.pages[section.page];
    const hierarchy = hierarchyOf(engine, section);
    const type: RecordType = section.level === 1 ? 'lvl1' : (LEVELS[section.level] as RecordType);
    const content = section.level === 1 && p[3] ? p[3] : null;
    const pageUrl = site.url + withBase(site.baseUrl, p[0]);
    const hierarchyHl = Object.fromEntries(LEVELS.map((l) => [l, hl(hierarchy[l])])) as HierarchyHighlight;
    const hierarchySn = Object.fromEntries(LEVELS.map((l) => [l, sn(`hierarchy.${l}`, hierarchy[l])])) as HierarchyHighlight;
    return {
      objectID: `${p[0]}#${section.anchor}`,
      type,
      hierarchy,
      content,
      url: section.anchor ? `${pageUrl}#${section.anchor}` : pageUrl,
      url_without_anchor: pageUrl,
      anchor: section.anchor || null,
      language: packed.facets.language,
      version: packed.facets.version,
      docusaurus_tag: packed.facets.docusaurus_tag,
      _highlightResult: { hierarchy: hierarchyHl, content: hl(content), hierarchy_camel: [hierarchyHl] },
      _snippetResult: { hierarchy: hierarchySn, content: sn('content', content) },
    };
  });

  return {
    hits,
    nbHits: results.length,
    page,
    nbPages: Math.ceil(results.length / hitsPerPage),
    hitsPerPage,
    processingTimeMS: Date.now() - started,
    query,
    params: new URLSearchParams({ query, hitsPerPage: String(hitsPerPage), page: String(page) }).toString(),
    exhaustiveNbHits: true,
    index: request.indexName,
  };
}
