import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { docSearchStylesPath } from '../../theme/shared/search/manifest.ts';
import { buildEmbeddedIndex } from './embedded-index.ts';
import { embeddedIndexFiles } from './index-files.ts';
import { recordSite, siteRecords, type RecordSource } from './site-records.ts';
import type { SearchRecord } from '../../theme/shared/search/record.ts';
import type { SiteData } from '../../theme/shared/types.ts';
import { hostedSynonymFiles, manifestSynonyms, type SynonymRule } from './synonyms.ts';

export interface SearchFiles {
  /** Output paths (relative to the site folder) → contents. */
  files: Map<string, string>;
  records: number;
  sections: number;
  termFragments: number;
  pageChunks: number;
  /** Gzip size of the manifest and of the largest term fragment and page chunk. */
  gzipBytes: { manifest: number; largestFragment: number; largestChunk: number };
}

/**
 * DocSearch's modal styles (variables and modal, 13 KB), served as their own file: the modal
 * links them when it first opens, so no page pays for them up front. Named by the version,
 * which the browser knows from @docsearch/react (the two packages are released together).
 */
export function docSearchStyles(): { path: string; css: string } {
  const pkg = createRequire(import.meta.url).resolve('@docsearch/css/package.json');
  const dir = path.dirname(pkg);
  const { version } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string };
  const css = ['_variables.css', 'modal.css'].map((f) => fs.readFileSync(path.join(dir, 'dist', f), 'utf8')).join('\n');
  return { path: docSearchStylesPath(version), css };
}

/** Passes `records` on, emitting records.json (a JSON array of them) piece by piece as they pass. */
export function* recordsJson(records: Iterable<SearchRecord>, emit: (chunk: string) => void): Generator<SearchRecord> {
  let count = 0;
  for (const r of records) {
    emit(`${count++ ? ',' : '['}${JSON.stringify(r)}`);
    yield r;
  }
  emit(count ? ']' : '[]');
}

/**
 * The search output of a build: `search/records.json` (DocSearch records, ready to push to a
 * hosted engine), the embedded engine's index (`search/terms-<hash>.json` fragments and
 * `search/pages-<hash>.json` chunks, immutable, and `search/manifest.json` naming them), and
 * DocSearch's styles. Pages are rendered before the index exists, so they cannot carry its
 * hashed names; the browser reads the manifest first. With `writeRecords`, records.json goes
 * there piece by piece instead of into `files`, so a large site's records are never all in
 * memory at once.
 */
export function searchFiles(
  source: RecordSource,
  writeRecords?: (chunk: string) => void,
  synonyms: SynonymRule[] = [],
): SearchFiles {
  return searchFilesOf(siteRecords(source), source.site, writeRecords, synonyms);
}

/**
 * {@link searchFiles} of the site's records as {@link siteRecords} gives them (route order, lvl0
 * set). `writeRecords: false`: records.json is written elsewhere ({@link recordsJson}).
 */
export function searchFilesOf(
  records: Iterable<SearchRecord>,
  site: SiteData,
  writeRecords?: ((chunk: string) => void) | false,
  synonyms: SynonymRule[] = [],
): SearchFiles {
  const chunks: string[] = [];
  let count = 0;
  function* counted() {
    for (const r of records) {
      count++;
      yield r;
    }
  }
  const read =
    writeRecords === false
      ? counted()
      : recordsJson(counted(), writeRecords ?? ((chunk: string) => void chunks.push(chunk)));
  const built = buildEmbeddedIndex(read, recordSite(site));
  const index = embeddedIndexFiles(built, count);
  if (synonyms.length) index.manifest.synonyms = manifestSynonyms(synonyms);
  const manifest = JSON.stringify(index.manifest);
  const styles = docSearchStyles();
  const files = new Map<string, string>([
    ...(writeRecords === undefined ? ([['search/records.json', chunks.join('')]] as const) : []),
    ...index.files,
    ['search/manifest.json', manifest],
    [styles.path, styles.css],
    ...(synonyms.length ? hostedSynonymFiles(synonyms) : []),
  ]);
  const largest = (prefix: string) =>
    Math.max(
      0,
      ...[...index.files].filter(([f]) => f.startsWith(prefix)).map(([, text]) => zlib.gzipSync(text).length),
    );
  return {
    files,
    records: count,
    sections: index.manifest.sections,
    termFragments: index.manifest.terms.length,
    pageChunks: index.manifest.pages.length,
    gzipBytes: {
      manifest: zlib.gzipSync(manifest).length,
      largestFragment: largest('search/terms-'),
      largestChunk: largest('search/pages-'),
    },
  };
}
