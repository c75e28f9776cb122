/**
 * Inline on every redirect page (renderer/redirects/page.ts), in <head> right after the refresh
 * <meta> it reads its target from: a meta refresh drops the reader's `?query` and `#anchor`, this
 * keeps them (`?sdk=go`, a heading link). The same text on every page, so one CSP hash allows it.
 */
const meta = document.querySelector<HTMLMetaElement>('meta[http-equiv="refresh"]');
const url = meta?.content.replace(/^\s*\d+\s*;\s*url=/i, '');
if (url) {
  const to = new URL(url, location.href);
  if (location.search) to.search = to.search ? `${to.search}&${location.search.slice(1)}` : location.search;
  if (location.hash) to.hash = location.hash;
  location.replace(to.href);
}
