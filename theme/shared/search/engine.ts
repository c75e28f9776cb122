/**
 * Text processing and ranking settings of the embedded search engine, shared by the build
 * (which tokenises sections with these options and scores every posting as MiniSearch would)
 * and the browser (which looks terms up): both sides must split and normalise words identically, or terms would not meet. No Node
 * or DOM APIs here.
 */
import type { Options } from 'minisearch';
import { synonymTerms, type Synonym } from './synonyms.ts';

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
  (
    'a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our so than that the their then there these ' +
    'they this to too was we were what when where which while who why will with you your'
  ).split(' '),
);

/** Words: letters, digits and underscores (identifiers such as `_EXPERIMENTAL_ENGINE_HOST`). */
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

/** Lower-cased, stemmed form of a word, or null for a stop word or a lone letter (the "s" of "Widget's"). */
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

/** Score multipliers per field: a page title counts most, then headings' camelCase parts, the page/heading path, body text. */
export const FIELD_BOOST: Record<Field, number> = { title: 5, titleParts: 2, parents: 1.5, body: 1 };

/**
 * Ranking beyond BM25 and field boosts, per section level (index = level): a page's own entry
 * first, then its top headings, as DocSearch's level weights do on Algolia.
 */
export const LEVEL_BOOST = [1, 1.6, 1.25, 1.1, 1, 1, 1];

/** Weight of a typo match with no edits (MiniSearch's scale: it falls as edits grow). */
const FUZZY_WEIGHT = 0.35;
/** MiniSearch's cap on edits, whatever the word's length. */
const MAX_EDITS = 6;
/** Completions tried for an unfinished last word: the shortest ones. */
export const MAX_PREFIX_EXPANSIONS = 6;
/** A completion's weight relative to an exact match (MiniSearch's own prefix weighting). */
const PREFIX_WEIGHT = 0.5;

/** Edits a word of the query may have from an indexed term: ~20 % of its length, none below 4 letters ("contianer" finds "container"). */
export function maxEdits(word: string): number {
  return word.length >= 4 ? Math.min(MAX_EDITS, Math.round(word.length * 0.2)) : 0;
}

/** The query's words, normalised like indexed terms. */
export function queryWords(text: string): string[] {
  return tokenize(text)
    .map(normalize)
    .filter((t): t is string => Boolean(t));
}

/** Whether the last word gets completions: when it has 3+ letters and is not itself a term (still being typed, as in "telemet"). */
export function wantsCompletions(word: string, isTerm: boolean): boolean {
  return word.length >= 3 && !isTerm;
}

/** The shortest `max` terms of a sorted list that extend `prefix` (binary search). */
export function completions(sortedTerms: readonly string[], prefix: string, max = MAX_PREFIX_EXPANSIONS): string[] {
  let lo = 0;
  let hi = sortedTerms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sortedTerms[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < sortedTerms.length && sortedTerms[i].startsWith(prefix); i++)
    if (sortedTerms[i] !== prefix) found.push(sortedTerms[i]);
  return found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, max);
}

/** One indexed term a query looks up: its postings count `weight` times towards the query word `source`. */
export interface QueryLeaf {
  source: string;
  term: string;
  weight: number;
  /** Query words it stands for when more than `source` (a synonym of a phrase, synonyms.ts). */
  sources?: string[];
  /** Terms a section must all have for this lookup to count there (a synonym of several words). */
  all?: string[];
}

/** What the query side knows of the index's terms (those of the fragments it fetched). */
export interface TermLookup {
  isTerm(term: string): boolean;
  /** Terms extending a prefix, shortest first. */
  completions(prefix: string): string[];
  /** Terms within `edits` edits of a word, with their distance. */
  near(word: string, edits: number): Map<string, number>;
}

/**
 * The terms to look up for what the reader typed, weighted as MiniSearch weighs them. Every
 * word matches exactly or with typos. The last word, when it is not a word of the index, also
 * matches its few shortest completions, each as a query word of its own (as a MiniSearch
 * sub-query would). MiniSearch's own prefix search would add up every completion ("container"
 * → containerWithExecOpts, containerWithFileOpts, …), so the page listing forty such names
 * would outrank the Container page.
 */
export function queryLeaves(text: string, lookup: TermLookup, synonyms?: readonly Synonym[]): QueryLeaf[] {
  const words = queryWords(text);
  // Synonyms count as the words they replace, at full weight: the site's table says they are the same thing.
  const leaves: QueryLeaf[] = synonymTerms(words, synonyms).map((s) => ({ source: s.sources[0], weight: 1, ...s }));
  words.forEach((word, i) => {
    leaves.push({ source: word, term: word, weight: 1 });
    const edits = maxEdits(word);
    if (edits) {
      for (const [term, distance] of lookup.near(word, edits)) {
        if (distance)
          leaves.push({ source: word, term, weight: (FUZZY_WEIGHT * term.length) / (term.length + distance) });
      }
    }
    if (i === words.length - 1 && wantsCompletions(word, lookup.isTerm(word))) {
      for (const c of lookup.completions(word))
        leaves.push({
          source: c,
          term: c,
          weight: (PREFIX_WEIGHT * c.length) / (c.length + 0.3 * (c.length - word.length)),
        });
    }
  });
  return leaves;
}

/** MiniSearch options of the embedded index: the build's scorer (renderer/search/term-postings.ts) reads its tokenisation and boosts from here. */
export const ENGINE_OPTIONS: Options = {
  idField: 'id',
  fields: [...FIELDS],
  storeFields: [],
  extractField: (doc, field) => (field === 'titleParts' ? doc.title : doc[field]),
  tokenize,
  processTerm: fieldTerms,
  searchOptions: { boost: FIELD_BOOST },
};
