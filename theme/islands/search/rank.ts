/**
 * Ranks sections for a query's weighted term lookups, as MiniSearch ranks them: a section's
 * score is the sum of its postings' scores times the lookups' weights, multiplied by the number
 * of distinct query words it matches. The postings' scores come precomputed from the build
 * (index-format.ts), so this is all that is left to do in the browser. No Node or DOM APIs here.
 */
import type { QueryLeaf } from '../../shared/search/engine.ts';
import type { Postings } from '../../shared/search/index-format.ts';

export interface RankedSection {
  /** Section number. */
  id: number;
  score: number;
  /** Indexed terms that matched (for highlighting). */
  terms: string[];
  /** Query words that matched. */
  queryTerms: string[];
}

export interface Ranking {
  sections: RankedSection[];
  /** False when a looked-up term lists only its best sections, so more sections match than were ranked. */
  exhaustive: boolean;
}

export function rankSections(leaves: QueryLeaf[], postingsOf: (term: string) => Postings | undefined): Ranking {
  const found = new Map<number, { score: number; terms: string[]; queryTerms: string[] }>();
  let exhaustive = true;
  for (const leaf of leaves) {
    const p = postingsOf(leaf.term);
    if (!p) continue;
    if (p.total > p.sections.length) exhaustive = false;
    p.sections.forEach((id, i) => {
      const score = leaf.weight * p.scores[i];
      const hit = found.get(id);
      if (!hit) {
        found.set(id, { score, terms: [leaf.term], queryTerms: [leaf.source] });
        return;
      }
      hit.score += score;
      if (!hit.terms.includes(leaf.term)) hit.terms.push(leaf.term);
      if (!hit.queryTerms.includes(leaf.source)) hit.queryTerms.push(leaf.source);
    });
  }
  const sections = [...found].map(([id, h]) => ({ id, score: h.score * h.queryTerms.length, terms: h.terms, queryTerms: h.queryTerms }));
  return { sections: sections.sort((a, b) => b.score - a.score), exhaustive };
}
