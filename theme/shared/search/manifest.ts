/**
 * `search/manifest.json`: the entry point of the embedded index. It is small and revalidated
 * (ETag); every file it names is content-hashed (cacheable forever), so the browser fetches the
 * manifest, then only the term fragments a query's words fall into and the page chunks of the
 * hits it shows.
 */
import { FORMAT_VERSION } from './index-format.ts';
import type { Synonym } from './synonyms.ts';

export interface SearchManifest {
  v: typeof FORMAT_VERSION;
  /** Production origin and base URL: hits carry the same absolute URLs as records.json. */
  site: { url: string; baseUrl: string };
  /** Facet values every record shares (contextual search filters on them). */
  facets: { language: string; version: string; docusaurus_tag: string };
  lvl0: string[];
  /** Number of DocSearch records in records.json (informative). */
  records: number;
  /** Number of sections (the ranked documents). */
  sections: number;
  /** Term fragments in term order: each one's first term and hash ({@link termFragmentPath}). */
  terms: [first: string, hash: string][];
  /** Page chunks in section order: each one's first section number and hash ({@link pageChunkPath}). */
  pages: [first: number, hash: string][];
  /** The site's search synonyms, normalised (synonyms.ts); absent when it has none. */
  synonyms?: Synonym[];
}

/** Where the manifest is served for a base URL. */
export function manifestUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/$/, '')}/search/manifest.json`;
}

/** A term fragment's file, relative to the site root. */
export function termFragmentPath(hash: string): string {
  return `search/terms-${hash}.json`;
}

/** A page chunk's file, relative to the site root. */
export function pageChunkPath(hash: string): string {
  return `search/pages-${hash}.json`;
}

/** Where the build puts DocSearch's modal styles for a DocSearch version (relative to the site root). */
export function docSearchStylesPath(version: string): string {
  return `search/docsearch-${version}.css`;
}
