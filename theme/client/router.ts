import * as TEXTS from '../shared/texts.ts';
import { routeFromRequestPath } from '../shared/routes.ts';
import type { ClientData } from '../shared/client-data.ts';
import { interceptLinkClicks } from './internal-links.ts';
import { prefetchLinks } from './prefetch.ts';
import { startLoading } from './progress.ts';
import { showCrash, showLoadError, swapRegion } from './region-swap.ts';
import { createRouteLoader, NotFoundError } from './route-data.ts';
import {
  followHistory,
  keepScrollInHistory,
  recordNavigation,
  saveScroll,
  scrollAfterNavigation,
} from './scroll-history.ts';

export interface RouterHooks {
  /** After a region is in place: wire behaviours. Throwing shows the crash box. */
  onRender(region: HTMLElement, route: string): void;
  /** After a navigation to a new pathname (not hash-only). */
  onNavigate(route: string): void;
}

interface NavigateOptions {
  /** Replace the current history entry instead of adding one (Retry, Try again). */
  replace?: boolean;
  /** Back or Forward: the history entry exists already. */
  pop?: boolean;
  /** The position to restore instead of the anchor or the top. */
  scrollY?: number;
  /** `docs dev` updating the open page: focus stays where the reader has it. */
  refresh?: boolean;
  /** With `refresh`: the sidebar cannot have changed, keep it as it is. */
  keepSidebar?: boolean;
}

/** What `docs dev` tells the router with a 'docs:refresh' event (theme/client/live-reload.ts). */
export interface RefreshDetail {
  keepSidebar: boolean;
}

/** The §8 text of a failed load: the loader's own (with the HTTP status) when it has one. */
function loadErrorMessage(error: unknown): string {
  return error instanceof Error && error.message.startsWith(TEXTS.loadFailed) ? error.message : TEXTS.loadFailed;
}

/**
 * Client-side navigation: fetches the next route's data file, swaps #page, keeps history and
 * scroll positions, prefetches on hover/touch/visibility, and shows the §8 texts on failure.
 */
export function createRouter(data: ClientData, hooks: RouterHooks) {
  const region = document.getElementById('page')!;
  const routes = createRouteLoader(data.baseUrl);
  let currentPath = location.pathname;
  let navId = 0; // only the latest navigation may touch the page
  keepScrollInHistory();

  function render(route: string, swap?: () => void) {
    try {
      swap?.();
      hooks.onRender(region, route);
      observeLinks();
    } catch (error) {
      console.error(error);
      routes.forget(route); // Try again must load fresh data, not the copy that crashed
      showCrash(region, () => navigate(location.href, { replace: true }));
    }
  }

  async function navigate(href: string, opts: NavigateOptions = {}) {
    const url = new URL(href, location.href);
    const route = routeFromRequestPath(data.baseUrl, url.pathname);
    const id = ++navId;
    const stop = startLoading(region);
    try {
      const next = await routes.load(route);
      if (id !== navId) return;
      if (!opts.pop) recordNavigation(url, opts.replace);
      const pathChanged = url.pathname !== currentPath;
      currentPath = url.pathname;
      // `docs dev` refreshes render the sidebar anew unless told its items are the same.
      render(next.route, () => swapRegion(region, next, route, !opts.refresh || opts.keepSidebar));
      scrollAfterNavigation(url, opts.scrollY);
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
      showLoadError(region, loadErrorMessage(error), () => navigate(url.href, { replace: true }));
    } finally {
      if (id === navId) stop();
    }
  }

  interceptLinkClicks(data, (a) => {
    saveScroll();
    navigate(a.href);
  });
  followHistory(
    () => currentPath,
    (href, scrollY) => navigate(href, { pop: true, scrollY }),
  );
  // `docs dev` after a Markdown save: the page's new data in place, scroll kept (theme/client/live-reload.ts).
  addEventListener('docs:refresh', (e) => {
    e.preventDefault();
    routes.forgetAll();
    navigate(location.href, {
      pop: true,
      scrollY,
      refresh: true,
      keepSidebar: (e as CustomEvent<RefreshDetail | null>).detail?.keepSidebar,
    });
  });
  const { observeLinks } = prefetchLinks(data, region, routes);

  render(routeFromRequestPath(data.baseUrl, location.pathname));
  return { navigate, observeLinks };
}
