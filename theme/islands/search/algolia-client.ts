/**
 * The hosted backend: algoliasearch's lite client (the one @docsearch/react depends on),
 * pointed at the configured hosts when given. Loaded only when `search.algolia` is configured.
 */
import { liteClient } from 'algoliasearch/lite';
import { ALGOLIA_TIMEOUTS } from './constants.ts';
import { escapeText } from '../../shared/escape.ts';
import { DEFAULTS, type SearchClient, type SearchRequest, type SearchResult } from '../../shared/search/protocol.ts';

export interface AlgoliaConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  /** `host[:port]` (https) or `http(s)://host[:port]`. */
  hosts?: string[];
}

/** `http://127.0.0.1:8080` → { url: '127.0.0.1:8080', protocol: 'http' }; a bare host is https. */
export function toHost(host: string): { url: string; accept: 'readWrite'; protocol: 'http' | 'https' } {
  const m = /^(https?):\/\/(.+?)\/?$/.exec(host);
  return {
    url: m ? m[2] : host.replace(/\/$/, ''),
    accept: 'readWrite',
    protocol: m?.[1] === 'http' ? 'http' : 'https',
  };
}

/*
 * Algolia returns highlighted values with the record's text as is. Records are plain text that
 * may contain markup-like strings, and DocSearch puts these values into innerHTML, so the
 * request asks for marker tags that cannot occur in HTML, and the reply is escaped before the
 * markers become the tags the caller asked for — the same HTML the embedded backend produces.
 */
const PRE = '__docs-mark__';
const POST = '__/docs-mark__';

function escapeValues(node: unknown, pre: string, post: string): unknown {
  if (Array.isArray(node)) return node.map((n) => escapeValues(n, pre, post));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === 'value' && typeof value === 'string'
        ? escapeText(value).split(PRE).join(pre).split(POST).join(post)
        : escapeValues(value, pre, post);
  }
  return out;
}

/** Escapes one result's highlight and snippet values (see above). */
export function escapeResult(result: SearchResult, request: SearchRequest): SearchResult {
  const pre = request.highlightPreTag ?? DEFAULTS.highlightPreTag;
  const post = request.highlightPostTag ?? DEFAULTS.highlightPostTag;
  return {
    ...result,
    hits: (result.hits ?? []).map((hit) => ({
      ...hit,
      _highlightResult: escapeValues(hit._highlightResult, pre, post) as typeof hit._highlightResult,
      _snippetResult: escapeValues(hit._snippetResult, pre, post) as typeof hit._snippetResult,
    })),
  };
}

/** The underlying lite client (exposed for tests of its transport settings). */
export function createLiteClient(config: AlgoliaConfig) {
  return liteClient(config.appId, config.apiKey, {
    // The browser build's defaults, stated so every build (Node runs the tests) behaves alike:
    // credentials as query parameters (no CORS preflight), 1 s / 2 s / 30 s timeouts.
    authMode: 'WithinQueryParameters',
    timeouts: { ...ALGOLIA_TIMEOUTS },
    ...(config.hosts?.length ? { hosts: config.hosts.map(toHost) } : {}),
  });
}

/** A search client for the configured Algolia application. */
export function algoliaSearchClient(config: AlgoliaConfig): SearchClient {
  const client = createLiteClient(config);
  return {
    async search({ requests }) {
      const tagged = requests.map((r) => ({
        indexName: config.indexName,
        ...r,
        highlightPreTag: PRE,
        highlightPostTag: POST,
      }));
      const { results } = await client.search({ requests: tagged as never });
      return { results: (results as unknown as SearchResult[]).map((r, i) => escapeResult(r, requests[i])) };
    },
  };
}
