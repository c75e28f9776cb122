import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';

const attrs = () => [
  document.documentElement.getAttribute('data-theme'),
  document.documentElement.getAttribute('data-theme-choice'),
];

describe('colour mode (spec §4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('defaults to light and cycles light ↔ dark, stored under "theme"', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    expect(await page.evaluate(attrs)).toEqual(['light', 'light']);
    await page.click('#color-mode-toggle');
    expect(await page.evaluate(attrs)).toEqual(['dark', 'dark']);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.click('#color-mode-toggle');
    expect(await page.evaluate(attrs)).toEqual(['light', 'light']);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('sets dark before first paint on reload (no flash)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide`);
    await page.click('#color-mode-toggle');
    // Record the theme at the moment <body> is created, i.e. before anything is painted.
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.body) {
          (window as any).__themeAtBody = document.documentElement.getAttribute('data-theme');
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as any).__themeAtBody)).toBe('dark');
    await context.close();
  });

  it('picks up a change made in another tab', async () => {
    const context = await newContext(browser);
    const [a, b] = [await context.newPage(), await context.newPage()];
    await a.goto(`${inject('fixtureUrl')}/guide`);
    await b.goto(`${inject('fixtureUrl')}/guide/usage`);
    await a.click('#color-mode-toggle');
    await b.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
    expect(await b.evaluate(attrs)).toEqual(['dark', 'dark']);
    await context.close();
  });

  it('setting the choice to null clears the stored value and returns to the default', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide`);
    await page.click('#color-mode-toggle');
    await page.evaluate(() => (window as any).__docs.colorMode.set(null));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    expect(await page.evaluate(attrs)).toEqual(['light', 'light']);
    await context.close();
  });

  it('with respectPrefersColorScheme, "system" follows prefers-color-scheme live', async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${inject('systemUrl')}/guide`);
    expect(await page.evaluate(attrs)).toEqual(['dark', 'system']);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
    expect(await page.evaluate(attrs)).toEqual(['light', 'system']);
    // The toggle cycles through system when the system preference is respected.
    await page.click('#color-mode-toggle');
    expect(await page.evaluate(attrs)).toEqual(['light', 'light']);
    await page.click('#color-mode-toggle');
    await page.click('#color-mode-toggle');
    expect(await page.evaluate(attrs)).toEqual(['light', 'system']);
    await context.close();
  });

  it('with the switch disabled, the stored value is deleted and there is no toggle', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${inject('noSwitchUrl')}/guide`);
    expect(await page.evaluate(attrs)).toEqual(['light', 'light']);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    expect(await page.locator('#color-mode-toggle').count()).toBe(0);
    await context.close();
  });

  it('keeps working when localStorage throws (private mode)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const fail = () => {
        throw new DOMException('denied', 'SecurityError');
      };
      Storage.prototype.getItem = fail;
      Storage.prototype.setItem = fail;
      Storage.prototype.removeItem = fail;
    });
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    await page.click('#color-mode-toggle');
    expect(await page.evaluate(attrs)).toEqual(['dark', 'dark']);
    await page.click('.tabs-list [data-value="Python"] >> nth=0');
    expect(await page.getAttribute('.tabs-list [data-value="Python"] >> nth=1', 'aria-selected')).toBe('true');
    await page.click('.announcement-close');
    await expect.poll(() => page.isVisible('#announcement')).toBe(false);
    expect(context.errors).toEqual([]);
    await context.close();
  });
});
