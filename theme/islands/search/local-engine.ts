/**
 * The embedded backend: answers Algolia-shaped multi-queries from the index emitted at build
 * time, so DocSearch and the /search page cannot tell it from the hosted service. It fetches
 * (in parallel, once per session) only the term fragments a query's words fall into, ranks,
 * then fetches the page chunks of the hits it returns. No Node or DOM APIs here (the benchmark
 * and unit tests run it in Node).
 */
import SearchableMap from 'minisearch/SearchableMap';
import {
  completions,
  normalize,
  queryLeaves,
  queryWords,
  tokenize,
  type TermLookup,
} from '../../shared/search/engine.ts';
import { fragmentOf, planFragments, runOf, type FragmentPlan } from './fragment-plan.ts';
import { highlight, snippet } from '../../shared/search/highlight.ts';
import {
  decodePostings,
  FORMAT_VERSION,
  unpackTerms,
  type Postings,
  type TermFragment,
} from '../../shared/search/index-format.ts';
import { pageChunkPath, termFragmentPath, type SearchManifest } from '../../shared/search/manifest.ts';
import { sectionsOf, type PackedPage, type PageChunk, type Section } from '../../shared/search/page-chunk.ts';
import {
  DEFAULTS,
  type HierarchyHighlight,
  type HighlightValue,
  type SearchHit,
  type SearchRequest,
  type SearchResult,
} from '../../shared/search/protocol.ts';
import { rankSections, type Ranking } from './rank.ts';
import { synonymTerms } from '../../shared/search/synonyms.ts';
import { LEVELS, type Hierarchy, type RecordType } from '../../shared/search/record.ts';
import { withBase } from '../../shared/routes.ts';

/** Reads a file of the index (a path relative to the site root) as parsed JSON. */
export type IndexLoader = (path: string) => Promise<unknown>;

/** A fetched term fragment; postings are decoded when a query first looks a term up. */
class LoadedFragment {
  readonly terms: string[];
  private readonly lines: string[];
  private readonly lineOf = new Map<string, number>();
  private readonly postings = new Map<string, Postings>();
  private typoMap?: SearchableMap<number>;

  constructor(fragment: TermFragment) {
    if (fragment.v !== FORMAT_VERSION)
      throw new Error(`search index format ${fragment.v} is not supported (expected ${FORMAT_VERSION})`);
    this.terms = unpackTerms(fragment.terms);
    this.lines = fragment.postings.split('\n');
    this.terms.forEach((t, i) => this.lineOf.set(t, i));
  }

  has(term: string): boolean {
    return this.lineOf.has(term);
  }

  postingsOf(term: string): Postings | undefined {
    const line = this.lineOf.get(term);
    if (line === undefined) return undefined;
    let p = this.postings.get(term);
    if (!p) this.postings.set(term, (p = decodePostings(this.lines[line])));
    return p;
  }

  /** Terms within `edits` edits of a word (MiniSearch's radix-tree search, built on first use). */
  near(word: string, edits: number): Map<string, number> {
    this.typoMap ??= SearchableMap.from(this.terms.map((t, i) => [t, i]));
    return new Map([...this.typoMap.fuzzyGet(word, edits)].map(([t, [, d]]) => [t, d]));
  }
}

interface LoadedChunk {
  pages: PackedPage[];
  sections: Map<number, Section>;
}

export interface LocalEngine {
  manifest: SearchManifest;
  /** First term of each fragment. */
  firsts: string[];
  /** First section of each page chunk. */
  chunkFirsts: number[];
  load: IndexLoader;
  fragments: Map<number, Promise<LoadedFragment>>;
  chunks: Map<number, Promise<LoadedChunk>>;
}

/** An engine over a site's manifest; `load` fetches the files it names. */
export function createLocalEngine(manifest: SearchManifest, load: IndexLoader): LocalEngine {
  if (manifest.v !== FORMAT_VERSION)
    throw new Error(`search index format ${manifest.v} is not supported (expected ${FORMAT_VERSION})`);
  return {
    manifest,
    firsts: manifest.terms.map((t) => t[0]),
    chunkFirsts: manifest.pages.map((p) => p[0]),
    load,
    fragments: new Map(),
    chunks: new Map(),
  };
}

/** Loads a file once per session; a failed load is forgotten so the next query retries. */
function once<T>(cache: Map<number, Promise<T>>, key: number, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(key);
  if (!pending) {
    pending = load();
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

function fragment(engine: LocalEngine, f: number): Promise<LoadedFragment> {
  return once(
    engine.fragments,
    f,
    async () => new LoadedFragment((await engine.load(termFragmentPath(engine.manifest.terms[f][1]))) as TermFragment),
  );
}

function chunk(engine: LocalEngine, c: number): Promise<LoadedChunk> {
  return once(engine.chunks, c, async () => {
    const data = (await engine.load(pageChunkPath(engine.manifest.pages[c][1]))) as PageChunk;
    return { pages: data.pages, sections: sectionsOf(data) };
  });
}

/** What the query side can see of the terms: those of the fragments the plan fetched. */
function termLookup(engine: LocalEngine, plan: FragmentPlan, loaded: Map<number, LoadedFragment>): TermLookup {
  return {
    isTerm: (term) => loaded.get(fragmentOf(engine.firsts, term))?.has(term) ?? false,
    completions: (prefix) =>
      completions(
        plan.completions.flatMap((f) => loaded.get(f)?.terms ?? []),
        prefix,
      ),
    near: (word, edits) =>
      new Map((plan.typos.get(word) ?? []).flatMap((f) => [...(loaded.get(f)?.near(word, edits) ?? [])])),
  };
}

/** Ranked sections for a query, after fetching the fragments its words need. */
export async function rank(engine: LocalEngine, query: string): Promise<Ranking> {
  const words = queryWords(query);
  if (!words.length) return { sections: [], exhaustive: true };
  const plan = planFragments(engine.firsts, words);
  // The fragments holding the terms the site's synonyms add.
  for (const { term } of synonymTerms(words, engine.manifest.synonyms)) {
    const f = fragmentOf(engine.firsts, term);
    if (!plan.fetch.includes(f)) plan.fetch.push(f);
  }
  const loaded = new Map(await Promise.all(plan.fetch.map(async (f) => [f, await fragment(engine, f)] as const)));
  const leaves = queryLeaves(query, termLookup(engine, plan, loaded), engine.manifest.synonyms);
  return rankSections(leaves, (term) => loaded.get(fragmentOf(engine.firsts, term))?.postingsOf(term));
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

function hierarchyOf(engine: LocalEngine, chunk: LoadedChunk, section: Section): Hierarchy {
  const page = chunk.pages[section.page];
  const h: Hierarchy = {
    lvl0: engine.manifest.lvl0[page[1]],
    lvl1: page[2],
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  for (const p of section.parents) {
    const parent = chunk.sections.get(p)!;
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
export async function searchLocal(engine: LocalEngine, request: SearchRequest): Promise<SearchResult> {
  const started = Date.now();
  const query = (request.query ?? '').trim();
  const hitsPerPage = request.hitsPerPage ?? DEFAULTS.hitsPerPage;
  const page = request.page ?? 0;
  const pre = request.highlightPreTag ?? DEFAULTS.highlightPreTag;
  const post = request.highlightPostTag ?? DEFAULTS.highlightPostTag;
  const ellipsis = request.snippetEllipsisText ?? DEFAULTS.snippetEllipsisText;
  const { manifest } = engine;

  const { sections: results, exhaustive } =
    query && passesFacetFilters(manifest.facets, request.facetFilters)
      ? await rank(engine, query)
      : { sections: [], exhaustive: true };
  const queryTerms = Math.max(1, tokenize(query).filter((w) => normalize(w)).length);
  const words = snippetWords(request.attributesToSnippet);
  const site = manifest.site;

  const slice = results.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
  const chunkIds = slice.map((r) => runOf(engine.chunkFirsts, r.id));
  const chunks = new Map(
    await Promise.all([...new Set(chunkIds)].map(async (c) => [c, await chunk(engine, c)] as const)),
  );
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

  const hits = slice.map((r, i): SearchHit => {
    const c = chunks.get(chunkIds[i])!;
    const section = c.sections.get(r.id)!;
    const p = c.pages[section.page];
    const hierarchy = hierarchyOf(engine, c, section);
    const type: RecordType = section.level === 1 ? 'lvl1' : (LEVELS[section.level] as RecordType);
    const content = section.level === 1 && p[3] ? p[3] : null;
    const pageUrl = site.url + withBase(site.baseUrl, p[0]);
    const hierarchyHl = Object.fromEntries(LEVELS.map((l) => [l, hl(hierarchy[l])])) as HierarchyHighlight;
    const hierarchySn = Object.fromEntries(
      LEVELS.map((l) => [l, sn(`hierarchy.${l}`, hierarchy[l])]),
    ) as HierarchyHighlight;
    return {
      objectID: `${p[0]}#${section.anchor}`,
      type,
      hierarchy,
      content,
      url: section.anchor ? `${pageUrl}#${section.anchor}` : pageUrl,
      url_without_anchor: pageUrl,
      anchor: section.anchor || null,
      language: manifest.facets.language,
      version: manifest.facets.version,
      docusaurus_tag: manifest.facets.docusaurus_tag,
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
    exhaustiveNbHits: exhaustive,
    index: request.indexName,
  };
}
