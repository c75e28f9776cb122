/**
 * Picks the search backend for the page: Algolia when `search.algolia` is configured, else the
 * embedded index. Both give the same client interface, so the UI never branches on it.
 */
import type { ClientData } from '../../shared/client-data.ts';
import { LOCAL_INDEX_NAME, SEARCH_LIMITS } from './constants.ts';
import { loadLocalEngine, localSearchClient } from './local-client.ts';
import type { SearchClient, SearchRequest } from '../../shared/search/protocol.ts';
import { contextualFacetFilters } from '../../shared/search/record.ts';

export interface SearchBackend {
  kind: 'local' | 'algolia';
  /** DocSearch requires credentials and an index name; the embedded backend never sends them anywhere. */
  appId: string;
  apiKey: string;
  indexName: string;
  client: SearchClient;
  /** Starts loading what the first query needs (hover or focus of the search button). */
  preload(): void;
}

let cached: SearchBackend | undefined;

/** The backend of this page (one per page load). */
export function searchBackend(data: ClientData): SearchBackend {
  if (cached) return cached;
  const algolia = data.search.algolia;
  if (algolia) {
    // The lite client lives in its own chunk, loaded only on sites that configure Algolia.
    const client = import('./algolia-client.ts').then((m) => m.algoliaSearchClient(algolia));
    cached = {
      kind: 'algolia',
      appId: algolia.appId,
      apiKey: algolia.apiKey,
      indexName: algolia.indexName,
      client: { search: (p) => client.then((c) => c.search(p)) },
      preload: () => void client,
    };
  } else {
    cached = {
      kind: 'local',
      appId: 'local',
      apiKey: 'local',
      indexName: LOCAL_INDEX_NAME,
      client: localSearchClient(data.baseUrl),
      preload: () => void loadLocalEngine(data.baseUrl).catch(() => {}),
    };
  }
  return cached;
}

/**
 * Parameters every query of the site sends: 20 hits per page, and contextual search on the
 * reader's language and the docs version (spec §7).
 */
export function siteSearchParameters(
  data: ClientData,
  language = data.locales.default,
): Pick<SearchRequest, 'hitsPerPage' | 'facetFilters'> {
  return { hitsPerPage: SEARCH_LIMITS.hitsPerPage, facetFilters: contextualFacetFilters(language, data.version) };
}
