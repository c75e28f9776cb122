/**
 * Search constants of spec §9. They are DocSearch 3.9.0's own defaults (src/constants.ts
 * MAX_QUERY_SIZE, DocSearchModal.tsx hitsPerPage / stored-search limits, utils/groupBy.ts,
 * autocomplete-core's stallThreshold); the ones DocSearch takes as props are passed
 * explicitly so an upgrade that changes a default cannot change the site.
 */
export const SEARCH_LIMITS = {
  /** Input maxLength (DocSearch's MAX_QUERY_SIZE; not a prop). */
  maxQueryLength: 64,
  /** `searchParameters.hitsPerPage`. */
  hitsPerPage: 20,
  /** `maxResultsPerGroup`. */
  maxResultsPerGroup: 5,
  /** Recent searches kept (not a prop). */
  recentSearches: 7,
  /** Recent searches kept once a favorite exists (not a prop). */
  recentSearchesWithFavorites: 4,
  /** Favorites kept (not a prop). */
  favoriteSearches: 10,
  /** ms before the 'stalled' status (autocomplete-core's stallThreshold; not a DocSearch prop). */
  stallThreshold: 300,
} as const;

/**
 * Algolia client timeouts (ms) and how long a host marked down is skipped; the values of
 * algoliasearch's lite browser client and its host cache (client-common EXPIRATION_DELAY).
 */
export const ALGOLIA_TIMEOUTS = { connect: 1_000, read: 2_000, write: 30_000 } as const;
export const HOST_RETRY_AFTER_MS = 2 * 60 * 1_000;

/** DocSearch needs an index name (it keys recent searches by it) even for the embedded backend. */
export const LOCAL_INDEX_NAME = 'docs';

/** Id of the /search page's input (server-rendered form, taken over by the island). */
export const SEARCH_INPUT_ID = 'search-page-input';
