import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IndexFiles } from '../../renderer/search/index-files.ts';
import { searchLocal } from '../../theme/islands/search/local-engine.ts';
import { engineOver, indexFilesOf } from './helpers.ts';
import { COMMON, syntheticRecords } from './synthetic-site.ts';

const KB = 1024;
const PAGES = 10_000;

/** A first query on a fresh session: its hits and the gzip bytes of every file it fetched, manifest included. */
async function firstQuery(index: IndexFiles, query: string) {
  const read: string[] = [];
  const engine = engineOver(index, (p) => read.push(p));
  const result = await searchLocal(engine, { query, hitsPerPage: 20 });
  const gzip = (text: string) => zlib.gzipSync(text).length;
  const bytes = gzip(JSON.stringify(index.manifest)) + read.reduce((n, p) => n + gzip(index.files.get(p)!), 0);
  return { result, bytes, files: read.length };
}

describe(`embedded index of a ${PAGES.toLocaleString('en')}-page site`, () => {
  let index: IndexFiles;
  beforeAll(() => {
    index = indexFilesOf(syntheticRecords(PAGES));
  }, 120_000);

  it('a first query fetches ≤ 150 KB gzip in all, and finds the right sections', async () => {
    const cases: { query: string; check: (titles: string[], terms: string[][]) => void }[] = [
      // In nearly every section: ranked by title matches first.
      { query: COMMON[0], check: (titles) => expect(titles[0]).toContain(COMMON[0]) },
      {
        query: `${COMMON[1]} ${COMMON[2]}`,
        check: (_titles, terms) => expect(terms[0].sort()).toEqual([COMMON[2], COMMON[1]].sort()),
      },
      { query: 'zk7321', check: (titles) => expect(titles[0]).toMatch(/ zk7321$/) }, // one page has it
      {
        query: `zk4242 ${COMMON[3]}`,
        check: (titles) => expect(titles.slice(0, 3).some((t) => t.endsWith(' zk4242'))).toBe(true),
      }, // zk4241 is one typo away
      { query: 'c', check: (titles) => expect(titles).toEqual([]) }, // a lone letter is no word yet
      { query: 'pipel', check: (_titles, terms) => expect(terms[0]).toContain('pipeline') }, // completion
      { query: 'contianer', check: (_titles, terms) => expect(terms[0]).toContain('container') }, // typo
      { query: 'xqxqxqx', check: (titles) => expect(titles).toEqual([]) }, // in no page, nor near any word
    ];
    for (const { query, check } of cases) {
      const { result, bytes, files } = await firstQuery(index, query);
      console.log(`"${query}": ${result.nbHits} hits, ${files} files, ${(bytes / KB).toFixed(1)} KB gzip`);
      expect(bytes, query).toBeLessThanOrEqual(150 * KB);
      check(
        result.hits.map((h) => h.hierarchy.lvl1),
        result.hits.map((h) => [
          ...new Set(
            h._highlightResult.hierarchy.lvl1.matchedWords.concat(
              h._highlightResult.hierarchy.lvl2.matchedWords,
              h._highlightResult.content.matchedWords,
            ),
          ),
        ]),
      );
    }
    console.log(
      `${index.manifest.terms.length} term fragments, ${index.manifest.pages.length} page chunks, manifest ${(zlib.gzipSync(JSON.stringify(index.manifest)).length / KB).toFixed(1)} KB gzip`,
    );
  });
});
