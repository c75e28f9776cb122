import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';

describe('site shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('announcement closes, stays closed on reload, and shows again for a new id', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide`);
    expect(await page.isVisible('#announcement')).toBe(true);
    await page.click('.announcement-close');
    expect(await page.isVisible('#announcement')).toBe(false);
    await page.reload();
    expect(await page.isVisible('#announcement')).toBe(false);
    await page.evaluate(() => localStorage.setItem('docs.announcement.dismissed', 'an-older-bar'));
    await page.reload();
    expect(await page.isVisible('#announcement')).toBe(true);
    await context.close();
  });

  it('mobile (≤ 996 px): menu button opens the sidebar panel; Escape and navigation close it', async () => {
    const context = await newContext(browser, { viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    expect(await page.isVisible('.navbar-items')).toBe(false);
    expect(await page.isVisible('#sidebar')).toBe(false);
    await page.click('#menu-button');
    expect(await page.isVisible('#menu-panel')).toBe(true);
    expect(await page.getAttribute('#menu-button', 'aria-expanded')).toBe('true');
    expect(await page.locator('#menu-panel .sidebar-link', { hasText: 'Usage' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#menu-panel')).toBe(false);
    await page.click('#menu-button');
    await page.click('#menu-panel .sidebar-link >> text=Usage');
    await page.waitForURL('**/guide/usage');
    expect(await page.isVisible('#menu-panel')).toBe(false);
    expect(await page.textContent('h1')).toBe('Usage');
    await context.close();
  });

  it('desktop at 997 px keeps the full navbar', async () => {
    const context = await newContext(browser, { viewport: { width: 997, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide`);
    expect(await page.isVisible('.navbar-items')).toBe(true);
    expect(await page.isVisible('#menu-button')).toBe(false);
    await context.close();
  });

  it("under a non-root base URL ('/docs/'), client navigation moves the navbar's current item", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('baseUrlFixtureUrl')}/docs/other`);
    expect(await page.getAttribute('.navbar-link >> text=Other', 'aria-current')).toBe('page');
    await page.evaluate(() => ((window as any).__marker = 1));
    await page.click('.navbar-link >> text=Guide');
    await page.waitForURL('**/docs/guide');
    expect(await page.evaluate(() => (window as any).__marker)).toBe(1); // no reload: the router did it
    expect(await page.getAttribute('.navbar-link >> text=Guide', 'aria-current')).toBe('page');
    expect(await page.getAttribute('.navbar-link >> text=Other', 'aria-current')).toBeNull();
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('client navigation swaps the page without a reload, updates title and navbar, keeps history', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/`);
    await page.evaluate(() => ((window as any).__marker = 1));
    await page.click('.navbar-link >> text=Guide');
    await page.waitForURL('**/guide');
    expect(await page.evaluate(() => (window as any).__marker)).toBe(1);
    expect(await page.title()).toBe('Guide | Fixture');
    expect(await page.getAttribute('.navbar-link >> text=Guide', 'aria-current')).toBe('page');
    await page.click('.sidebar-link >> text=Usage');
    await page.waitForURL('**/guide/usage');
    await page.goBack();
    await page.waitForURL('**/guide');
    expect(await page.textContent('h1')).toBe('Guide');
    expect(await page.evaluate(() => (window as any).__marker)).toBe(1);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('unknown paths get the not-found page with status 404', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto(`${inject('fixtureUrl')}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Page Not Found');
    await context.close();
  });

  it('an unknown route reached by client navigation forces a full page load', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide`);
    await page.evaluate(() => {
      (window as any).__marker = 1;
      const a = document.createElement('a');
      a.href = '/missing-page';
      a.id = 'to-missing';
      a.textContent = 'missing';
      document.querySelector('.markdown')!.append(a);
    });
    await page.click('#to-missing');
    await page.waitForURL('**/missing-page');
    await page.waitForSelector('h1:has-text("Page Not Found")');
    expect(await page.evaluate(() => (window as any).__marker)).toBeUndefined();
    await context.close();
  });

  it('TOC highlights the heading in view', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/usage`);
    await page.evaluate(() => document.getElementById('topic-5')!.scrollIntoView());
    await page.waitForFunction(() => document.querySelector('.toc-link.active')?.getAttribute('href') === '#topic-5');
    await context.close();
  });

  it('the Content-Security-Policy is sent and nothing on a doc page violates it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as any).__violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as any).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const response = await page.goto(`${inject('fixtureUrl')}/guide/install`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    await page.click('#color-mode-toggle');
    await page.click('.markdown img');
    await page.click('.sidebar-link >> text=Usage');
    await page.waitForSelector('h1:has-text("Usage")');
    expect(await page.evaluate(() => (window as any).__violations)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await context.close();
  });

  it('remembers the preferred docs version under the docs plugin key', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide`);
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    await context.close();
  });

  it('keyboard: the skip link is the first tab stop and moves focus to the content', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(page.url()).toMatch(/#main$/);
    await context.close();
  });
});
