import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';

/** The real Dagger site: the embedded index answers typical queries in the modal and on /search. */
describe.skipIf(!inject('siteUrl'))('search on the real site', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('no search request with a doc page; "cache volume" finds the Cache Volumes page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${inject('siteUrl')}/getting-started/installation`);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((p) => p.startsWith('/search/') || /search-(modal|page)-/.test(p))).toEqual([]);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('cache volume');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const hrefs = await page.locator('.DocSearch-Hit a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.some((h) => h?.startsWith('/extending/cache-volumes'))).toBe(true);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('/search?q=container lists the Container pages', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/search?q=container`);
    await page.locator('.search-result').first().waitFor();
    const links = await page
      .locator('.search-result-title a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toContain('/getting-started/types/container');
    await context.close();
  });
});
