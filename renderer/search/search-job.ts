import fs from 'node:fs';
import { openSerialFile } from '../output.ts';
import { readSpilled, type SpillSlot } from '../spill.ts';
import type { SearchRecord } from '../../theme/shared/search/record.ts';
import type { SiteData } from '../../theme/shared/types.ts';
import { recordsJson, searchFilesOf } from './search-files.ts';
import { withLvl0 } from './site-records.ts';
import type { SynonymRule } from './synonyms.ts';

/**
 * A build's search step as plain data, so that a thread of its own can take it (search-thread.ts):
 * the compiled docs' records lie in the build's spill file, read back one page at a time.
 */
export interface SearchJob {
  /** The spill file (renderer/spill.ts) holding each doc's records. */
  spillFile: string;
  /** The searched docs in route order (site-records.ts `recordPages`): where their records lie, their lvl0. */
  pages: { at: SpillSlot; lvl0: string }[];
  site: SiteData;
  synonyms: SynonymRule[];
  /** The output folder: `search/records.json` is written there piece by piece. */
  outDir: string;
}

/** Where records.json is written: with the index, or apart from it ({@link writeRecordsFile}). */
export type RecordsFile = 'with-index' | 'apart';

export interface SearchJobResult {
  /** The other search files (output path → content), for the build's writer. */
  files: [string, string][];
  records: number;
  termFragments: number;
  pageChunks: number;
}

/**
 * Returns the index files and, unless `recordsFile` is 'apart', writes records.json on the way;
 * on whichever thread runs it.
 */
export function runSearchJob(job: SearchJob, recordsFile: RecordsFile = 'with-index'): SearchJobResult {
  const fd = fs.openSync(job.spillFile, 'r');
  const out = recordsFile === 'with-index' ? openSerialFile(job.outDir, 'search/records.json') : undefined;
  try {
    const made = searchFilesOf(spilledRecords(fd, job), job.site, out?.write ?? false, job.synonyms);
    return {
      files: [...made.files],
      records: made.records,
      termFragments: made.termFragments,
      pageChunks: made.pageChunks,
    };
  } finally {
    out?.close();
    fs.closeSync(fd);
  }
}

/** Writes the job's records.json alone: on the main thread while the search thread makes the index. */
export function writeRecordsFile(job: SearchJob): void {
  const fd = fs.openSync(job.spillFile, 'r');
  const out = openSerialFile(job.outDir, 'search/records.json');
  try {
    const records = recordsJson(spilledRecords(fd, job), out.write);
    while (!records.next().done);
  } finally {
    out.close();
    fs.closeSync(fd);
  }
}

/** The searched pages' records, read back from the spill file one page at a time, lvl0 set. */
function* spilledRecords(fd: number, job: SearchJob): Generator<SearchRecord> {
  for (const { at, lvl0 } of job.pages) for (const r of readSpilled<SearchRecord[]>(fd, at)) yield withLvl0(r, lvl0);
}
