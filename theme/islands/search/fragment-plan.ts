/**
 * Which term fragments a query needs. The manifest lists each fragment's first term; a word is
 * looked up in the one fragment whose range holds it. No Node or DOM APIs here.
 */
import { maxEdits } from '../../shared/search/engine.ts';

/**
 * Fragments fetched per query beyond those holding its words: room for completions and typos
 * that cross a fragment boundary, while a first query stays small whatever the site's size.
 */
export const MAX_EXTRA_FRAGMENTS = 4;
/** Fragments the completions of the last word are taken from (the first ones of its prefix range). */
export const MAX_COMPLETION_FRAGMENTS = 3;
/** Typos are looked for among terms sharing this many first letters with the word, in its fragment and its neighbours. */
const TYPO_PREFIX = 3;

/** The run (of sorted runs, given by their first keys) that holds `key`: the last whose first key is ≤ it. */
export function runOf<T extends string | number>(firsts: readonly T[], key: T): number {
  let lo = 0;
  let hi = firsts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (firsts[mid] <= key) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo - 1);
}

/** The fragment whose range holds `term`. */
export const fragmentOf = (firsts: readonly string[], term: string): number => runOf(firsts, term);

export interface FragmentPlan {
  /** Every fragment to fetch: those holding the words first, then the extras. */
  fetch: number[];
  /** Fragments the last word's completions come from. */
  completions: number[];
  /** Fragments each word's typos are looked for in (only those fetched). */
  typos: Map<string, number[]>;
}

/**
 * The fragments for normalised query words. Completions come from the fragments of the last
 * word's prefix range, at most {@link MAX_COMPLETION_FRAGMENTS}; on a very large site a short
 * prefix ("con") spans more, and its completions are then the shortest of the first ones.
 * Typos are found within the word's own fragment and, when terms with its first letters run
 * across a boundary, the neighbouring one: MiniSearch used to search every term, so a typo in
 * the first letters of a word ("xontainer") no longer finds it.
 */
export function planFragments(firsts: readonly string[], words: string[]): FragmentPlan {
  const own = words.map((w) => fragmentOf(firsts, w));
  const fetch = [...new Set(own)];
  const extra = (f: number) => {
    if (fetch.includes(f)) return true;
    if (fetch.length >= new Set(own).size + MAX_EXTRA_FRAGMENTS) return false;
    fetch.push(f);
    return true;
  };
  const completions: number[] = [];
  const last = words[words.length - 1];
  if (last) {
    for (let f = own[own.length - 1]; completions.length < MAX_COMPLETION_FRAGMENTS; f++) {
      if (!extra(f)) break;
      completions.push(f);
      if (!(f + 1 < firsts.length && firsts[f + 1].startsWith(last))) break;
    }
  }
  const typos = new Map<string, number[]>();
  words.forEach((w, i) => {
    if (!maxEdits(w)) return;
    const head = w.slice(0, TYPO_PREFIX);
    const near = [own[i]];
    if (own[i] > 0 && firsts[own[i]] > head && extra(own[i] - 1)) near.push(own[i] - 1);
    if (own[i] + 1 < firsts.length && firsts[own[i] + 1].startsWith(head) && extra(own[i] + 1)) near.push(own[i] + 1);
    typos.set(w, near);
  });
  return { fetch, completions, typos };
}
