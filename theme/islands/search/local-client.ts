/**
 * The embedded backend in the browser: fetches the manifest on first use (never on page load),
 * then, per query, the index files it needs that this page has not fetched yet.
 */
import { createLocalEngine, searchLocal, type LocalEngine } from './local-engine.ts';
import { manifestUrl, type SearchManifest } from '../../shared/search/manifest.ts';
import type { SearchClient } from '../../shared/search/protocol.ts';

/** Raised when the index cannot be loaded; the UI shows 'Unable to fetch results'. */
export class SearchUnavailableError extends Error {
  override name = 'SearchUnavailableError';
}

async function fetchJson<T>(url: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (error) {
    throw new SearchUnavailableError(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!res.ok) throw new SearchUnavailableError(`${url}: HTTP ${res.status}`);
  return res.json() as Promise<T>;
}

const engines = new Map<string, Promise<LocalEngine>>();

/** Loads (once per page) the engine of a site; a failed load is forgotten so the next query retries. */
export function loadLocalEngine(baseUrl: string): Promise<LocalEngine> {
  let pending = engines.get(baseUrl);
  if (!pending) {
    const root = baseUrl.replace(/\/$/, '');
    pending = fetchJson<SearchManifest>(manifestUrl(baseUrl)).then((m) =>
      createLocalEngine(m, (file) => fetchJson(`${root}/${file}`)),
    );
    pending.catch(() => engines.delete(baseUrl));
    engines.set(baseUrl, pending);
  }
  return pending;
}

/** A search client over the embedded index of the site at `baseUrl`. */
export function localSearchClient(baseUrl: string): SearchClient {
  return {
    async search({ requests }) {
      const engine = await loadLocalEngine(baseUrl);
      return { results: await Promise.all(requests.map((r) => searchLocal(engine, r))) };
    },
  };
}
