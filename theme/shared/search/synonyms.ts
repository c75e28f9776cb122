/**
 * Search synonyms: readers' words and the docs' words for the same thing ("k8s" → Kubernetes).
 * The build normalises the site's table (renderer/search/synonyms.ts) into the manifest; a query
 * whose words contain a phrase of the table also looks up the phrase's replacements. No Node or
 * DOM APIs here.
 */

/** One rule, normalised as queries are: a phrase's words → the terms it also means. */
export type Synonym = [phrase: string[], terms: string[]];

/** The index of the first occurrence of `phrase` as consecutive words of `words`, or -1. */
function indexOfPhrase(words: string[], phrase: string[]): number {
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * The terms a query's words also mean, each with the query words it stands for: a section that
 * has the replacement counts as matching every word of the phrase, as one that has the phrase.
 */
export function synonymTerms(
  words: string[],
  synonyms: readonly Synonym[] | undefined,
): { term: string; sources: string[]; all?: string[] }[] {
  const out: { term: string; sources: string[]; all?: string[] }[] = [];
  for (const [phrase, terms] of synonyms ?? []) {
    if (indexOfPhrase(words, phrase) < 0) continue;
    // A replacement of several words ("VS Code") counts only where all of them are.
    for (const term of terms)
      if (!words.includes(term)) out.push({ term, sources: phrase, ...(terms.length > 1 ? { all: terms } : {}) });
  }
  return out;
}
