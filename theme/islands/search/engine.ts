/**
 * Text processing and MiniSearch settings of the embedded search engine, shared by the build
 * (which indexes) and the browser (which queries): both sides must split and normalise words
 * identically, or terms would not meet. No Node or DOM APIs here.
 */
import type { Options, Query, SearchOptions } from 'minisearch';

/**
 * Indexed fields of a section document. `titleParts` holds the camelCase parts of the title's
 * identifiers: "Container" as the whole title outranks "container" as a part of
 * "ContainerBuildOpts".
 */
export const FIELDS = ['title', 'titleParts', 'parents', 'body'] as const;
export type Field = (typeof FIELDS)[number];

/**
 * English function words: a third of all word occurrences in the docs, and no query is about
 * them. Leaving them out keeps the shipped index small.
 */
const STOP_WORDS = new Set(
  ('a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our so than that the their then there these '
    + 'they this to too was we were what when where which while who why will with you your').split(' '),
);

/** Words: letters, digits and underscores (identifiers such as `_EXPERIMENTAL_DAGGER_RUNNER_HOST`). */
const WORD = /[\p{L}\p{N}_]+/gu;

/** Splits text into raw words; casing is kept for camelCase splitting in {@link indexTerms}. */
export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * A light English plural stemmer, applied on both sides: "volumes" meets "volume",
 * "secrets" meets "secret", while "process", "status" and "analysis" stay whole.
 */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Lower-cased, stemmed form of a word, or null for a stop word or a lone letter (the "s" of "Dagger's"). */
export function normalize(word: string): string | null {
  const lower = word.toLowerCase();
  if (STOP_WORDS.has(lower) || /^[^\d]$/u.test(lower)) return null;
  return stem(lower);
}

/** `withExec` → with, exec; `ContainerWithExecOpts` → container, with, exec, opts; `LLM` stays. */
function camelParts(word: string): string[] {
  const parts = word.split(/(?<=[a-z\d])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|_+/).filter(Boolean);
  return parts.length > 1 ? parts : [];
}

/**
 * Index-side terms of a word: the whole identifier (so "withexec" finds `withExec`) plus its
 * camelCase parts (so "exec" finds it too).
 */
export function indexTerms(word: string): string[] | null {
  const terms = [word, ...camelParts(word)].map(normalize).filter((t): t is string => Boolean(t));
  return terms.length ? [...new Set(terms)] : null;
}

/** Index-side terms per field: whole words in `title`, only their parts in `titleParts`. */
function fieldTerms(word: string, field?: string): string[] | null {
  if (field === 'title') return normalize(word) ? [normalize(word)!] : null;
  if (field === 'titleParts') {
    const whole = normalize(word);
    const parts = (indexTerms(word) ?? []).filter((t) => t !== whole);
    return parts.length ? parts : null;
  }
  return indexTerms(word);
}

/**
 * Query-side options. Every term is fuzzy-matched at ~20 % of its length, so "contianer" (two
 * edits) finds "container". Prefixes are expanded by {@link searchQuery}, not by MiniSearch.
 * A page title counts most, then headings, then the page/heading path, then body text.
 */
export const SEARCH_OPTIONS: SearchOptions = {
  tokenize,
  processTerm: normalize,
  prefix: false,
  fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
  boost: { title: 5, titleParts: 2, parents: 1.5, body: 1 },
  weights: { fuzzy: 0.35, prefix: 0.5 },
  combineWith: 'OR',
};

/** Completions tried for an unfinished last word: the shortest ones. */
export const MAX_PREFIX_EXPANSIONS = 6;
/** A completion's weight relative to an exact match (MiniSearch's own prefix weighting). */
const PREFIX_WEIGHT = 0.5;

/** The shortest `max` indexed terms that extend `prefix` (binary search in the sorted term list). */
export function completions(sortedTerms: readonly string[], prefix: string, max = MAX_PREFIX_EXPANSIONS): string[] {
  let lo = 0;
  let hi = sortedTerms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sortedTerms[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < sortedTerms.length && sortedTerms[i].startsWith(prefix); i++) if (sortedTerms[i] !== prefix) found.push(sortedTerms[i]);
  return found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, max);
}

/**
 * The MiniSearch query for what the reader typed. Every word matches exactly or with typos.
 * The last word, when it is not a word of the index (still being typed, as in "telemet"), also
 * matches its few shortest completions. MiniSearch's own prefix search would add up every
 * completion ("container" → containerWithExecOpts, containerWithFileOpts, …), so the page
 * listing forty such names would outrank the Container page.
 */
export function searchQuery(text: string, sortedTerms: readonly string[], isTerm: (term: string) => boolean): Query {
  const terms = tokenize(text)
    .map(normalize)
    .filter((t): t is string => Boolean(t));
  const leaf = (term: string, options: SearchOptions = {}): Query => ({ queries: [term], processTerm: (t: string) => t, ...options });
  const queries = terms.map((t) => leaf(t));
  const last = terms[terms.length - 1];
  if (last && last.length >= 3 && !isTerm(last)) {
    const more = completions(sortedTerms, last).map((c) => leaf(c, { fuzzy: false, boostTerm: () => (PREFIX_WEIGHT * c.length) / (c.length + 0.3 * (c.length - last.length)) }));
    queries[queries.length - 1] = { combineWith: 'OR', queries: [queries[queries.length - 1], ...more] };
  }
  return { combineWith: 'OR', queries };
}

/** MiniSearch options for building and loading the embedded index (they must be identical). */
export const ENGINE_OPTIONS: Options = {
  idField: 'id',
  fields: [...FIELDS],
  storeFields: [],
  extractField: (doc, field) => (field === 'titleParts' ? doc.title : doc[field]),
  tokenize,
  processTerm: fieldTerms,
  searchOptions: SEARCH_OPTIONS,
};
