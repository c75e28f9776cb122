/**
 * How long browsers and CDNs may keep each kind of output file. Files whose name carries a hash
 * of their content (the bundles in `assets/`, the share cards in `og/`) never change under their
 * URL, so they are kept for a year without asking again; everything else (HTML, `__data` JSON,
 * Markdown copies, llms.txt, pictures under their own names) must be revalidated, so a deploy is
 * seen at once. Written into `_headers` for static hosts; `docs serve` answers from that file.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Folders (under the base URL) that hold only content-hashed files. */
export const HASHED_FOLDERS = ['assets', 'og'] as const;

/**
 * Path rules for `_headers`, the base URL in front. Only hashed folders get an explicit rule:
 * Netlify and Cloudflare join the values of every rule that matches a path, so a `/*` rule with
 * its own Cache-Control would be joined to the immutable one; their default for other files is
 * already `public, max-age=0, must-revalidate`, which `docs serve` sends too.
 */
export function cacheRules(baseUrl: string): { path: string; cacheControl: string }[] {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return HASHED_FOLDERS.map((folder) => ({ path: `${base}${folder}/*`, cacheControl: IMMUTABLE }));
}
