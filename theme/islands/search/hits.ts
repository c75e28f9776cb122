/**
 * Prepares hits of either backend for display in DocSearch (its `transformItems`).
 * No DOM APIs here.
 */
import { escapeText, unescapeText } from '../../shared/escape.ts';
import type { SearchHit } from '../../shared/search/protocol.ts';
import { LEVELS, type Hierarchy } from '../../shared/search/record.ts';
import { resultLink, type ResultUrlRules } from '../../shared/search/urls.ts';

/**
 * - `url` becomes the link to render (rebased, rewritten, or left external);
 * - the raw `hierarchy` and `content` are escaped: DocSearch renders them with innerHTML when a
 *   snippet is missing, and for recent searches, which it stores without highlight data;
 * - the lvl0 highlight is turned back into text: DocSearch shows it as a plain-text group title.
 */
export function prepareHits<T extends SearchHit>(hits: T[], rules: ResultUrlRules, currentOrigin: string): T[] {
  return hits.map((hit) => {
    const hierarchy = Object.fromEntries(
      LEVELS.map((l) => [l, hit.hierarchy[l] == null ? hit.hierarchy[l] : escapeText(hit.hierarchy[l] as string)]),
    ) as unknown as Hierarchy;
    const hl = hit._highlightResult;
    const lvl0 = hl?.hierarchy?.lvl0;
    return {
      ...hit,
      url: resultLink(hit.url, rules, currentOrigin).href,
      hierarchy,
      content: hit.content == null ? hit.content : escapeText(hit.content),
      ...(hl && lvl0
        ? {
            _highlightResult: {
              ...hl,
              hierarchy: { ...hl.hierarchy, lvl0: { ...lvl0, value: unescapeText(lvl0.value) } },
            },
          }
        : {}),
    };
  });
}
