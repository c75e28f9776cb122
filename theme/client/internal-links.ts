import type { ClientData } from '../shared/client-data.ts';

/** A link the router may follow: same origin and window, under the base URL, a page rather than a file. */
export function isInternal(a: HTMLAnchorElement, data: ClientData): boolean {
  if (a.target && a.target !== '_self') return false;
  if (a.hasAttribute('download') || a.origin !== location.origin) return false;
  if (!a.pathname.startsWith(data.baseUrl.replace(/\/$/, '') || '/')) return false;
  // Files (assets, .md, sitemap) load normally.
  return !/\.[a-z0-9]+$/i.test(a.pathname) || a.pathname.endsWith('.html');
}

/**
 * Plain left clicks on internal links go to `follow` instead of the browser. Modified clicks
 * (new tab, download), clicks a handler already took and in-page anchors stay the browser's.
 */
export function interceptLinkClicks(data: ClientData, follow: (a: HTMLAnchorElement) => void): void {
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as HTMLElement).closest?.('a');
    if (!a || !isInternal(a, data)) return;
    if (a.pathname === location.pathname && a.hash) return; // in-page anchor: the browser scrolls
    e.preventDefault();
    follow(a);
  });
}
