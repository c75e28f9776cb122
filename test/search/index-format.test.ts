import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildEmbeddedIndex, excerpt } from '../../renderer/search/embedded-index.ts';
import { embeddedIndexFiles, MAX_POSTINGS } from '../../renderer/search/index-files.ts';
import { ENGINE_OPTIONS, indexTerms, LEVEL_BOOST, normalize } from '../../theme/shared/search/engine.ts';
import { decodePostings, vlq, type TermFragment } from '../../theme/shared/search/index-format.ts';
import { rank } from '../../theme/islands/search/local-engine.ts';
import { sectionsOf } from '../../theme/shared/search/page-chunk.ts';
import { headingSlugs } from '../../theme/shared/slug.ts';
import { engineOver, indexFilesOf, recordsOf, SITE } from './helpers.ts';
import { scoredTerms } from './minisearch-reference.ts';

describe('embedded index wire format', () => {
  it('ranks like MiniSearch over the whole index, typos included, scores within the 0.25 % rounding', async () => {
    const docs = [
      { id: 0, title: 'Cache Volumes', parents: '', body: 'Persist caches between runs. Caches caches caches.' },
      { id: 1, title: 'withExec', parents: 'Container', body: 'Runs a command; the command runs in the container.' },
      { id: 2, title: 'Secrets', parents: 'Container', body: 'Containers keep secrets out of the cache.' },
      { id: 3, title: 'Containers', parents: '', body: 'A container runs commands.' },
    ];
    const levels = [1, 2, 2, 1];
    const mini = new MiniSearch(ENGINE_OPTIONS);
    mini.addAll(docs);
    const index = {
      meta: {
        site: { url: SITE.url, baseUrl: '/' },
        facets: { language: 'en', version: 'current', docusaurus_tag: '' },
        lvl0: [],
        sections: docs.length,
      },
      pages: [],
      anchors: {},
      terms: scoredTerms(mini, levels),
    };
    const engine = engineOver(embeddedIndexFiles(index, 0));
    for (const q of ['cache', 'command container', 'contianer', 'withexec', 'secret', 'runs caches']) {
      const want = mini.search(q, {
        fuzzy: (t) => (t.length >= 4 ? 0.2 : false),
        weights: { fuzzy: 0.35, prefix: 0.5 },
        boostDocument: (id) => LEVEL_BOOST[levels[id as number]],
      });
      const got = (await rank(engine, q)).sections;
      expect(
        got.map((r) => r.id),
        q,
      ).toEqual(want.map((r) => r.id));
      got.forEach((r, i) => expect(Math.abs(r.score / want[i].score - 1), q).toBeLessThan(0.0025));
      expect(
        got.map((r) => r.terms.sort()),
        q,
      ).toEqual(want.map((r) => r.terms.sort()));
    }
    expect((await rank(engine, 'cache')).sections.length).toBeGreaterThan(0);
  });

  it('keeps only the best-scoring sections of a very common term, and says so', () => {
    const n = MAX_POSTINGS + 500;
    const postings = { sections: [...Array(n).keys()], scores: [...Array(n).keys()].map((i) => 1 + (i % 7)), total: n };
    const files = embeddedIndexFiles(
      {
        meta: {
          site: { url: SITE.url, baseUrl: '/' },
          facets: { language: 'en', version: 'current', docusaurus_tag: '' },
          lvl0: [],
          sections: n,
        },
        pages: [],
        anchors: {},
        terms: [{ term: 'common', postings }],
      },
      0,
    );
    const back = decodePostings((JSON.parse([...files.files.values()][0]) as TermFragment).postings);
    expect(back.total).toBe(n);
    expect(back.sections).toHaveLength(MAX_POSTINGS);
    expect(back.sections).toEqual([...back.sections].sort((a, b) => a - b));
    // The 500 left out are the lowest: the 358 sections scoring 1, then 142 of the 357 scoring 2 (ties keep the earlier sections).
    expect(back.sections.filter((s) => s % 7 === 0)).toEqual([]);
    expect(back.sections.filter((s) => s % 7 === 1)).toEqual(
      [...Array(357).keys()].map((k) => 7 * k + 1).slice(0, 357 - 142),
    );
  });

  it('encodes numbers in 5-bit chars, one char below 32', () => {
    expect(vlq(0)).toBe('A');
    expect(vlq(31)).toBe('f');
    expect(vlq(32)).toBe('gB');
    expect(vlq(1_000_000).length).toBe(4);
  });

  it('derives the anchors the page gives its headings, repeats included, so none is stored', async () => {
    const headings = [
      'Install on macOS',
      'Install on macOS',
      'withExec()',
      'The dagger.json file',
      'Step 1: build',
      'Ünïcode & symbols ✓',
      'Install on macOS-1',
    ];
    const records = await recordsOf(headings.map((h) => `## ${h}\n\nText.\n`).join('\n'), { title: 'Page' });
    const anchors = records.filter((r) => r.type === 'lvl2').map((r) => r.anchor);
    expect(anchors).toEqual(headingSlugs(headings));
    expect(buildEmbeddedIndex(records, SITE).anchors).toEqual({});
  });

  it('stores only the anchors the slug rule gets wrong, and sectionsOf gives them all back', async () => {
    const records = await recordsOf(
      '## Plain heading\n\nText.\n\n### Nested\n\nMore.\n\n## Plain heading\n\nAgain.\n',
      { title: 'Page' },
    );
    // A heading whose id differs from its text's slug (as with an explicit or generated id).
    const odd = records.find((r) => r.hierarchy.lvl3 === 'Nested' && r.type === 'lvl3')!;
    for (const r of records) if (r.anchor === odd.anchor) r.anchor = 'custom-id';
    const index = buildEmbeddedIndex(records, SITE);
    expect(index.anchors).toEqual({ 2: 'custom-id' });
    const sections = [...sectionsOf({ first: 0, pages: index.pages, anchors: index.anchors }).values()];
    expect(sections.map((s) => [s.level, s.heading, s.anchor, s.parents])).toEqual([
      [1, 'Page', '', []],
      [2, 'Plain heading', 'plain-heading', []],
      [3, 'Nested', 'custom-id', [1]],
      [2, 'Plain heading', 'plain-heading-1', []],
    ]);
  });

  it('keeps a page excerpt (description, else first paragraph) and no text for headings', async () => {
    const withDescription = await recordsOf('First paragraph.\n\n## Part\n\nBody.\n', {
      title: 'A',
      description: 'The description.',
      relPath: 'a.md',
    });
    const without = await recordsOf('First paragraph here.\n\n## Part\n\nBody.\n', { title: 'B', relPath: 'b.md' });
    const records = [...withDescription, ...without];
    const index = buildEmbeddedIndex(records, SITE);
    expect(index.pages.map((p) => [p[0], p[3], p[4]])).toEqual([
      ['/a', 'The description.', '2Part'],
      ['/b', 'First paragraph here.', '2Part'],
    ]);
    const files = indexFilesOf(records);
    expect(JSON.stringify([...files.files.values(), files.manifest])).not.toContain('Body.');
    // Body words are still searchable.
    expect((await rank(engineOver(files), 'body')).sections.length).toBe(2);
  });

  it('cuts excerpts at a word boundary', () => {
    expect(excerpt('short')).toBe('short');
    const long = 'word '.repeat(60).trim();
    const cut = excerpt(long, 30);
    expect(cut.endsWith('word…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(31);
  });
});

describe('text processing', () => {
  it('indexes identifiers whole and by camelCase part, without stop words or lone letters', () => {
    expect(indexTerms('withExec')).toEqual(['withexec', 'exec']);
    expect(indexTerms('ContainerWithExecOpts')).toEqual(['containerwithexecopt', 'container', 'exec', 'opt']);
    expect(indexTerms('LLM')).toEqual(['llm']);
    expect(indexTerms('_EXPERIMENTAL_DAGGER_RUNNER_HOST')).toEqual([
      '_experimental_dagger_runner_host',
      'experimental',
      'dagger',
      'runner',
      'host',
    ]);
    expect(indexTerms('the')).toBeNull();
    expect(indexTerms('s')).toBeNull();
  });

  it('stems plurals on both sides but keeps -ss/-us/-is words', () => {
    expect(['volumes', 'secrets', 'dependencies', 'process', 'status', 'analysis', 'ls'].map(normalize)).toEqual([
      'volume',
      'secret',
      'dependency',
      'process',
      'status',
      'analysis',
      'ls',
    ]);
  });
});
