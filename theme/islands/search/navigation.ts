/** Following search results in the browser: internal ones through the client router. */
import type { ClientData } from '../../shared/client-data.ts';
import { resultLink, type ResultUrlRules } from '../../shared/search/urls.ts';

/**
 * The URL rules of this page. The production origin comes from the canonical link every page
 * carries, so absolute record URLs (https://docs.example.com/…) count as internal anywhere the
 * site is served.
 */
export function resultUrlRules(data: ClientData): ResultUrlRules {
  const origins = [location.origin];
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (canonical) origins.push(new URL(canonical).origin);
  return {
    baseUrl: data.baseUrl,
    siteOrigins: origins,
    externalUrlRegex: data.search.externalUrlRegex,
    replaceSearchResultPathname: data.search.replaceSearchResultPathname,
  };
}

/**
 * Goes to a result from the keyboard. An internal link is clicked as a real anchor, so the
 * client router (theme/client/router.ts) handles it exactly like a mouse click; anything else
 * loads normally.
 */
export function followLink(url: string, rules: ResultUrlRules): void {
  const link = resultLink(url, rules, location.origin);
  if (link.external) {
    location.assign(link.href);
    return;
  }
  const a = document.createElement('a');
  a.href = link.href;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}
