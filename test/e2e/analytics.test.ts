import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';

const requests = async () =>
  (await (await fetch(`${inject('stubUrl')}/__requests`)).json()) as { url: string; body: string }[];

describe('analytics (spec §7), only when configured', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('captures $pageview on load and on each pathname change, not on hash changes; loads the community script', async () => {
    await fetch(`${inject('stubUrl')}/__reset`);
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('analyticsUrl')}/guide`);
    await page.waitForFunction(() => (window as any).__communityLoaded === true);
    await page.click('.sidebar-link >> text=Usage');
    await page.waitForSelector('h1:has-text("Usage")');
    await page.click('.toc .toc-link >> nth=1');
    await page.waitForTimeout(300);
    const pageviews = (await requests()).filter((r) => r.url.startsWith('/capture')).map((r) => JSON.parse(r.body));
    expect(pageviews.map((p) => [p.event, p.properties.$pathname])).toEqual([
      ['$pageview', '/guide'],
      ['$pageview', '/guide/usage'],
    ]);
    expect(pageviews[0].api_key).toBe('phc_test');
    await context.close();
  });

  it('with no keys there is no analytics request and no analytics code path', async () => {
    await fetch(`${inject('stubUrl')}/__reset`);
    const context = await newContext(browser);
    const page = await context.newPage();
    const hosts = new Set<string>();
    page.on('request', (r) => hosts.add(new URL(r.url()).host));
    await page.goto(`${inject('fixtureUrl')}/guide`);
    await page.click('.sidebar-link >> text=Usage');
    await page.waitForSelector('h1:has-text("Usage")');
    expect([...hosts]).toEqual([new URL(inject('fixtureUrl')).host]);
    expect(await requests()).toEqual([]);
    expect(await page.evaluate(() => 'posthog' in window)).toBe(false);
    await context.close();
  });
});
