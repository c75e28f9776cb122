import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as TEXTS from '../../theme/shared/texts.ts';
import { MARKUP, SETTINGS_COUNT } from '../search/fixture-docs.ts';
import { connectBrowser, newContext } from './browser.ts';

describe('/search page (spec §2, §7, §8)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('without JavaScript it is a plain GET form to /search with q', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${inject('searchUrl')}/search`);
    const form = page.locator('form.search-page-form');
    expect(await form.getAttribute('action')).toBe('/search');
    expect(await form.getAttribute('method')).toBe('get');
    expect(await form.locator('input[name=q]').count()).toBe(1);
    expect(await page.locator('[data-island="search-page"]').count()).toBe(1);
    await form.locator('input[name=q]').fill('install');
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/\/search\?q=install$/);
    await context.close();
  });

  it('reads q, shows results grouped by page with marked matches', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('searchUrl')}/search?q=widget`);
    await page.locator('.search-result').first().waitFor();
    expect(await page.locator('.search-page-input').inputValue()).toBe('widget');
    const titles = await page.locator('.search-result-title').allInnerTexts();
    expect(new Set(titles).size).toBe(titles.length); // one entry per page
    expect(titles).toContain('Widget settings');
    expect(await page.locator('.search-result-title mark').first().innerText()).toBe('Widget');
    // The guide's excerpt is its description, with the match marked.
    const guide = page.locator('.search-result', { has: page.locator('.search-result-title a[href="/guide"]') });
    expect(await guide.locator('.search-result-excerpt').innerText()).toBe('The guide to the widget.');
    expect(await guide.locator('.search-result-excerpt mark').innerText()).toBe('widget');
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('keeps q in the URL while typing, without new history entries', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('searchUrl')}/search?q=tls`);
    await page.locator('.search-result').first().waitFor();
    const length = await page.evaluate(() => history.length);
    const box = page.locator('.search-page-input');
    await box.fill('');
    await box.pressSequentially('proxy url');
    await expect.poll(() => page.url()).toMatch(/\/search\?q=proxy%20url$/);
    await expect.poll(() => page.locator('.search-result-section').first().innerText()).toBe('proxy_url setting');
    expect(await page.evaluate(() => history.length)).toBe(length);
    await page.reload();
    await page.locator('.search-result').first().waitFor();
    expect(await page.locator('.search-page-input').inputValue()).toBe('proxy url');
    await context.close();
  });

  it('loads the next 20 results when the end of the list scrolls into view', async () => {
    const total = SETTINGS_COUNT + 1; // the 24 setting headings and the settings page
    const context = await newContext(browser, { viewport: { width: 1280, height: 400 } });
    const page = await context.newPage();
    const sections = () => page.locator('.search-result-section').count();
    await page.goto(`${inject('searchUrl')}/search?q=setting`);
    await page.locator('.search-result').first().waitFor();
    // Page 1: 20 hits, the settings page itself and 19 of its headings.
    expect(await sections()).toBe(19);
    const more = page.locator('.search-page-more button');
    expect(await more.innerText()).toBe(TEXTS.seeAllResults(total));
    await page.locator('.search-page-more').scrollIntoViewIfNeeded();
    await expect.poll(sections).toBe(total - 1);
    expect(await page.locator('.search-page-more').isVisible()).toBe(false); // nothing left to load

    await context.close();
  });

  it('"See all N results" loads the rest without scrolling', async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 400 } });
    const page = await context.newPage();
    // No IntersectionObserver: scrolling cannot load anything, only the button can.
    await page.addInitScript(() => delete (window as any).IntersectionObserver);
    await page.goto(`${inject('searchUrl')}/search?q=setting`);
    await page.locator('.search-result').first().waitFor();
    const sections = () => page.locator('.search-result-section').count();
    expect(await sections()).toBe(19);
    await page.locator('.search-page-more').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(await sections()).toBe(19);
    await page.locator('.search-page-more button').click();
    await expect.poll(sections).toBe(SETTINGS_COUNT);
    await context.close();
  });

  it('shows a query with markup as text, and markup from documents as text', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    let alerted = false;
    page.on('dialog', (d) => {
      alerted = true;
      void d.dismiss();
    });
    // "alert" and "1" match the markup page's heading, so this query has results.
    const q = '<script>alert(1)</script>';
    await page.goto(`${inject('searchUrl')}/search?q=${encodeURIComponent(q)}`);
    await page.locator('.search-result').first().waitFor();
    expect(await page.locator('.search-page-input').inputValue()).toBe(q);
    expect(await page.locator('#main script, #main img').count()).toBe(0);
    expect(await page.locator('.search-result-section').first().innerText()).toBe(`Escaping ${MARKUP}`);
    expect(await page.locator('.search-result-section').first().locator('mark').allInnerTexts()).toEqual([
      'alert',
      '1',
    ]);
    await page.goto(`${inject('searchUrl')}/search?q=onerror`);
    await page.locator('.search-result').first().waitFor();
    expect(await page.locator('#main img').count()).toBe(0);
    expect(await page.locator('.search-result-excerpt').first().innerText()).toBe(
      `Text such as ${MARKUP} is shown, never run.`,
    );
    // Without hits, the query is echoed as text.
    const none = '<b>zzqqxxj</b>';
    await page.goto(`${inject('searchUrl')}/search?q=${encodeURIComponent(none)}`);
    await page.locator('.search-page-empty').waitFor();
    expect(await page.locator('.search-page-empty').innerText()).toBe(`${TEXTS.noResultsFor} “${none}”`);
    expect(await page.locator('.search-page-empty b').count()).toBe(0);
    expect(alerted).toBe(false);
    await context.close();
  });

  it('a query without hits says so', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('searchUrl')}/search?q=zzqqxxj`);
    await page.locator('.search-page-empty').waitFor();
    expect(await page.locator('.search-page-empty').innerText()).toBe(`${TEXTS.noResultsFor} “zzqqxxj”`);
    expect(await page.locator('.search-result').count()).toBe(0);
    await context.close();
  });

  it('result links go through the client router; leaving and coming back mounts the island again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('searchUrl')}/search?q=requirements`);
    await page.evaluate(() => ((window as any).__sameDocument = true));
    await page.locator('.search-result-section').first().click();
    await page.waitForURL(/\/guide\/install#requirements$/);
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    await page.goBack();
    await page.waitForURL(/\/search\?q=requirements$/);
    await page.locator('.search-result').first().waitFor();
    expect(await page.locator('.search-page-input').inputValue()).toBe('requirements');
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    expect(context.errors).toEqual([]);
    await context.close();
  });
});
