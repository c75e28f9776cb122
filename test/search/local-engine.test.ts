import { describe, expect, it } from 'vitest';
import { localSearchClient } from '../../theme/islands/search/local-client.ts';
import { passesFacetFilters, searchLocal } from '../../theme/islands/search/local-engine.ts';
import { contextualFacetFilters } from '../../theme/shared/search/record.ts';
import { engineOver, indexFilesOf, recordsOf } from './helpers.ts';

const XSS = '<img src=x onerror=alert(1)>';

async function files() {
  const records = [
    ...(await recordsOf(
      `Containers run commands.\n\n## withExec\n\nRuns a command in the container.\n\n## withMountedCache\n\nMounts a cache volume.\n`,
      { title: 'Container', description: 'An OCI container.', category: 'Types', relPath: 'types/container.md' },
    )),
    ...(await recordsOf(`## Mount a cache volume\n\nVolumes survive runs.\n\n### Sharing\n\nShared volumes.\n`, {
      title: 'Cache Volumes',
      description: 'Persist package caches between runs.',
      category: 'Extending',
      relPath: 'extending/cache-volumes.md',
    })),
    ...(await recordsOf(`## Escaping \`${XSS}\`\n\nText.\n`, {
      title: 'Markup',
      description: `Text such as ${XSS} stays text & so do ampersands.`,
      relPath: 'markup.md',
    })),
  ];
  return indexFilesOf(records);
}

async function engine() {
  return engineOver(await files());
}

const req = { hitsPerPage: 20, highlightPreTag: '<mark>', highlightPostTag: '</mark>' };

describe('embedded backend: Algolia multi-query shape', () => {
  it('answers with hits, counts and paging like Algolia', async () => {
    const e = await engine();
    const res = await searchLocal(e, { ...req, query: 'cache', indexName: 'docs' });
    expect(res).toMatchObject({ page: 0, hitsPerPage: 20, query: 'cache', exhaustiveNbHits: true, index: 'docs' });
    expect(res.nbHits).toBe(res.hits.length);
    expect(res.nbPages).toBe(1);
    expect(typeof res.processingTimeMS).toBe('number');
    const hit = res.hits.find((h) => h.anchor === 'mount-a-cache-volume')!;
    expect(hit).toMatchObject({
      type: 'lvl2',
      url: 'https://docs.example.com/docs/extending/cache-volumes#mount-a-cache-volume',
      url_without_anchor: 'https://docs.example.com/docs/extending/cache-volumes',
      content: null,
      language: 'en',
      version: 'current',
      docusaurus_tag: 'docs-default-current',
      hierarchy: {
        lvl0: 'Extending',
        lvl1: 'Cache Volumes',
        lvl2: 'Mount a cache volume',
        lvl3: null,
        lvl4: null,
        lvl5: null,
        lvl6: null,
      },
    });
    expect(hit._highlightResult.hierarchy.lvl2).toEqual({
      value: 'Mount a <mark>cache</mark> volume',
      matchLevel: 'full',
      matchedWords: ['cache'],
      fullyHighlighted: false,
    });
    expect(hit._highlightResult.hierarchy.lvl0.matchLevel).toBe('none');
    expect(hit._highlightResult.hierarchy_camel).toEqual([hit._highlightResult.hierarchy]);
    expect(Object.keys(hit._snippetResult.hierarchy).sort()).toEqual([
      'lvl0',
      'lvl1',
      'lvl2',
      'lvl3',
      'lvl4',
      'lvl5',
      'lvl6',
    ]);
    // The lvl3 section under it carries its parents in the hierarchy.
    const sharing = (await searchLocal(e, { ...req, query: 'shared' })).hits[0];
    expect(sharing.hierarchy).toMatchObject({ lvl2: 'Mount a cache volume', lvl3: 'Sharing' });
    expect(sharing.type).toBe('lvl3');
  });

  it('pages through hits', async () => {
    const e = await engine();
    const all = await searchLocal(e, { ...req, query: 'cache' });
    expect(all.nbHits).toBeGreaterThanOrEqual(3);
    const first = await searchLocal(e, { ...req, query: 'cache', hitsPerPage: 2 });
    const second = await searchLocal(e, { ...req, query: 'cache', hitsPerPage: 2, page: 1 });
    expect(first.nbPages).toBe(Math.ceil(all.nbHits / 2));
    expect([...first.hits, ...second.hits].map((h) => h.objectID)).toEqual(all.hits.slice(0, 4).map((h) => h.objectID));
  });

  it('ranks a page title and headings above body text, finds API names, prefixes and typos', async () => {
    const e = await engine();
    const top = async (q: string) =>
      (await searchLocal(e, { ...req, query: q })).hits.map((h) => h.url.replace('https://docs.example.com/docs', ''));
    expect((await top('cache volume'))[0]).toBe('/extending/cache-volumes');
    expect((await top('withExec'))[0]).toBe('/types/container#withexec');
    expect((await top('exec'))[0]).toBe('/types/container#withexec'); // camelCase parts are indexed
    expect((await top('withmounted'))[0]).toBe('/types/container#withmountedcache'); // prefix of the last word
    expect((await top('contianer'))[0]).toBe('/types/container'); // two-letter transposition
    expect(await top('zzqqxxj')).toEqual([]);
  });

  it("returns a document's markup escaped, with only the highlight tags as HTML", async () => {
    const e = await engine();
    const hits = (await searchLocal(e, { ...req, query: 'onerror', attributesToSnippet: ['content:30'] })).hits;
    const page = hits.find((h) => h.type === 'lvl1')!;
    expect(page.content).toBe(`Text such as ${XSS} stays text & so do ampersands.`); // raw field, as Algolia returns it
    expect(page._snippetResult.content.value).toBe(
      'Text such as &lt;img src=x <mark>onerror</mark>=alert(1)&gt; stays text &amp; so do ampersands.',
    );
    const heading = hits.find((h) => h.type === 'lvl2')!;
    expect(heading._highlightResult.hierarchy.lvl2.value).toBe(
      'Escaping &lt;img src=x <mark>onerror</mark>=alert(1)&gt;',
    );
    for (const h of hits) {
      const html = JSON.stringify([h._highlightResult, h._snippetResult]);
      expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/<|>/);
    }
  });

  it('cuts snippets to the requested words around the first match, with the ellipsis', async () => {
    const e = await engine();
    const hit = (
      await searchLocal(e, {
        ...req,
        query: 'ampersands',
        attributesToSnippet: ['content:4'],
        snippetEllipsisText: '…',
      })
    ).hits[0];
    expect(hit._snippetResult.content.value).toBe('…text &amp; so do <mark>ampersands</mark>.');
    // Without a snippet request the whole text is highlighted.
    expect(hit._highlightResult.content.value).toContain('Text such as');
  });

  it('applies facet filters to the shared language and version', async () => {
    const e = await engine();
    expect(
      (await searchLocal(e, { ...req, query: 'cache', facetFilters: contextualFacetFilters('en', 'current') })).nbHits,
    ).toBeGreaterThan(0);
    expect(
      (await searchLocal(e, { ...req, query: 'cache', facetFilters: contextualFacetFilters('fr', 'current') })).nbHits,
    ).toBe(0);
    expect(
      (await searchLocal(e, { ...req, query: 'cache', facetFilters: contextualFacetFilters('en', '0.17') })).nbHits,
    ).toBe(0);
    const facets = { language: 'en', docusaurus_tag: 'docs-default-current' };
    expect(
      passesFacetFilters(facets, ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]),
    ).toBe(true);
    expect(passesFacetFilters(facets, ['-language:en'])).toBe(false);
    expect(passesFacetFilters(facets, 'version:current')).toBe(false); // absent attribute: no match, as on Algolia
  });

  it('the browser client fetches the manifest, then each index file a query needs, once', async () => {
    const index = await files();
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      fetched.push(url);
      const body =
        url === '/docs/search/manifest.json'
          ? JSON.stringify(index.manifest)
          : index.files.get(url.replace('/docs/', ''));
      return new Response(body, { status: body ? 200 : 404 });
    }) as typeof fetch;
    try {
      const client = localSearchClient('/docs/');
      const { results } = await client.search({ requests: [{ query: 'cache' }, { query: 'withExec' }] });
      expect(results.map((r) => r.nbHits > 0)).toEqual([true, true]);
      const first = [...fetched];
      expect(first[0]).toBe('/docs/search/manifest.json');
      expect(first.slice(1).every((u) => /^\/docs\/search\/(terms|pages)-[0-9a-f]{10}\.json$/.test(u))).toBe(true);
      expect(new Set(first).size).toBe(first.length);
      await client.search({ requests: [{ query: 'cache' }, { query: 'withExec' }] });
      expect(fetched).toEqual(first); // all cached for the session
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('a failed index load rejects, and the next query tries again', async () => {
    const index = await files();
    let fail = true;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      // The manifest loads; the fragments fail at first.
      if (url === '/x/search/manifest.json') return new Response(JSON.stringify(index.manifest));
      if (fail) return new Response('down', { status: 503 });
      return new Response(index.files.get(url.replace('/x/', '')));
    }) as typeof fetch;
    try {
      const client = localSearchClient('/x/');
      await expect(client.search({ requests: [{ query: 'cache' }] })).rejects.toThrow('HTTP 503');
      fail = false;
      expect((await client.search({ requests: [{ query: 'cache' }] })).results[0].nbHits).toBeGreaterThan(0);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
