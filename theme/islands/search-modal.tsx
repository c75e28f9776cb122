/**
 * The search modal island: DocSearch's modal over either backend. This module (with React and
 * DocSearch) is loaded only when search is first used; see theme/client/search.ts.
 */
import {
  DocSearchModal,
  version as docSearchVersion,
  type DocSearchHit,
  type DocSearchTransformClient,
  type InternalDocSearchHit,
  type StoredDocSearchHit,
} from '@docsearch/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { ClientData } from '../shared/client-data.ts';
import { ColorModeProvider, useColorMode } from '../color-mode/react.tsx';
import type { ColorModeStore } from '../color-mode/store.ts';
import * as TEXTS from '../shared/texts.ts';
import { searchBackend, siteSearchParameters, type SearchBackend } from './search/backend.ts';
import { SEARCH_LIMITS } from './search/constants.ts';
import { prepareHits } from './search/hits.ts';
import { docSearchStylesPath } from '../shared/search/manifest.ts';
import { followLink, resultUrlRules } from './search/navigation.ts';
import type { SearchHit, SearchRequest, SearchResult } from '../shared/search/protocol.ts';
import { feedbackUrl, searchPageUrl } from '../shared/search/urls.ts';

/** Every word DocSearch shows, from the dictionary (its own defaults are English). */
const TRANSLATIONS = {
  searchBox: {
    searchInputLabel: TEXTS.searchButton,
    resetButtonTitle: TEXTS.searchModal.clearQuery,
    resetButtonAriaLabel: TEXTS.searchModal.clearQuery,
    cancelButtonText: TEXTS.searchModal.cancel,
    cancelButtonAriaLabel: TEXTS.searchModal.cancel,
  },
  startScreen: {
    recentSearchesTitle: TEXTS.searchModal.recent,
    noRecentSearchesText: TEXTS.noRecentSearches,
    saveRecentSearchButtonTitle: TEXTS.searchModal.saveRecent,
    removeRecentSearchButtonTitle: TEXTS.searchModal.removeRecent,
    favoriteSearchesTitle: TEXTS.searchModal.favorites,
    removeFavoriteSearchButtonTitle: TEXTS.searchModal.removeFavorite,
  },
  errorScreen: { titleText: TEXTS.unableToFetch, helpText: TEXTS.checkNetwork },
  noResultsScreen: {
    noResultsText: TEXTS.noResultsFor,
    suggestedQueryText: TEXTS.trySearchingFor,
    reportMissingResultsText: TEXTS.believeQueryShouldReturn,
    reportMissingResultsLinkText: TEXTS.letUsKnow,
  },
  footer: {
    selectText: TEXTS.searchModal.select,
    selectKeyAriaLabel: TEXTS.searchModal.enterKey,
    navigateText: TEXTS.searchModal.navigate,
    navigateUpKeyAriaLabel: TEXTS.searchModal.arrowUp,
    navigateDownKeyAriaLabel: TEXTS.searchModal.arrowDown,
    closeText: TEXTS.searchModal.close,
    closeKeyAriaLabel: TEXTS.searchModal.escapeKey,
    searchByText: TEXTS.searchModal.searchBy,
  },
};

/** An empty reply in the shape DocSearch reads. */
function emptyResult(request: SearchRequest): SearchResult {
  return {
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    hitsPerPage: SEARCH_LIMITS.hitsPerPage,
    processingTimeMS: 0,
    query: request.query ?? '',
    params: '',
    exhaustiveNbHits: true,
  };
}

/**
 * Wraps a backend client in the object DocSearch's `transformSearchClient` must return.
 *
 * DocSearch 3.9.0 cannot show its error screen: it sets the 'error' status when the client
 * fails, but autocomplete-core 1.17.9 resets the status to 'idle' in a `finally` right after,
 * before React renders. So a failure is reported to `onFailure` (the modal then shows the
 * error screen itself) and DocSearch gets an empty reply instead of an unhandled rejection.
 */
function docSearchClient(backend: SearchBackend, onFailure: (failed: boolean) => void): DocSearchTransformClient {
  const search = (params: { requests: SearchRequest[] }) => {
    onFailure(false); // a new query: its own reply decides
    return backend.client.search(params).then(
      (reply) => {
        onFailure(false);
        return reply;
      },
      (error) => {
        console.warn('Search failed:', error);
        onFailure(true);
        return { results: params.requests.map(emptyResult) };
      },
    );
  };
  return {
    search: search as unknown as DocSearchTransformClient['search'],
    addAlgoliaAgent: () => {},
    transporter: {
      algoliaAgent: {
        value: '',
        add() {
          return this;
        },
      },
    } as unknown as DocSearchTransformClient['transporter'],
  };
}

/** Follows the colour mode: the modal's CSS variables are defined per [data-theme]. */
function Themed({
  backend,
  failed,
  children,
}: {
  backend: SearchBackend['kind'];
  failed: boolean;
  children: ReactNode;
}) {
  const { mode } = useColorMode();
  return (
    // data-theme is MODE_ATTRIBUTE (color-mode/rules.ts), written out: importing rules.ts here would split it into a chunk of its own.
    <div
      className="search-modal"
      data-theme={mode}
      data-search-backend={backend}
      data-search-failed={failed || undefined}
    >
      {children}
    </div>
  );
}

/** DocSearch's error screen (same markup and classes), with the texts of spec §8. */
function ErrorScreen() {
  return (
    <div className="DocSearch-ErrorScreen search-error-screen" role="alert">
      <div className="DocSearch-Screen-Icon">
        <svg
          width="40"
          height="40"
          viewBox="0 0 20 20"
          fill="none"
          fillRule="evenodd"
          stroke="currentColor"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M19 4.8a16 16 0 00-2-1.2m-3.3-1.2A16 16 0 001.1 4.7M16.7 8a12 12 0 00-2.8-1.4M10 6a12 12 0 00-6.7 2M12.3 14.7a4 4 0 00-4.5 0M14.5 11.4A8 8 0 0010 10M3 16L18 2M10 18h0" />
        </svg>
      </div>
      <p className="DocSearch-Title">{TEXTS.unableToFetch}</p>
      <p className="DocSearch-Help">{TEXTS.checkNetwork}</p>
    </div>
  );
}

interface ModalProps {
  data: ClientData;
  colorMode: ColorModeStore;
  initialQuery?: string;
  onClose(): void;
}

function SearchModal({ data, colorMode, initialQuery, onClose }: ModalProps) {
  const backend = searchBackend(data);
  const [failed, setFailed] = useState(false);
  const [dropdown, setDropdown] = useState<HTMLElement | null>(null);
  useEffect(() => {
    setDropdown(document.querySelector<HTMLElement>('#search-modal-root .DocSearch-Dropdown'));
    // An emptied input sends no query, so nothing else would clear a failure: the start screen
    // must show. Deferred: a state update inside the input event would re-render DocSearch's
    // controlled input before it has read the new value.
    const input = document.querySelector<HTMLInputElement>('#search-modal-root .DocSearch-Input');
    const onInput = () => setTimeout(() => input?.value === '' && setFailed(false));
    input?.addEventListener('input', onInput);
    return () => input?.removeEventListener('input', onInput);
  }, []);
  // DocSearch rebuilds its client and sources whenever these identities change: keep them stable.
  const props = useMemo(() => {
    const rules = resultUrlRules(data);
    const template = data.search.feedbackUrl;
    return {
      searchParameters: siteSearchParameters(data, document.documentElement.lang || undefined),
      transformSearchClient: () => docSearchClient(backend, setFailed),
      transformItems: (items: DocSearchHit[]) =>
        prepareHits(items as unknown as SearchHit[], rules, location.origin) as unknown as DocSearchHit[],
      navigator: {
        navigate: ({ itemUrl }: { itemUrl: string }) => followLink(itemUrl, rules),
        navigateNewTab: ({ itemUrl }: { itemUrl: string }) => window.open(itemUrl, '_blank', 'noopener')?.focus(),
        navigateNewWindow: ({ itemUrl }: { itemUrl: string }) => void window.open(itemUrl, '_blank', 'noopener'),
      },
      hitComponent: ({ hit, children }: { hit: InternalDocSearchHit | StoredDocSearchHit; children: ReactNode }) => (
        <a href={hit.url}>{children}</a>
      ),
      // Without a function DocSearch leaves out the whole "Let us know." line.
      getMissingResultsUrl: template ? ({ query }: { query: string }) => feedbackUrl(template, query) : undefined,
    };
  }, [data, backend]);
  return (
    <ColorModeProvider store={colorMode}>
      <Themed backend={backend.kind} failed={failed}>
        <DocSearchModal
          appId={backend.appId}
          apiKey={backend.apiKey}
          indexName={backend.indexName}
          placeholder={TEXTS.searchPlaceholder}
          maxResultsPerGroup={SEARCH_LIMITS.maxResultsPerGroup}
          initialScrollY={window.scrollY}
          initialQuery={initialQuery}
          onClose={onClose}
          translations={TRANSLATIONS}
          resultsFooterComponent={({ state }) => (
            <a className="search-see-all" href={searchPageUrl(data.baseUrl, state.query)} onClick={onClose}>
              {TEXTS.seeAllResults(Number(state.context.nbHits ?? 0))}
            </a>
          )}
          {...props}
        />
        {failed && dropdown && createPortal(<ErrorScreen />, dropdown)}
      </Themed>
    </ColorModeProvider>
  );
}

let root: Root | undefined;
let open = false;
let returnFocus: HTMLElement | null = null;

/** Whether the modal is showing. */
export function isSearchOpen(): boolean {
  return open;
}

/** Closes the modal and gives focus back to what had it (the search button, usually). */
export function closeSearch(): void {
  if (!open) return;
  open = false;
  root?.render(null);
  returnFocus?.focus({ preventScroll: true });
  returnFocus = null;
}

/** Opens the modal, optionally with a query already typed. */
export function openSearch(data: ClientData, colorMode: ColorModeStore, typed?: string): void {
  if (open) return;
  // The input's maxLength does not apply to a value set from code.
  const initialQuery = typed?.slice(0, SEARCH_LIMITS.maxQueryLength);
  if (!root) {
    const host = document.createElement('div');
    host.id = 'search-modal-root';
    document.body.append(host);
    root = createRoot(host);
  }
  open = true;
  preloadSearch(data); // the index loads while the reader types the first characters
  returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  // Rendered synchronously, so the input has focus before the next key press arrives.
  flushSync(() =>
    root!.render(<SearchModal data={data} colorMode={colorMode} initialQuery={initialQuery} onClose={closeSearch} />),
  );
  const input = document.querySelector<HTMLInputElement>('#search-modal-root .DocSearch-Input');
  if (input && initialQuery) {
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length); // keep typing after it
  }
}

let styles: Promise<void> | undefined;

/**
 * Links DocSearch's stylesheet (emitted by the build, see renderer/search/search-files.ts) once;
 * resolves when it has loaded, or failed (the modal then still works, unstyled).
 */
export function loadStyles(data: ClientData): Promise<void> {
  return (styles ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `${data.baseUrl.replace(/\/$/, '')}/${docSearchStylesPath(docSearchVersion)}`;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  }));
}

/** Starts loading what the first query needs: the styles, and the index or the hosted client. */
export function preloadSearch(data: ClientData): void {
  void loadStyles(data);
  searchBackend(data).preload();
}
