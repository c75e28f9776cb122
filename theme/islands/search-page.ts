/**
 * The /search page island: reads `q`, shows results grouped by page with highlighted matches,
 * keeps `q` in the URL while typing, and loads more results on scroll (or all of them with the
 * "See all N results" button). Same backend and parameters as the modal. Plain DOM, no React:
 * this island loads with the page, so it stays small; it takes over the server-rendered form,
 * keeping whatever the reader typed before the script ran.
 */
import type { ClientData } from '../shared/client-data.ts';
import * as TEXTS from '../shared/texts.ts';
import { searchBackend, siteSearchParameters } from './search/backend.ts';
import { SEARCH_INPUT_ID } from './search/constants.ts';
import { groupByPage, headingTrail, type PageGroup } from './search/group-hits.ts';
import { markedText } from './search/marked-text.ts';
import { resultUrlRules } from './search/navigation.ts';
import type { SearchHit, SearchRequest } from '../shared/search/protocol.ts';
import { resultLink, searchPageUrl, type ResultUrlRules } from '../shared/search/urls.ts';

/** Longer excerpts than the modal's: the page has the room. */
const SNIPPET_WORDS = 30;

interface Results {
  query: string;
  hits: SearchHit[];
  nbHits: number;
  nbPages: number;
  /** Pages of hits loaded so far. */
  pages: number;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

function link(
  url: string,
  rules: ResultUrlRules,
  className: string | undefined,
  ...children: Node[]
): HTMLAnchorElement {
  const a = el('a', className, ...children);
  a.href = resultLink(url, rules, location.origin).href;
  return a;
}

/** One page of results: category, title, excerpt, then its matching sections. */
function groupItem(group: PageGroup, rules: ResultUrlRules): HTMLLIElement {
  const item = el(
    'li',
    'search-result',
    el('p', 'search-result-category', group.lvl0),
    el('h2', 'search-result-title', link(group.url, rules, undefined, markedText(group.title.value))),
  );
  const excerpt = group.page?._snippetResult.content.value;
  if (excerpt) item.append(el('p', 'search-result-excerpt', markedText(excerpt)));
  if (group.sections.length) {
    const list = el('ul', 'search-result-sections');
    for (const hit of group.sections) {
      const headings = headingTrail(hit).map((h) => el('span', 'search-result-heading', markedText(h.value)));
      const li = el('li', undefined, link(hit.url, rules, 'search-result-section', ...headings));
      if (hit.type === 'content' && hit._snippetResult.content.value)
        li.append(el('p', 'search-result-excerpt', markedText(hit._snippetResult.content.value)));
      list.append(li);
    }
    item.append(list);
  }
  return item;
}

/**
 * Mounts the page into its island (the element holding the server-rendered form). The query
 * comes from what the reader already typed, else from `?q=`. Returns the unmount function.
 */
export function mountSearchPage(root: HTMLElement, data: ClientData): () => void {
  const form = root.querySelector('form')!;
  const input = root.querySelector<HTMLInputElement>(`#${SEARCH_INPUT_ID}`)!;
  const status = el('div', 'search-page-status');
  status.setAttribute('aria-live', 'polite');
  const list = el('ol', 'search-results');
  const more = el('div', 'search-page-more');
  const seeAll = el('button', 'button button-secondary');
  seeAll.type = 'button';
  more.append(seeAll);
  root.append(status, list, more);

  const backend = searchBackend(data);
  const rules = resultUrlRules(data);
  let results: Results | undefined;
  let loading = false;
  let latest = 0;
  let disposed = false;
  // Infinite scroll: the next page loads when the end of the list comes into view.
  const observer =
    typeof IntersectionObserver === 'undefined'
      ? undefined
      : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadNext());

  const request = (query: string, page: number): SearchRequest => ({
    query,
    page,
    ...siteSearchParameters(data, document.documentElement.lang || undefined),
    attributesToSnippet: [`content:${SNIPPET_WORDS}`],
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    snippetEllipsisText: '…',
  });

  const render = (error = false) => {
    status.replaceChildren();
    if (error) {
      const box = el(
        'div',
        'search-page-error',
        el('p', undefined, TEXTS.unableToFetch),
        el('p', undefined, TEXTS.checkNetwork),
      );
      box.setAttribute('role', 'alert');
      status.append(box);
    } else if (results && results.nbHits === 0) {
      status.append(
        el('p', 'search-page-empty', `${TEXTS.noResultsFor} “`, el('strong', undefined, results.query), '”'),
      );
    }
    const groups = !error && results ? groupByPage(results.hits) : [];
    list.replaceChildren(...groups.map((g) => groupItem(g, rules)));
    list.hidden = groups.length === 0;
    const hasMore = !error && !!results && results.pages < results.nbPages;
    more.hidden = !hasMore;
    if (results) seeAll.textContent = TEXTS.seeAllResults(results.nbHits);
    if (hasMore && observer) {
      // Observing again reports the current state: if the end is still in view, load on.
      observer.unobserve(more);
      observer.observe(more);
    }
  };

  /** Runs a query (page 0), or appends pages `from`…`to` of the current one; stale replies are dropped. */
  const run = async (query: string, from = 0, to = from) => {
    const id = ++latest;
    if (!query.trim()) {
      results = undefined;
      loading = false;
      render();
      return;
    }
    loading = true;
    try {
      const requests = [];
      for (let p = from; p <= to; p++) requests.push(request(query, p));
      const { results: replies } = await backend.client.search({ requests });
      if (id !== latest || disposed) return;
      const hits = replies.flatMap((r) => r.hits);
      results = {
        query,
        hits: from > 0 && results ? [...results.hits, ...hits] : hits,
        nbHits: replies[0].nbHits,
        nbPages: replies[0].nbPages,
        pages: to + 1,
      };
      loading = false;
      render();
    } catch {
      if (id !== latest || disposed) return;
      loading = false;
      render(true);
    }
  };

  const loadNext = () => {
    if (results && !loading && results.pages < results.nbPages) run(results.query, results.pages);
  };
  seeAll.addEventListener('click', () => {
    if (results) run(results.query, results.pages, results.nbPages - 1);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    run(input.value);
  });
  input.addEventListener('input', () => {
    // Keep the query shareable and reloadable without a history entry per keystroke.
    history.replaceState(history.state, '', searchPageUrl(data.baseUrl, input.value));
    run(input.value);
  });

  more.hidden = true;
  input.value = input.value || new URLSearchParams(location.search).get('q') || '';
  run(input.value);
  return () => {
    disposed = true;
    observer?.disconnect();
  };
}
