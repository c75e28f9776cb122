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
  // Sections having every term of a lookup's `all` (a synonym of several words), per such set.
  const within = new Map<string, Set<number>>();
  const sectionsWithAll = (all: string[]) => {
    const key = all.join(' ');
    let set = within.get(key);
    if (!set) {
      const [first, ...rest] = all.map((t) => new Set(postingsOf(t)?.sections));
      within.set(key, (set = new Set([...first].filter((id) => rest.every((r) => r.has(id))))));
    }
    return set;
  };
  for (const leaf of leaves) {
    const p = postingsOf(leaf.term);
    if (!p) continue;
    if (p.total > p.sections.length) exhaustive = false;
    const allowed = leaf.all && sectionsWithAll(leaf.all);
    p.sections.forEach((id, i) => {
      if (allowed && !allowed.has(id)) return;
      const score = leaf.weight * p.scores[i];
      const hit = found.get(id);
      if (!hit) {
        found.set(id, { score, terms: [leaf.term], queryTerms: [...(leaf.sources ?? [leaf.source])] });
        return;
      }
      hit.score += score;
      if (!hit.terms.includes(leaf.term)) hit.terms.push(leaf.term);
      for (const source of leaf.sources ?? [leaf.source])
        if (!hit.queryTerms.includes(source)) hit.queryTerms.push(source);
    });
  }
  const sections = [...found].map(([id, h]) => ({
    id,
    score: h.score * h.queryTerms.length,
    terms: h.terms,
    queryTerms: h.queryTerms,
  }));
  return { sections: sections.sort((a, b) => b.score - a.score), exhaustive };
}
