import { describe, expect, it } from 'vitest';
import { buildEmbeddedIndex } from '../../renderer/search/embedded-index.ts';
import { embeddedIndexFiles } from '../../renderer/search/index-files.ts';
import { recordSite, siteRecords } from '../../renderer/search/site-records.ts';
import type { RecordSite } from '../../renderer/search/records.ts';
import type { SearchRecord } from '../../theme/shared/search/record.ts';
import { loadRealSiteForSearch } from '../helpers/real-site.ts';
import { recordsOf, SITE } from './helpers.ts';
import { referenceTerms, type ScoredTerm } from './minisearch-reference.ts';
import { syntheticRecords } from './synthetic-site.ts';

/** The first term whose postings differ, with both versions; undefined when all are the same. */
function firstDifference(got: ScoredTerm[], want: ScoredTerm[]) {
  for (let i = 0; i < Math.max(got.length, want.length); i++) {
    const g = got[i];
    const w = want[i];
    const same =
      g &&
      w &&
      g.term === w.term &&
      g.postings.total === w.postings.total &&
      g.postings.sections.length === w.postings.sections.length &&
      g.postings.sections.every(
        (s, j) => s === w.postings.sections[j] && Object.is(g.postings.scores[j], w.postings.scores[j]),
      );
    if (!same) return { index: i, got: g, want: w };
  }
  return undefined;
}

/** Builds the index both ways and holds the build's scorer to MiniSearch: same terms, sections, scores (to the bit) and files. */
function expectSameAsMiniSearch(records: SearchRecord[], site: RecordSite) {
  const built = buildEmbeddedIndex(records, site);
  const terms = [...built.terms];
  const want = referenceTerms(records);
  expect(terms.length).toBeGreaterThan(0);
  expect(firstDifference(terms, want)).toBeUndefined();
  const files = embeddedIndexFiles({ ...built, terms }, records.length);
  const reference = embeddedIndexFiles({ ...built, terms: want }, records.length);
  expect(files.manifest).toEqual(reference.manifest);
  expect([...files.files.keys()]).toEqual([...reference.files.keys()]);
  for (const [path, text] of files.files) expect(text === reference.files.get(path), path).toBe(true);
  return terms;
}

describe('term scores without MiniSearch', () => {
  it('match MiniSearch on the real site', async () => {
    const source = await loadRealSiteForSearch();
    const records = [...siteRecords(source)];
    expect(records.length).toBeGreaterThan(1000);
    expectSameAsMiniSearch(records, recordSite(source.site));
  }, 300_000);

  it('match MiniSearch on 3,000 synthetic pages', () => {
    expectSameAsMiniSearch(syntheticRecords(3000), SITE);
  }, 300_000);

  it('match MiniSearch on words tokenisation splits again, empty sections and deep headings', async () => {
    const records = [
      ...(await recordsOf(
        'İstanbul ǅemal withExec WITH_EXEC.\n\n## Empty\n\n## Deep\n\n### Deeper `Container.withExec`\n\ncache cache caches CACHE.\n\n#### Deepest\n\nİ İ',
        { title: 'İzmir guide' },
      )),
      ...(await recordsOf('Plain text about caches and containers.', { title: 'Second', relPath: 'guide/second.md' })),
    ];
    const terms = expectSameAsMiniSearch(records, SITE);
    // The term of "İ" lower-cases to i + a combining dot, which the query side splits again.
    expect(terms.some((t) => t.term.startsWith('i\u0307'))).toBe(true);
  });
});
