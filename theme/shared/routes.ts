import { leavesSite } from './url-kinds.ts';

/**
 * A route (`/a/b`, base URL not included) and every path derived from it: the source file it
 * comes from, the files the build writes for it, the URLs a browser asks for. The build,
 * `docs dev`, `docs serve` and the client router all map through here, so a route cannot be
 * written one way and looked up another. No Node or DOM APIs: the browser bundle uses it too.
 *
 * Paths are relative to the site's root (the output folder), without a leading slash, as the
 * build writes them; `withBase` turns one into a URL.
 */

export const HOME_ROUTE = '/';
/** The custom page content/pages/search.tsx; the theme links to it without knowing the file. */
export const SEARCH_ROUTE = '/search';
/** The not-found page's route, as its page data and client data file name it. */
export const NOT_FOUND_ROUTE = '/404';

const DATA_DIR = '__data';

/** `a/b/index.md` → `/a/b`; `a/b.md` → `/a/b`; `index.md` → `/`. */
export function routeFromSourcePath(relPath: string): string {
  const noExt = relPath.replace(/\.md$/, '');
  const folder = noExt === 'index' ? '' : noExt.endsWith('/index') ? noExt.slice(0, -'/index'.length) : noExt;
  return `/${folder}`;
}

/** A custom page's file name without `.tsx`: `index` → `/`, `search` → `/search`. */
export function routeFromPageName(name: string): string {
  return name === 'index' ? HOME_ROUTE : `/${name}`;
}

/**
 * The route's page: `/a/b` → `a/b/index.html`, `/` → `index.html`. The not-found page is
 * `404.html` whatever its route: static hosts serve that file for any unknown path.
 */
export function outputHtmlPath(route: string, opts: { notFound?: boolean } = {}): string {
  if (opts.notFound) return '404.html';
  return route === HOME_ROUTE ? 'index.html' : `${route.slice(1)}/index.html`;
}

/** The route's client data file, what the router swaps in: `/a/b` → `__data/a/b.json`, `/` → `__data/index.json`. */
export function dataPath(route: string): string {
  return `${DATA_DIR}${route === HOME_ROUTE ? '/index' : route}.json`;
}

/** The route of a data file path (base URL removed, leading slash optional), or undefined if it is none. */
export function routeFromDataPath(pathname: string): string | undefined {
  const m = /^\/?__data(\/.*)\.json$/.exec(pathname);
  if (!m) return undefined;
  return m[1] === '/index' ? HOME_ROUTE : m[1];
}

/** Where a route's client data file is served: ('/docs/', '/a') → '/docs/__data/a.json'. */
export function dataUrl(baseUrl: string, route: string): string {
  return withBase(baseUrl, dataPath(route));
}

/** The route's Markdown copy (for machines): `/a/b` → `a/b.md`, `/` → `index.md`. */
export function markdownPath(route: string): string {
  return route === HOME_ROUTE ? 'index.md' : `${route.slice(1)}.md`;
}

/** Prefixes a route or site path with the base URL: ('/docs/', '/a') → '/docs/a'. Absolute URLs pass. */
export function withBase(baseUrl: string, route: string): string {
  if (leavesSite(route)) return route;
  return baseUrl.replace(/\/$/, '') + (route.startsWith('/') ? route : `/${route}`);
}

/** `/api/` → `/api`; `/` (and '') → `/`. A trailing slash never makes a different route. */
export function trimRoute(p: string): string {
  return p.replace(/\/+$/, '') || '/';
}

/** Removes the base URL from a pathname: ('/docs/', '/docs/a') → '/a'. A pathname outside it is kept. */
export function stripBase(baseUrl: string, pathname: string): string {
  const base = baseUrl.replace(/\/$/, '');
  return base && pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
}

/**
 * The route a page URL's pathname asks for: ('/docs/', '/docs/a/b/') → '/a/b'. A page has
 * several clean forms (with or without the trailing slash, `index.html` or `.html`).
 */
export function routeFromRequestPath(baseUrl: string, pathname: string): string {
  return trimRoute(
    stripBase(baseUrl, pathname)
      .replace(/\/index\.html$/, '')
      .replace(/\.html$/, ''),
  );
}

/**
 * The files that may answer a request, in order, given its path's segments (decoded, base
 * URL removed): the file itself, then the folder's page (as outputHtmlPath writes it), then
 * `<path>.html`. The site root has only its page.
 */
export function filesForRequest(segments: string[]): string[] {
  const file = segments.join('/');
  return file ? [file, `${file}/index.html`, `${file}.html`] : [outputHtmlPath(HOME_ROUTE)];
}

/**
 * The same page in another locale: the default locale has no prefix, others get `/<locale>`
 * inserted after the base URL (spec §1).
 */
export function localizedUrl(opts: {
  baseUrl: string;
  pathname: string;
  locale: string;
  defaultLocale: string;
  locales: string[];
}): string {
  const base = opts.baseUrl.replace(/\/$/, '');
  let rest = stripBase(opts.baseUrl, opts.pathname);
  const first = rest.split('/')[1];
  if (first && first !== opts.defaultLocale && opts.locales.includes(first)) rest = rest.slice(first.length + 1) || '/';
  const prefix = opts.locale === opts.defaultLocale ? '' : `/${opts.locale}`;
  return `${base}${prefix}${rest.startsWith('/') ? rest : `/${rest}`}`;
}
