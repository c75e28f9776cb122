import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { withBase } from '../../theme/shared/url.ts';
import { FIELDS } from '../../theme/islands/search/engine.ts';
import { docSearchStylesPath, type SearchManifest } from '../../theme/islands/search/manifest.ts';
import { buildEmbeddedIndex } from './embedded-index.ts';
import { openSerialFile } from '../output.ts';
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
 * With `writeRecords`, records.json goes there piece by piece instead of into `files`, so a
 * large site's records are never one string in memory.
 */
export function searchFiles(source: RecordSource, writeRecords?: (chunk: string) => void): SearchFiles {
  const site = recordSite(source.site);
  const chunks: string[] = [];
  const emit = writeRecords ?? ((chunk: string) => void chunks.push(chunk));
  let count = 0;
  function* written() {
    for (const r of siteRecords(source)) {
      emit(`${count++ ? ',' : '['}${JSON.stringify(r)}`);
      yield r;
    }
    emit(count ? ']' : '[]');
  }
  const packed = buildEmbeddedIndex(written(), site);
  const index = JSON.stringify(packed);
  const hash = crypto.createHash('sha256').update(index).digest('hex').slice(0, 10);
  const indexPath = `search/index-${hash}.json`;
  const manifest: SearchManifest = { index: withBase(source.site.baseUrl, `/${indexPath}`), records: count };
  const styles = docSearchStyles();
  const files = new Map<string, string>([
    ...(writeRecords ? [] : ([['search/records.json', chunks.join('')]] as const)),
    [indexPath, index],
    ['search/manifest.json', JSON.stringify(manifest)],
    [styles.path, styles.css],
  ]);
  return { files, records: count, sections: packed.lengths.length / FIELDS.length, indexBytes: Buffer.byteLength(index), indexGzipBytes: zlib.gzipSync(index).length };
}

/** Writes the search files into the output folder `root`, records.json piece by piece. */
export async function writeSearchFiles(source: RecordSource, root: string, write: (relPath: string, content: string) => Promise<void>): Promise<SearchFiles> {
  const records = openSerialFile(root, 'search/records.json');
  let result: SearchFiles;
  try {
    result = searchFiles(source, records.write);
  } finally {
    records.close();
  }
  for (const [file, content] of result.files) await write(file, content);
  return result;
}
