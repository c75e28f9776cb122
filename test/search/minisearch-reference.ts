/**
 * The embedded index's term scores as the build used to compute them: MiniSearch's index over
 * every section, then one MiniSearch query per term. Kept here as the reference the build's own
 * scorer (renderer/search/term-postings.ts) must match bit for bit.
 */
import MiniSearch from 'minisearch';
import { ENGINE_OPTIONS, LEVEL_BOOST } from '../../theme/shared/search/engine.ts';
import type { Postings } from '../../theme/shared/search/index-format.ts';
import { LEVELS, type SearchRecord } from '../../theme/shared/search/record.ts';

export type ScoredTerm = { term: string; postings: Postings };

export interface ReferenceDoc {
  id: number;
  title: string;
  parents: string;
  body: string;
}

/** MiniSearch's internal term map (term → field → section → frequency): the only way to list its terms. */
type TermMap = Map<string, unknown>;

/** Each term's postings with the score MiniSearch gives the section for that term alone. */
export function scoredTerms(mini: MiniSearch, levels: number[]): ScoredTerm[] {
  const terms = [...(mini as unknown as { _index: TermMap })._index.keys()].sort();
  return terms.map((term) => {
    const results = mini.search(
      { queries: [term], processTerm: (t: string) => t, fuzzy: false, prefix: false },
      { boostDocument: (id) => LEVEL_BOOST[levels[id as number]] },
    );
    results.sort((a, b) => (a.id as number) - (b.id as number));
    return {
      term,
      postings: {
        sections: results.map((r) => r.id as number),
        scores: results.map((r) => r.score),
        total: results.length,
      },
    };
  });
}

/** Section documents and their levels, grouped from records as the build did before it streamed them. */
function sectionDocs(records: Iterable<SearchRecord>): { docs: ReferenceDoc[]; levels: number[] } {
  const docs: ReferenceDoc[] = [];
  const levels: number[] = [];
  const sectionOf = new Map<string, number>();
  for (const r of records) {
    if (r.type === 'content') {
      const doc = docs[sectionOf.get(r.url)!];
      doc.body = doc.body ? `${doc.body}\n${r.content}` : (r.content ?? '');
      continue;
    }
    sectionOf.set(r.url, docs.length);
    if (r.type === 'lvl1') {
      levels.push(1);
      docs.push({ id: docs.length, title: r.hierarchy.lvl1, parents: '', body: r.content ?? '' });
      continue;
    }
    const level = LEVELS.indexOf(r.type);
    levels.push(level);
    const parents = [r.hierarchy.lvl1, ...LEVELS.slice(2, level).map((l) => r.hierarchy[l])].filter(Boolean).join(' ');
    docs.push({ id: docs.length, title: r.hierarchy[r.type] ?? '', parents, body: '' });
  }
  return { docs, levels };
}

/** The scored terms of records, through MiniSearch. */
export function referenceTerms(records: Iterable<SearchRecord>): ScoredTerm[] {
  const { docs, levels } = sectionDocs(records);
  const mini = new MiniSearch(ENGINE_OPTIONS);
  mini.addAll(docs);
  return scoredTerms(mini, levels);
}
