import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { withBase } from '../../theme/shared/url.ts';
import { FIELDS } from '../../theme/islands/search/engine.ts';
import { docSearchStylesPath, type SearchManifest } from '../../theme/islands/search/manifest.ts';
import { buildEmbeddedIndex } from './embedded-index.ts';
import { recordSite, siteRecords, type RecordSource } from './site-records.ts';

export interface SearchFiles {
  /** Output paths (relative to the site folder) → contents. */
  files: Map<string, string>;
  records: number;
  sections: number;
  indexBytes: number;
  indexGzipBytes: number;
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

/**
 * The search output of a build: `search/records.json` (DocSearch records, ready to push to a
 * hosted engine), `search/index-<hash>.json` (the embedded engine's index, immutable) and
 * `search/manifest.json` (names the current index), and DocSearch's styles. Pages are rendered before the index
 * exists, so they cannot carry its hashed name; the browser reads the manifest first.
 */
export function searchFiles(source: RecordSource): SearchFiles {
  const records = siteRecords(source);
  const site = recordSite(source.site);
  const packed = buildEmbeddedIndex(records, site);
  const index = JSON.stringify(packed);
  const hash = crypto.createHash('sha256').update(index).digest('hex').slice(0, 10);
  const indexPath = `search/index-${hash}.json`;
  const manifest: SearchManifest = { index: withBase(source.site.baseUrl, `/${indexPath}`), records: records.length };
  const styles = docSearchStyles();
  const files = new Map<string, string>([
    ['search/records.json', JSON.stringify(records)],
    [indexPath, index],
    ['search/manifest.json', JSON.stringify(manifest)],
    [styles.path, styles.css],
  ]);
  return { files, records: records.length, sections: packed.lengths.length / FIELDS.length, indexBytes: Buffer.byteLength(index), indexGzipBytes: zlib.gzipSync(index).length };
}

/** Writes the search files into the output folder. */
export function writeSearchFiles(source: RecordSource, write: (relPath: string, content: string) => void): SearchFiles {
  const result = searchFiles(source);
  for (const [file, content] of result.files) write(file, content);
  return result;
}
