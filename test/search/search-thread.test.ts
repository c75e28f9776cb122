import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../renderer/config/load.ts';
import { runSearchJob, type SearchJob } from '../../renderer/search/search-job.ts';
import { startSearchThread } from '../../renderer/search/search-thread.ts';
import { toSiteData } from '../../renderer/site-data.ts';
import { Spill } from '../../renderer/spill.ts';
import type { SearchRecord } from '../../theme/shared/search/record.ts';
import { FIXTURE } from '../helpers/site.ts';
import { syntheticRecords } from './synthetic-site.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-thread-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A search job over 40 synthetic pages, their records spilled as a build spills them. */
async function job(outDir: string): Promise<{ job: SearchJob; spill: Spill<SearchRecord[]> }> {
  const byPage = new Map<string, SearchRecord[]>();
  for (const r of syntheticRecords(40, 3, 20))
    byPage.set(r.url_without_anchor, [...(byPage.get(r.url_without_anchor) ?? []), r]);
  const spill = new Spill<SearchRecord[]>(path.join(tempDir(), 'records.spill'));
  const pages = [...byPage].map(([url, records]) => {
    spill.put(url, records);
    return { at: spill.where(url), lvl0: records[0].hierarchy.lvl0 };
  });
  const site = toSiteData(await loadConfig(FIXTURE, {}));
  return { job: { spillFile: spill.path, pages, site, synonyms: [], outDir }, spill };
}

const recordsJson = (outDir: string) => fs.readFileSync(path.join(outDir, 'search/records.json'), 'utf8');

/**
 * Runs the job on `thread` into a folder of its own and expects the files and records.json the
 * search step makes on this thread; stops the thread.
 */
async function expectSameAsHere(thread: ReturnType<typeof startSearchThread>): Promise<void> {
  const here = tempDir();
  const { job: jobHere, spill } = await job(here);
  const expected = runSearchJob(jobHere);
  const apart = tempDir();
  try {
    const result = await thread.run({ ...jobHere, outDir: apart }).result();
    expect(result).toEqual(expected);
    expect(recordsJson(apart)).toBe(recordsJson(here));
  } finally {
    await thread.stop();
    spill.dispose();
  }
}

describe('the search thread', () => {
  it('gives the files the search step makes on this thread', async () => {
    await expectSameAsHere(startSearchThread());
  }, 60_000);

  it('leaves the job to this thread when it dies without answering (its heap exhausted): the same files', async () => {
    // A heap this small runs out as the thread loads its code.
    const before = process.env.DOCS_WORKER_HEAP_MB;
    process.env.DOCS_WORKER_HEAP_MB = '1';
    let thread: ReturnType<typeof startSearchThread>;
    try {
      thread = startSearchThread();
    } finally {
      if (before === undefined) delete process.env.DOCS_WORKER_HEAP_MB;
      else process.env.DOCS_WORKER_HEAP_MB = before;
    }
    await expectSameAsHere(thread);
  }, 60_000);
});
