import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';

describe('page loading states (spec §2, §4, §8)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('spinner and progress bar appear only after 200 ms of loading', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/__data/guide/usage.json', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${inject('fixtureUrl')}/guide`);
    // Times taken in the page, on its own clock: the test runner's round trips on a busy machine
    // must not count towards the 200 ms.
    await page.evaluate(() => {
      const w = window as any;
      document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        if (w.__spinnerAt === undefined && document.querySelector('.loading-spinner'))
          w.__spinnerAt = performance.now();
        if (w.__barAt === undefined && document.querySelector('#nprogress')) w.__barAt = performance.now();
      }).observe(document.documentElement, { childList: true, subtree: true });
    });
    await page.click('.sidebar-link >> text=Usage', { noWaitAfter: true });
    await page.waitForSelector('.loading-spinner');
    await page.waitForSelector('#nprogress .bar');
    const t = await page.evaluate(() => ({
      click: (window as any).__clickAt,
      spinner: (window as any).__spinnerAt,
      bar: (window as any).__barAt,
    }));
    expect(t.spinner - t.click).toBeGreaterThanOrEqual(190);
    expect(t.bar - t.click).toBeGreaterThanOrEqual(190);
    release();
    await page.waitForSelector('h1:has-text("Usage")');
    await expect.poll(() => page.locator('.loading-spinner').count()).toBe(0);
    await context.close();
  });

  it('a fast load shows neither spinner nor progress bar', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide`);
    await page.evaluate(() => {
      (window as any).__seen = false;
      new MutationObserver(() => {
        if (document.querySelector('.loading-spinner, #nprogress')) (window as any).__seen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.click('.sidebar-link >> text=Usage');
    await page.waitForSelector('h1:has-text("Usage")');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as any).__seen)).toBe(false);
    await context.close();
  });

  it('a failed load shows the error in a red box; Retry loads again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.route('**/__data/guide/usage.json', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto(`${inject('fixtureUrl')}/guide`);
    await page.click('.sidebar-link >> text=Usage');
    const box = page.locator('.load-error[role=alert]');
    await box.waitFor();
    expect(await box.textContent()).toContain('This page could not be loaded. (HTTP 500)');
    expect(await box.evaluate((el) => getComputedStyle(el).borderColor)).toMatch(/rgb\(180, 35, 24\)/);
    await page.unroute('**/__data/guide/usage.json');
    await page.click('.load-error button:has-text("Retry")');
    await page.waitForSelector('h1:has-text("Usage")');
    expect(page.url()).toMatch(/\/guide\/usage$/);
    await context.close();
  });

  it('a render error shows "This page crashed." and "Try again" recovers', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.route('**/__data/guide/usage.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"route":"/guide/usage"}' }),
    );
    await page.goto(`${inject('fixtureUrl')}/guide`);
    await page.click('.sidebar-link >> text=Usage');
    await page.waitForSelector('.page-crash >> text=This page crashed.');
    await page.unroute('**/__data/guide/usage.json');
    await page.click('.page-crash button:has-text("Try again")');
    await page.waitForSelector('h1:has-text("Usage")');
    await context.close();
  });

  it('hovering an internal link prefetches its data; not with data saver on', async () => {
    for (const saveData of [false, true]) {
      const context = await newContext(browser);
      const page = await context.newPage();
      if (saveData)
        await page.addInitScript(() =>
          Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
        );
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      await page.goto(`${inject('fixtureUrl')}/guide/install`);
      await page.waitForTimeout(300);
      await page.hover('.sidebar-link >> text=Usage');
      await page.waitForTimeout(300);
      expect(requested.includes('/__data/guide/usage.json')).toBe(!saveData);
      await context.close();
    }
  });
});
