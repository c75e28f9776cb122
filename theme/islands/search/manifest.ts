/**
 * `search/manifest.json`: names the current embedded index. The index file is content-hashed
 * (cacheable forever); this small file is revalidated (ETag) and points at it.
 */
export interface SearchManifest {
  /** URL of the index, base URL included. */
  index: string;
  /** Number of DocSearch records in records.json (informative). */
  records: number;
}

/** Where the manifest is served for a base URL. */
export function manifestUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/$/, '')}/search/manifest.json`;
}

/** Where the build puts DocSearch's modal styles for a DocSearch version (relative to the site root). */
export function docSearchStylesPath(version: string): string {
  return `search/docsearch-${version}.css`;
}
