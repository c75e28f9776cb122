import fs from 'node:fs';
import { openSerialFile } from '../output.ts';
import { readSpilled, type SpillSlot } from '../spill.ts';
import type { SearchRecord } from '../../theme/shared/search/record.ts';
import type { SiteData } from '../../theme/shared/types.ts';
import { searchFilesOf } from './search-files.ts';
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

export interface SearchJobResult {
  /** The other search files (output path → content), for the build's writer. */
  files: [string, string][];
  records: number;
  termFragments: number;
  pageChunks: number;
}

/** Writes records.json and returns the index files; on whichever thread runs it. */
export function runSearchJob(job: SearchJob): SearchJobResult {
  const fd = fs.openSync(job.spillFile, 'r');
  const recordsFile = openSerialFile(job.outDir, 'search/records.json');
  try {
    function* records(): Generator<SearchRecord> {
      for (const { at, lvl0 } of job.pages)
        for (const r of readSpilled<SearchRecord[]>(fd, at)) yield withLvl0(r, lvl0);
    }
    const made = searchFilesOf(records(), job.site, recordsFile.write, job.synonyms);
    return {
      files: [...made.files],
      records: made.records,
      termFragments: made.termFragments,
      pageChunks: made.pageChunks,
    };
  } finally {
    recordsFile.close();
    fs.closeSync(fd);
  }
}
