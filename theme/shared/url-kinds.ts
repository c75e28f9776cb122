/**
 * What kind of address a link holds. One home for these tests: a site path (`/a`, `a/b`, `#x`)
 * is ours to resolve, check and prefix with the base URL; anything with a scheme (`https:`,
 * `mailto:`, `tel:`) or protocol-relative (`//host`) leaves the site as written.
 */
/** Whether the address leaves the site: it has a scheme or starts with `//`. */
export function leavesSite(url: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(url);
}

/** The scheme of an address that runs code when followed (`javascript:`, `vbscript:`, `data:` except a picture's `data:image/`), else undefined. Browsers ignore whitespace and controls inside a scheme, so they are ignored here too. */
export function codeScheme(url: string, picture = false): string | undefined {
  const bare = url.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  const scheme = /^(javascript|vbscript|data):/.exec(bare)?.[1];
  if (!scheme || (scheme === 'data' && picture && bare.startsWith('data:image/'))) return undefined;
  return scheme;
}
