import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as TEXTS from '../../theme/shared/texts.ts';
import { FEEDBACK_URL, MARKUP, SETTINGS_COUNT } from '../search/fixture-docs.ts';
import { connectBrowser, newContext } from './browser.ts';

/** Requests for the embedded index: the manifest, term fragments and page chunks; and the search islands' code. */
const isManifest = (url: string) => new URL(url).pathname.endsWith('/search/manifest.json');
const isIndexFile = (url: string) => /\/search\/(terms|pages)-[0-9a-f]{10}\.json$/.test(new URL(url).pathname);
const isIndex = (url: string) => isManifest(url) || isIndexFile(url);
const isSearchCode = (url: string) => /\/assets\/chunks\/search-(modal|page)-/.test(new URL(url).pathname);

describe('search modal on the embedded index (spec §4, §8, §9)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  async function open(path = '/guide') {
    const context = await newContext(browser);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${inject('searchUrl')}${path}`);
    return { context, page, requests };
  }

  const input = (page: Page) => page.locator('.DocSearch-Input');

  /** Holds the modal's code back until the returned function is called (a slow network). */
  async function holdModalCode(page: Page): Promise<() => void> {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/chunks\/search-modal-[^/]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    return release;
  }

  it('loads neither the search code nor the index with the page; the first open loads the manifest, a query the files it needs', async () => {
    const { context, page, requests } = await open();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => isIndex(u) || isSearchCode(u))).toEqual([]);
    await page.keyboard.press('Control+k'); // no hover: opening alone must load them
    await input(page).waitFor();
    await expect.poll(() => requests.filter(isManifest).length).toBe(1);
    expect(requests.some(isSearchCode)).toBe(true);
    expect(requests.filter(isIndexFile)).toEqual([]); // nothing to look up yet
    await input(page).fill('log_format');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const files = requests.filter(isIndexFile).map((u) => new URL(u).pathname);
    expect(files.some((f) => f.includes('/terms-'))).toBe(true);
    expect(files.some((f) => f.includes('/pages-'))).toBe(true);
    expect(new Set(files).size).toBe(files.length); // each fetched once
    expect(requests.filter(isManifest)).toHaveLength(1);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('hovering the button starts loading the index before the modal opens', async () => {
    const { context, page, requests } = await open();
    await page.waitForLoadState('networkidle');
    await page.hover('#search-button');
    await expect.poll(() => requests.filter(isManifest).length).toBe(1);
    expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
    await context.close();
  });

  it('opens on click, Ctrl+K and "/", closes on Escape and on Cancel; focus returns to the button', async () => {
    const { context, page } = await open();
    for (const how of ['click', 'ctrl+k', 'slash'] as const) {
      if (how === 'click') await page.click('#search-button');
      else if (how === 'ctrl+k') await page.keyboard.press('Control+k');
      else await page.keyboard.press('/');
      await input(page).waitFor();
      expect(await input(page).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.DocSearch-Modal').count()).toBe(0);
    }
    // Ctrl+K toggles.
    await page.keyboard.press('Control+k');
    await input(page).waitFor();
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.locator('.DocSearch-Modal').count()).toBe(0);
    // Cancel (DocSearch's reset-type button, shown on small screens) closes too.
    await page.setViewportSize({ width: 600, height: 800 });
    await page.click('#search-button');
    await page.click('.DocSearch-Cancel');
    await expect.poll(() => page.locator('.DocSearch-Modal').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-button');
    await context.close();
  });

  it('keeps what is typed while the search code is still loading', async () => {
    const { context, page } = await open();
    const release = await holdModalCode(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('tls_kez');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('y');
    release();
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await input(page).inputValue()).toBe('tls_key');
    expect(await page.locator('.DocSearch-Hit-title').first().innerText()).toBe('tls_key setting');
    // Typing goes on in the input, after what was kept.
    await page.keyboard.type(' setting');
    expect(await input(page).inputValue()).toBe('tls_key setting');
    await context.close();
  });

  it('what is typed while loading is cut to 64 characters too', async () => {
    const { context, page } = await open();
    const release = await holdModalCode(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('y'.repeat(70));
    release();
    await input(page).waitFor();
    expect(await input(page).inputValue()).toBe('y'.repeat(64));
    await context.close();
  });

  it('"/" typed into a text field is a character, not the shortcut', async () => {
    const { context, page } = await open('/search');
    await page.locator('.search-page-status').waitFor({ state: 'attached' }); // the island has mounted
    await page.locator('.search-page-input').click();
    await page.keyboard.type('a/b');
    expect(await page.locator('.search-page-input').inputValue()).toBe('a/b');
    expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
    await context.close();
  });

  it('the start screen says "No recent searches"; the input takes at most 64 characters', async () => {
    const { context, page } = await open();
    await page.click('#search-button');
    await page.locator('.DocSearch-StartScreen').waitFor();
    expect(await page.locator('.DocSearch-StartScreen').innerText()).toBe(TEXTS.noRecentSearches);
    expect(await input(page).getAttribute('placeholder')).toBe(TEXTS.searchPlaceholder);
    await input(page).pressSequentially('x'.repeat(80));
    expect((await input(page).inputValue()).length).toBe(64);
    await context.close();
  });

  it('shows hits grouped by category and page with the matched words marked', async () => {
    const { context, page } = await open();
    await page.click('#search-button');
    await input(page).fill('tls');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const titles = await page.locator('.DocSearch-Hit-title').allInnerTexts();
    expect(titles).toEqual(['tls_cert setting', 'tls_key setting']);
    expect(await page.locator('.DocSearch-Hit-title mark').allInnerTexts()).toEqual(['tls_cert', 'tls_key']);
    expect(await page.locator('.DocSearch-Hit-source').allInnerTexts()).toEqual(['Documentation']);
    expect(await page.locator('.DocSearch-Hit a').first().getAttribute('href')).toBe(
      '/guide/settings#tls_cert-setting',
    );
    await context.close();
  });

  it('finds words despite a typo, and by prefix while typing', async () => {
    const { context, page } = await open();
    await page.click('#search-button');
    await input(page).fill('timout');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await page.locator('.DocSearch-Hit-title').allInnerTexts()).toContain('timeout setting');
    await input(page).fill('telemet');
    await expect.poll(() => page.locator('.DocSearch-Hit-title').allInnerTexts()).toContain('telemetry setting');
    await context.close();
  });

  it('groups at most 5 hits per page and links "See all N results" to /search?q=', async () => {
    const { context, page } = await open();
    await page.click('#search-button');
    await input(page).fill('setting');
    await page.locator('.search-see-all').waitFor();
    // 24 setting headings and the page itself: DocSearch shows 5 of the page's 20 hits of page 1.
    expect(await page.locator('.DocSearch-Hit').count()).toBe(5);
    const seeAll = page.locator('.search-see-all');
    expect(await seeAll.innerText()).toBe(TEXTS.seeAllResults(SETTINGS_COUNT + 1));
    await page.evaluate(() => ((window as any).__sameDocument = true));
    await seeAll.click();
    await page.waitForURL(/\/search\?q=setting$/);
    await page.locator('.search-result').first().waitFor();
    expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
    // The client router handled it: no full page load.
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    await context.close();
  });

  it('no results: the query, "Try searching for", and the report link', async () => {
    const { context, page } = await open();
    await page.click('#search-button');
    await input(page).fill('widget'); // results first, so DocSearch has categories to suggest
    await page.locator('.DocSearch-Hit').first().waitFor();
    await input(page).fill('zzqqxxj');
    const screen = page.locator('.DocSearch-NoResults');
    await screen.waitFor();
    const text = await screen.innerText();
    expect(text).toContain(`${TEXTS.noResultsFor} "zzqqxxj"`);
    expect(text).toContain(`${TEXTS.trySearchingFor}:`);
    expect(text).toContain(`${TEXTS.believeQueryShouldReturn} ${TEXTS.letUsKnow}`);
    const report = screen.locator(`a:has-text("${TEXTS.letUsKnow}")`);
    expect(await report.getAttribute('href')).toBe(FEEDBACK_URL.replace('{query}', 'zzqqxxj'));
    await context.close();
  });

  it('no results on a site without search.feedbackUrl: no "Let us know." line', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide`);
    await page.click('#search-button');
    await input(page).fill('zzqqxxj');
    const screen = page.locator('.DocSearch-NoResults');
    await screen.waitFor();
    expect(await screen.innerText()).toContain(`${TEXTS.noResultsFor} "zzqqxxj"`);
    expect(await screen.innerText()).not.toContain(TEXTS.believeQueryShouldReturn);
    expect(await screen.locator('a').count()).toBe(0);
    await context.close();
  });

  it('choosing a hit navigates through the client router and adds it to the recent searches', async () => {
    const { context, page } = await open();
    await page.evaluate(() => ((window as any).__sameDocument = true));
    await page.click('#search-button');
    await input(page).fill('log_format');
    await page.locator('.DocSearch-Hit').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/guide\/settings#log_format-setting$/);
    await page.locator('h1:has-text("Widget settings")').waitFor();
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    await page.click('#search-button');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await page.locator('.DocSearch-Hit-source').first().innerText()).toBe('Recent');
    expect(await page.locator('.DocSearch-Hit-title').allInnerTexts()).toEqual(['log_format setting']);
    // Clicking a hit works the same way.
    await page.keyboard.press('Escape');
    await page.click('#search-button');
    await input(page).fill('requirements');
    await page.locator('.DocSearch-Hit a').first().click();
    await page.waitForURL(/\/guide\/install#requirements$/);
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('markup in documents is shown as text, in hits and in recent searches', async () => {
    const { context, page } = await open();
    await page.evaluate(() => ((window as any).__alerted = false));
    page.on('dialog', (d) => d.dismiss());
    await page.click('#search-button');
    await input(page).fill('onerror');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await page.locator('.DocSearch-Container img').count()).toBe(0);
    const text = (await page.locator('.DocSearch-Hit-title').allInnerTexts()).join('\n');
    expect(text).toContain(`Escaping ${MARKUP}`);
    await page.locator('.DocSearch-Hit-title', { hasText: 'Escaping' }).click();
    await page.waitForURL(/\/guide\/markup#/);
    await page.click('#search-button');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await page.locator('.DocSearch-Container img').count()).toBe(0);
    expect(await page.locator('.DocSearch-Hit-title').first().innerText()).toBe(`Escaping ${MARKUP}`);
    await context.close();
  });

  it('an index that cannot be loaded shows "Unable to fetch results"; a later query loads it again', async () => {
    const { context, page } = await open();
    await page.route('**/search/manifest.json', (route) => route.abort('connectionrefused'));
    await page.keyboard.press('Control+k');
    await input(page).fill('tls');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await screen.waitFor();
    expect(await screen.locator('.DocSearch-Title').innerText()).toBe(TEXTS.unableToFetch);
    expect(await screen.locator('.DocSearch-Help').innerText()).toBe(TEXTS.checkNetwork);
    expect(await page.locator('.DocSearch-NoResults').isVisible()).toBe(false);
    await input(page).fill('');
    await page.locator('.DocSearch-StartScreen').waitFor();
    expect(await screen.count()).toBe(0);
    await page.unroute('**/search/manifest.json');
    await input(page).fill('tls_key');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await screen.count()).toBe(0);
    await context.close();
  });

  it('follows the colour mode, also when it changes while open', async () => {
    const { context, page } = await open();
    await page.click('#search-button');
    const modal = page.locator('.DocSearch-Modal');
    await modal.waitFor();
    const bg = () => modal.evaluate((el) => getComputedStyle(el).backgroundColor);
    const light = await bg();
    await page.evaluate(() => (window as any).__docs.colorMode.set('dark'));
    await expect.poll(bg).not.toBe(light);
    expect(await page.locator('.search-modal').getAttribute('data-theme')).toBe('dark');
    // The dark value is the site's --bg-soft token in dark mode.
    expect(await bg()).toBe('rgb(23, 21, 42)');
    await context.close();
  });
});
