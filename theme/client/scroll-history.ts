/**
 * The router keeps scroll positions itself, in each history entry's state: the browser would
 * restore them before the swapped-in page is there.
 */
export function keepScrollInHistory(): void {
  history.scrollRestoration = 'manual';
}

/** Stores the current scroll position in the current history entry, for Back and Forward. */
export function saveScroll(): void {
  history.replaceState({ ...(history.state ?? {}), scrollY: scrollY }, '');
}

/** A new history entry for `url`, or the current one replaced. */
export function recordNavigation(url: URL, replace: boolean | undefined): void {
  if (replace) history.replaceState({}, '', url.href);
  else history.pushState({}, '', url.href);
}

/** Where a navigation lands: a remembered position, else the URL's anchor, else the top. */
export function scrollAfterNavigation(url: URL, savedY: number | undefined): void {
  if (savedY !== undefined) scrollTo(0, savedY);
  else if (url.hash) document.getElementById(decodeHash(url.hash))?.scrollIntoView();
  else scrollTo(0, 0);
}

/** `#%E0%A4%A` (a visitor's URL) is not valid percent-encoding: use it as written. */
function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * Back and Forward to another page, with the position saved when it was left; a hash-only
 * change is the browser's. The position is saved when the page is left for another site too.
 */
export function followHistory(currentPath: () => string, navigate: (href: string, scrollY: number) => void): void {
  addEventListener('popstate', (e) => {
    if (location.pathname === currentPath()) return;
    navigate(location.href, e.state?.scrollY ?? 0);
  });
  addEventListener('pagehide', saveScroll);
}
