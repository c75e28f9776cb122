import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import * as TEXTS from '../../theme/shared/texts.ts';
import type { CapturedRequest } from '../search/algolia-stub.ts';
import { EXTERNAL_RECORD_URL } from '../search/algolia-stub.ts';
import { MARKUP } from '../search/fixture-docs.ts';
import { connectBrowser, newContext } from './browser.ts';

const stub = () => inject('algoliaStubUrl');
const captured = async (): Promise<CapturedRequest[]> => (await fetch(`${stub()}/__requests`)).json();

describe('search on Algolia (spec §7): the same UI over the hosted backend', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    await fetch(`${stub()}/__reset`, { method: 'POST' });
  });

  it('POSTs a batch of queries with the app id and key as query parameters and contextual facet filters', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const local: string[] = [];
    page.on('request', (r) => {
      if (/\/search\/(terms-|pages-|manifest)/.test(r.url())) local.push(r.url());
    });
    await page.goto(`${inject('algoliaUrl')}/guide`);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('log_format');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const queries = (await captured()).filter((r) => r.path === '/1/indexes/*/queries');
    expect(queries.length).toBeGreaterThan(0);
    const last = queries[queries.length - 1];
    expect(last.method).toBe('POST');
    expect(last.query['x-algolia-application-id']).toBe('TESTAPP');
    expect(last.query['x-algolia-api-key']).toBe('search-only-key');
    expect(last.body.requests).toHaveLength(1);
    const request = last.body.requests[0];
    expect(request.query).toBe('log_format');
    expect(request.indexName).toBe('fixture_docs');
    expect(request.hitsPerPage).toBe(20);
    expect(request.facetFilters).toEqual([
      'language:en',
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
    ]);
    // The embedded index is never fetched when Algolia is configured.
    expect(local).toEqual([]);
    // The heading, then the paragraph under it (Algolia also matches records by their hierarchy).
    expect(await page.locator('.DocSearch-Hit-title').allInnerTexts()).toEqual([
      'log_format setting',
      'Plain text for terminals, or JSON lines for log collectors.',
    ]);
    expect(await page.locator('.DocSearch-Hit-title mark').allInnerTexts()).toEqual(['log_format']);
    // Records carry the production URL (https://example.com/…): the link is rebased onto this site.
    expect(await page.locator('.DocSearch-Hit a').first().getAttribute('href')).toBe(
      '/guide/settings#log_format-setting',
    );
    // Algolia's logo stays: this backend is Algolia.
    expect(await page.locator('.DocSearch-Logo').isVisible()).toBe(true);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('escapes record text that Algolia returns unescaped', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('algoliaUrl')}/guide`);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('onerror');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await page.locator('.DocSearch-Container img').count()).toBe(0);
    expect((await page.locator('.DocSearch-Hit-title').allInnerTexts()).join('\n')).toContain(`Escaping ${MARKUP}`);
    await context.close();
  });

  it('keeps an external result as it is and rebases internal ones', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('algoliaUrl')}/guide`);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('daggerverse');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const hrefs = await page.locator('.DocSearch-Hit a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toContain(EXTERNAL_RECORD_URL);
    await context.close();
  });

  it('the /search page uses Algolia too, one request per page of results', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('algoliaUrl')}/search?q=setting`);
    await page.locator('.search-result').first().waitFor();
    expect(await page.locator('.search-result-title').first().innerText()).toBe('Widget settings');
    const body = (await captured()).at(-1)!.body;
    expect(body.requests[0]).toMatchObject({
      query: 'setting',
      page: 0,
      hitsPerPage: 20,
      highlightPreTag: '__docs-mark__',
    });
    await page.locator('.search-page-more').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await captured()).at(-1)!.body.requests[0].page).toBe(1);
    await context.close();
  });

  it('an unreachable host shows "Unable to fetch results" and the help text', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('algoliaDownUrl')}/guide`);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('tls');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await screen.waitFor({ timeout: 15_000 });
    expect(await screen.locator('.DocSearch-Title').innerText()).toBe(TEXTS.unableToFetch);
    expect(await screen.locator('.DocSearch-Help').innerText()).toBe(TEXTS.checkNetwork);
    await page.goto(`${inject('algoliaDownUrl')}/search?q=tls`);
    const alert = page.locator('.search-page-error[role=alert]');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.locator('p').allInnerTexts()).toEqual([TEXTS.unableToFetch, TEXTS.checkNetwork]);
    await context.close();
  });
});
