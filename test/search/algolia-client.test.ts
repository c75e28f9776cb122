import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { createStatefulHost } from '@algolia/client-common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../cli/static-server.ts';
import {
  algoliaSearchClient,
  createLiteClient,
  escapeResult,
  toHost,
} from '../../theme/islands/search/algolia-client.ts';
import { ALGOLIA_TIMEOUTS, HOST_RETRY_AFTER_MS } from '../../theme/islands/search/constants.ts';
import type { SearchResult } from '../../theme/shared/search/protocol.ts';
import { contextualFacetFilters } from '../../theme/shared/search/record.ts';
import { algoliaStub, type CapturedRequest } from './algolia-stub.ts';
import { recordsOf } from './helpers.ts';

describe('Algolia backend: the lite client and its settings (spec §7, §9)', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    const records = await recordsOf('## Escaping `<img src=x onerror=alert(1)>`\n\nThe cache keeps layers.\n', {
      title: 'Cache',
      description: 'How the cache works.',
    });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'algolia-')), 'records.json');
    fs.writeFileSync(file, JSON.stringify(records));
    server = algoliaStub(() => file);
    url = await listen(server, 0, '127.0.0.1');
  });
  afterAll(() => server?.close());

  it('parses configured hosts: scheme and port kept, https by default', () => {
    expect(toHost('http://127.0.0.1:8080')).toEqual({ url: '127.0.0.1:8080', accept: 'readWrite', protocol: 'http' });
    expect(toHost('search.example.com')).toEqual({ url: 'search.example.com', accept: 'readWrite', protocol: 'https' });
    expect(toHost('https://search.example.com/')).toEqual({
      url: 'search.example.com',
      accept: 'readWrite',
      protocol: 'https',
    });
  });

  it('uses 1 s connect, 2 s read and 30 s write timeouts and the configured hosts', () => {
    const client = createLiteClient({
      appId: 'APP',
      apiKey: 'KEY',
      indexName: 'docs',
      hosts: ['http://127.0.0.1:9999'],
    });
    expect(ALGOLIA_TIMEOUTS).toEqual({ connect: 1000, read: 2000, write: 30000 });
    expect(client.transporter.timeouts).toEqual(ALGOLIA_TIMEOUTS);
    expect(client.transporter.hosts).toEqual([{ url: '127.0.0.1:9999', accept: 'readWrite', protocol: 'http' }]);
    // Without hosts: Algolia's own, derived from the application id.
    expect(createLiteClient({ appId: 'APP', apiKey: 'KEY', indexName: 'docs' }).transporter.hosts[0].url).toBe(
      'APP-dsn.algolia.net',
    );
  });

  it("retries a host marked down after 2 minutes (the installed client's host cache)", () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(0);
      const down = createStatefulHost({ url: 'a', accept: 'read', protocol: 'https' }, 'down');
      vi.setSystemTime(HOST_RETRY_AFTER_MS - 1000);
      expect(down.isUp()).toBe(false);
      vi.setSystemTime(HOST_RETRY_AFTER_MS + 1000);
      expect(down.isUp()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('POSTs the batch with app id and key as query parameters and returns escaped highlights', async () => {
    await fetch(`${url}/__reset`, { method: 'POST' });
    const client = algoliaSearchClient({ appId: 'APP', apiKey: 'search-key', indexName: 'docs', hosts: [url] });
    const { results } = await client.search({
      requests: [
        {
          query: 'onerror',
          facetFilters: contextualFacetFilters('en', 'current'),
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
        },
      ],
    });
    const [sent] = (await (await fetch(`${url}/__requests`)).json()) as CapturedRequest[];
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/1/indexes/*/queries');
    expect(sent.query).toMatchObject({ 'x-algolia-application-id': 'APP', 'x-algolia-api-key': 'search-key' });
    expect(sent.body.requests[0]).toMatchObject({
      indexName: 'docs',
      query: 'onerror',
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    });
    const heading = results[0].hits.find((h) => h.type === 'lvl2')!;
    expect(heading._highlightResult.hierarchy.lvl2.value).toBe(
      'Escaping &lt;img src=x <mark>onerror</mark>=alert(1)&gt;',
    );
    expect(heading._snippetResult.hierarchy.lvl2.value).toBe(
      'Escaping &lt;img src=x <mark>onerror</mark>=alert(1)&gt;',
    );
  });

  it('escapes every value of a reply, nested arrays included, and maps the marker tags', () => {
    const reply = {
      hits: [
        {
          _highlightResult: { hierarchy_camel: [{ lvl1: { value: '<b>__docs-mark__x__/docs-mark__</b>' } }] },
          _snippetResult: { content: { value: 'a & __docs-mark__b__/docs-mark__' } },
        },
      ],
    } as unknown as SearchResult;
    const out = escapeResult(reply, { highlightPreTag: '<em>', highlightPostTag: '</em>' });
    expect((out.hits[0]._highlightResult as any).hierarchy_camel[0].lvl1.value).toBe('&lt;b&gt;<em>x</em>&lt;/b&gt;');
    expect(out.hits[0]._snippetResult.content.value).toBe('a &amp; <em>b</em>');
  });
});
