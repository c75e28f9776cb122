import { TEXTS } from '../shared/texts.ts';
import { dataUrl, routeFromRequestPath } from '../shared/routes.ts';
import type { ClientData } from '../shared/client-data.ts';
import { startLoading } from './progress.ts';

interface RouteData {
  route: string;
  documentTitle: string;
  description: string;
  region: string;
}

export interface RouterHooks {
  /** After a region is in place: wire behaviours. Throwing shows the crash box. */
  onRender(region: HTMLElement, route: string): void;
  /** After a navigation to a new pathname (not hash-only). */
  onNavigate(route: string): void;
}

class NotFoundError extends Error {}

/** `#%E0%A4%A` (a visitor's URL) is not valid percent-encoding: use it as written. */
function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

const cache = new Map<string, Promise<RouteData>>();

function fetchRoute(data: ClientData, route: string): Promise<RouteData> {
  let pending = cache.get(route);
  if (!pending) {
    pending = fetch(dataUrl(data.baseUrl, route)).then((res) => {
      if (res.status === 404) throw new NotFoundError(route);
      if (!res.ok) throw new Error(`${TEXTS.loadFailed} (HTTP ${res.status})`);
      return res.json() as Promise<RouteData>;
    });
    // A failed load is not cached, so Retry really loads again.
    pending.catch(() => cache.delete(route));
    cache.set(route, pending);
  }
  return pending;
}

/** The data saver and 2g connections never prefetch (spec §7). */
function mayPrefetch(): boolean {
  const c = (navigator as any).connection;
  return !(c && (c.saveData || /2g/.test(c.effectiveType ?? '')));
}

function isInternal(a: HTMLAnchorElement, data: ClientData): boolean {
  if (a.target && a.target !== '_self') return false;
  if (a.hasAttribute('download') || a.origin !== location.origin) return false;
  if (!a.pathname.startsWith(data.baseUrl.replace(/\/$/, '') || '/')) return false;
  // Files (assets, .md, sitemap) load normally.
  return !/\.[a-z0-9]+$/i.test(a.pathname) || a.pathname.endsWith('.html');
}

/**
 * Client-side navigation: fetches the next route's data file, swaps #page, keeps history and
 * scroll positions, prefetches on hover/touch/visibility, and shows the §8 texts on failure.
 */
export function createRouter(data: ClientData, hooks: RouterHooks) {
  const region = document.getElementById('page')!;
  let currentPath = location.pathname;
  let navId = 0;
  history.scrollRestoration = 'manual';

  const saveScroll = () => history.replaceState({ ...(history.state ?? {}), scrollY: scrollY }, '');

  function showError(message: string, retry: () => void, crash: boolean) {
    region.innerHTML = '';
    const box = document.createElement('div');
    box.className = crash ? 'page-crash' : 'load-error';
    box.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = crash ? TEXTS.pageCrashed : message;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button';
    button.textContent = crash ? TEXTS.tryAgain : TEXTS.retry;
    button.addEventListener('click', retry);
    box.append(text, button);
    const main = document.createElement('main');
    main.id = 'main';
    main.className = 'error-page';
    main.append(box);
    region.append(main);
  }

  function render(route: string, swap?: () => void) {
    try {
      swap?.();
      hooks.onRender(region, route);
      observeLinks();
    } catch (error) {
      console.error(error);
      cache.delete(route); // Try again must load fresh data, not the copy that crashed
      showError(TEXTS.pageCrashed, () => navigate(location.href, { replace: true, force: true }), true);
    }
  }

  async function navigate(href: string, opts: { replace?: boolean; pop?: boolean; force?: boolean; scrollY?: number; refresh?: boolean } = {}) {
    const url = new URL(href, location.href);
    const route = routeFromRequestPath(data.baseUrl, url.pathname);
    const id = ++navId;
    const stop = startLoading(region);
    try {
      const next = await fetchRoute(data, route);
      if (id !== navId) return;
      if (!opts.pop) {
        if (opts.replace) history.replaceState({}, '', url.href);
        else history.pushState({}, '', url.href);
      }
      const pathChanged = url.pathname !== currentPath;
      currentPath = url.pathname;
      render(next.route, () => {
        // Malformed page data is a render error: it shows the crash box, never a blank page.
        if (typeof next?.region !== 'string' || typeof next.documentTitle !== 'string') throw new Error(`Malformed page data for ${route}`);
        document.title = next.documentTitle;
        document.querySelector('meta[name="description"]')?.setAttribute('content', next.description);
        region.innerHTML = next.region;
        region.dataset.route = next.route;
      });
      if (opts.scrollY !== undefined) scrollTo(0, opts.scrollY);
      else if (url.hash) document.getElementById(decodeHash(url.hash))?.scrollIntoView();
      else scrollTo(0, 0);
      if (!opts.refresh) (document.getElementById('main') as HTMLElement | null)?.focus({ preventScroll: true });
      if (pathChanged) hooks.onNavigate(next.route);
    } catch (error) {
      if (id !== navId) return;
      if (error instanceof NotFoundError) {
        // Unknown route: let the server answer (its 404 page) with a full load.
        location.assign(url.href);
        return;
      }
      if (!opts.pop) history.pushState({}, '', url.href);
      currentPath = url.pathname;
      showError(error instanceof Error && error.message.startsWith(TEXTS.loadFailed) ? error.message : TEXTS.loadFailed, () => navigate(url.href, { replace: true }), false);
    } finally {
      if (id === navId) stop();
    }
  }

  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as HTMLElement).closest?.('a');
    if (!a || !isInternal(a, data)) return;
    if (a.pathname === location.pathname && a.hash) return; // in-page anchor: the browser scrolls
    e.preventDefault();
    saveScroll();
    navigate(a.href);
  });

  addEventListener('popstate', (e) => {
    if (location.pathname === currentPath) return; // hash change only
    navigate(location.href, { pop: true, scrollY: e.state?.scrollY ?? 0 });
  });
  addEventListener('pagehide', saveScroll);
  // `docs dev` after a Markdown save: the page's new data in place, scroll kept (cli/dev.ts).
  addEventListener('docs:refresh', (e) => {
    e.preventDefault();
    cache.clear();
    navigate(location.href, { pop: true, scrollY, refresh: true });
  });

  const prefetch = (a: HTMLAnchorElement) => {
    if (!mayPrefetch() || !isInternal(a, data) || a.pathname === location.pathname) return;
    fetchRoute(data, routeFromRequestPath(data.baseUrl, a.pathname)).catch(() => {});
  };
  const onIntent = (e: Event) => {
    const a = (e.target as HTMLElement).closest?.('a');
    if (a) prefetch(a);
  };
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  const observer = 'IntersectionObserver' in window && mayPrefetch()
    ? new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer!.unobserve(entry.target);
          // Visible links prefetch when the browser is idle, so they never compete with the page.
          (window.requestIdleCallback ?? setTimeout)(() => prefetch(entry.target as HTMLAnchorElement));
        }
      })
    : undefined;
  const observeLinks = () => {
    if (!observer) return;
    region.querySelectorAll<HTMLAnchorElement>('.doc-main a[href], .custom-page a[href]').forEach((a) => {
      if (isInternal(a, data)) observer.observe(a);
    });
  };

  render(routeFromRequestPath(data.baseUrl, location.pathname));
  return { navigate, observeLinks };
}
