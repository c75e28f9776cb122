/**
 * Where a search result links to (spec §7): internal URLs are rebased onto this site's base URL
 * (path and hash) and optionally rewritten by `replaceSearchResultPathname`; URLs matching
 * `externalUrlRegex`, and addresses on other origins, stay as they are. No DOM APIs here.
 */
import { SEARCH_ROUTE, withBase } from '../routes.ts';

export interface ResultUrlRules {
  baseUrl: string;
  /** Origins whose URLs are pages of this site: the one serving the page, the production one. */
  siteOrigins: string[];
  externalUrlRegex?: string;
  replaceSearchResultPathname?: { from: string; to: string };
}

export interface ResultLink {
  href: string;
  /** Opens normally (full load); internal links go through the client router. */
  external: boolean;
}

/** Resolves a result URL (absolute, or relative to `currentOrigin`) to the link to render. */
export function resultLink(url: string, rules: ResultUrlRules, currentOrigin: string): ResultLink {
  if (rules.externalUrlRegex && new RegExp(rules.externalUrlRegex).test(url)) return { href: url, external: true };
  let parsed: URL;
  try {
    parsed = new URL(url, `${currentOrigin}/`);
  } catch {
    return { href: url, external: true };
  }
  if (!/^https?:$/.test(parsed.protocol) || !rules.siteOrigins.includes(parsed.origin))
    return { href: url, external: true };
  let pathname = parsed.pathname;
  const replace = rules.replaceSearchResultPathname;
  if (replace) pathname = pathname.replace(new RegExp(replace.from, 'g'), replace.to);
  const base = rules.baseUrl.replace(/\/$/, '');
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  // Records may come from a build with another base URL (or none): put ours in front once.
  if (base && pathname !== base && !pathname.startsWith(`${base}/`)) pathname = base + pathname;
  return { href: pathname + parsed.hash, external: false };
}

/** URL of the /search page for a query. */
export function searchPageUrl(baseUrl: string, query: string): string {
  const path = withBase(baseUrl, SEARCH_ROUTE);
  return query ? `${path}?q=${encodeURIComponent(query)}` : path;
}

/** The no-results screen's report link: the site's `search.feedbackUrl` with `{query}` filled in. */
export function feedbackUrl(template: string, query: string): string {
  return template.replace(/\{query\}/g, () => encodeURIComponent(query));
}
