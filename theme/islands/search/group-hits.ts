/** Groups search hits by page for the /search page. No DOM APIs here. */
import type { HighlightValue, SearchHit } from '../../shared/search/protocol.ts';
import { LEVELS } from '../../shared/search/record.ts';

export interface PageGroup {
  /** url_without_anchor: the group key. */
  url: string;
  /** The page's own hit (type lvl1) when it matched. */
  page?: SearchHit;
  /** Highlighted page title (from any hit: they share lvl1). */
  title: HighlightValue;
  lvl0: string;
  /** The other hits of the page, in rank order. */
  sections: SearchHit[];
}

/** Pages in the order of their best hit; within a page, hits keep their rank order. */
export function groupByPage(hits: SearchHit[]): PageGroup[] {
  const groups = new Map<string, PageGroup>();
  for (const hit of hits) {
    let g = groups.get(hit.url_without_anchor);
    if (!g) {
      g = {
        url: hit.url_without_anchor,
        title: hit._highlightResult.hierarchy.lvl1,
        lvl0: hit.hierarchy.lvl0,
        sections: [],
      };
      groups.set(hit.url_without_anchor, g);
    }
    if (hit.type === 'lvl1' && !g.page) {
      g.page = hit;
      g.title = hit._highlightResult.hierarchy.lvl1;
    } else g.sections.push(hit);
  }
  return [...groups.values()];
}

/** Highlighted headings below the page title (lvl2…), outermost first. */
export function headingTrail(hit: SearchHit): HighlightValue[] {
  return LEVELS.slice(2)
    .filter((l) => hit.hierarchy[l])
    .map((l) => hit._highlightResult.hierarchy[l]);
}
