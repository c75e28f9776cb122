import { routeFromRequestPath } from '../shared/routes.ts';
import type { ClientData } from '../shared/client-data.ts';
import { isInternal } from './internal-links.ts';
import type { RouteLoader } from './route-data.ts';

/** The data saver and 2g connections never prefetch (spec §7). */
function mayPrefetch(): boolean {
  const c = (navigator as any).connection;
  return !(c && (c.saveData || /2g/.test(c.effectiveType ?? '')));
}

/**
 * Loads a linked route's data before it is clicked: on hover or touch, and for links in the
 * content once they scroll into view. `observeLinks` must run after every region swap.
 */
export function prefetchLinks(data: ClientData, region: HTMLElement, routes: RouteLoader): { observeLinks(): void } {
  const prefetch = (a: HTMLAnchorElement) => {
    if (!mayPrefetch() || !isInternal(a, data) || a.pathname === location.pathname) return;
    routes.load(routeFromRequestPath(data.baseUrl, a.pathname)).catch(() => {});
  };
  const onIntent = (e: Event) => {
    const a = (e.target as HTMLElement).closest?.('a');
    if (a) prefetch(a);
  };
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  const observer =
    'IntersectionObserver' in window && mayPrefetch()
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer!.unobserve(entry.target);
            // Visible links prefetch when the browser is idle, so they never compete with the page.
            (window.requestIdleCallback ?? setTimeout)(() => prefetch(entry.target as HTMLAnchorElement));
          }
        })
      : undefined;
  return {
    observeLinks() {
      if (!observer) return;
      region.querySelectorAll<HTMLAnchorElement>('.doc-main a[href], .custom-page a[href]').forEach((a) => {
        if (isInternal(a, data)) observer.observe(a);
      });
    },
  };
}
