import GithubSlugger from 'github-slugger';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildEmbeddedIndex, excerpt } from '../../renderer/search/embedded-index.ts';
import { ENGINE_OPTIONS, indexTerms, normalize } from '../../theme/islands/search/engine.ts';
import { headingSlugs, packIndex, sectionsOf, unpackIndex, vlq } from '../../theme/islands/search/index-format.ts';
import { recordsOf, SITE } from './helpers.ts';

describe('embedded index wire format', () => {
  it('unpacks to an index that scores exactly like the one that was packed', () => {
    const docs = [
      { id: 0, title: 'Cache Volumes', parents: '', body: 'Persist caches between runs. Caches caches caches.' },
      { id: 1, title: 'withExec', parents: 'Container', body: 'Runs a command; the command runs in the container.' },
      { id: 2, title: 'Secrets', parents: 'Container', body: '' },
    ];
    const mini = new MiniSearch(ENGINE_OPTIONS);
    mini.addAll(docs);
    const pages: [string, number, string, string, string][] = [['/a', 0, 'Cache Volumes', '', '2withExec\n2Secrets']];
    const packed = JSON.parse(JSON.stringify(packIndex(mini, { site: { url: SITE.url, baseUrl: '/' }, facets: { language: 'en', version: 'current', docusaurus_tag: 'docs-default-current' }, lvl0: ['Docs'], pages, anchors: {} })));
    const back = unpackIndex(packed);
    for (const q of ['cache', 'command container', 'contianer', 'withexec', 'secret', 'cach']) {
      expect(back.mini.search(q)).toEqual(mini.search(q));
    }
    expect(back.mini.search('cache').length).toBeGreaterThan(0);
    expect(back.terms).toEqual([...back.terms].sort());
  });

  it('encodes numbers in 5-bit chars, one char below 32', () => {
    expect(vlq(0)).toBe('A');
    expect(vlq(31)).toBe('f');
    expect(vlq(32)).toBe('gB');
    expect(vlq(1_000_000).length).toBe(4);
  });

  it('derives the anchors rehype-slug (github-slugger) gives, repeats included', () => {
    const headings = ['Install on macOS', 'Install on macOS', 'withExec()', 'The `dagger.json` file', 'Step 1: build', 'Ünïcode & symbols ✓', 'Install on macOS-1'];
    const slugger = new GithubSlugger();
    expect(headingSlugs(headings)).toEqual(headings.map((h) => slugger.slug(h)));
  });

  it('stores only the anchors the slug rule gets wrong, and sectionsOf gives them all back', async () => {
    const records = await recordsOf('## Plain heading\n\nText.\n\n### Nested\n\nMore.\n\n## Plain heading\n\nAgain.\n', { title: 'Page' });
    // A heading whose id differs from its text's slug (as with an explicit or generated id).
    const odd = records.find((r) => r.hierarchy.lvl3 === 'Nested' && r.type === 'lvl3')!;
    for (const r of records) if (r.anchor === odd.anchor) r.anchor = 'custom-id';
    const packed = buildEmbeddedIndex(records, SITE);
    expect(packed.anchors).toEqual({ 2: 'custom-id' });
    const sections = sectionsOf(packed);
    expect(sections.map((s) => [s.level, s.heading, s.anchor, s.parents])).toEqual([
      [1, 'Page', '', []],
      [2, 'Plain heading', 'plain-heading', []],
      [3, 'Nested', 'custom-id', [1]],
      [2, 'Plain heading', 'plain-heading-1', []],
    ]);
  });

  it('keeps a page excerpt (description, else first paragraph) and no text for headings', async () => {
    const withDescription = await recordsOf('First paragraph.\n\n## Part\n\nBody.\n', { title: 'A', description: 'The description.', relPath: 'a.md' });
    const without = await recordsOf('First paragraph here.\n\n## Part\n\nBody.\n', { title: 'B', relPath: 'b.md' });
    const packed = buildEmbeddedIndex([...withDescription, ...without], SITE);
    expect(packed.pages.map((p) => [p[0], p[3], p[4]])).toEqual([
      ['/a', 'The description.', '2Part'],
      ['/b', 'First paragraph here.', '2Part'],
    ]);
    expect(JSON.stringify(packed)).not.toContain('Body.');
    // Body words are still searchable.
    expect(unpackIndex(JSON.parse(JSON.stringify(packed))).mini.search('body').length).toBe(2);
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
    expect(indexTerms('_EXPERIMENTAL_DAGGER_RUNNER_HOST')).toEqual(['_experimental_dagger_runner_host', 'experimental', 'dagger', 'runner', 'host']);
    expect(indexTerms('the')).toBeNull();
    expect(indexTerms('s')).toBeNull();
  });

  it('stems plurals on both sides but keeps -ss/-us/-is words', () => {
    expect(['volumes', 'secrets', 'dependencies', 'process', 'status', 'analysis', 'ls'].map(normalize)).toEqual(['volume', 'secret', 'dependency', 'process', 'status', 'analysis', 'ls']);
  });
});
