/** URL helpers shared by the build and the browser. No Node or DOM APIs. */

/** Prefixes a site route with the base URL: ('/docs/', '/a') → '/docs/a'. */
export function withBase(baseUrl: string, route: string): string {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(route)) return route;
  return baseUrl.replace(/\/$/, '') + (route.startsWith('/') ? route : `/${route}`);
}

/** Removes the base URL from a pathname: ('/docs/', '/docs/a') → '/a'. */
export function stripBase(baseUrl: string, pathname: string): string {
  const base = baseUrl.replace(/\/$/, '');
  const rest = base && pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  const route = rest.replace(/\/index\.html$/, '').replace(/\.html$/, '').replace(/\/+$/, '');
  return route || '/';
}

/** Where a route's client data file is served: '/' → '/__data/index.json'. */
export function dataUrl(baseUrl: string, route: string): string {
  return withBase(baseUrl, `/__data${route === '/' ? '/index' : route}.json`);
}

/**
 * The same page in another locale: the default locale has no prefix, others get `/<locale>`
 * inserted after the base URL (spec §1).
 */
export function localizedUrl(opts: { baseUrl: string; pathname: string; locale: string; defaultLocale: string; locales: string[] }): string {
  const base = opts.baseUrl.replace(/\/$/, '');
  let rest = opts.pathname.startsWith(base) ? opts.pathname.slice(base.length) : opts.pathname;
  const first = rest.split('/')[1];
  if (first && first !== opts.defaultLocale && opts.locales.includes(first)) rest = rest.slice(first.length + 1) || '/';
  const prefix = opts.locale === opts.defaultLocale ? '' : `/${opts.locale}`;
  return `${base}${prefix}${rest.startsWith('/') ? rest : `/${rest}`}`;
}
