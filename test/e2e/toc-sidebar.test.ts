import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as TEXTS from '../../theme/shared/texts.ts';
import { connectBrowser, newContext } from './browser.ts';

/** Issue 18, items 3 and 4: a table of contents at every width, a sidebar that keeps its place. */

/** The sidebar's current item, measured against the sidebar's own box, and the page's scroll. */
function sidebarState(page: Page) {
  return page.evaluate(() => {
    const sidebar = document.getElementById('sidebar')!;
    const active = sidebar.querySelector('[aria-current="page"]')!;
    const box = sidebar.getBoundingClientRect();
    const item = active.getBoundingClientRect();
    return {
      current: active.textContent,
      visible: item.top >= box.top && item.bottom <= box.bottom,
      scrollTop: sidebar.scrollTop,
      scrollY: window.scrollY,
    };
  });
}

/** Category label → aria-expanded of its button, for the collapsible categories of the sidebar. */
function categories(page: Page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('#sidebar .sidebar-category.collapsible')].map((li) => {
        const label = li.querySelector(':scope > .sidebar-category-label')!.textContent!;
        const expanded = li
          .querySelector(':scope > .sidebar-category-label > .sidebar-category-toggle')!
          .getAttribute('aria-expanded');
        const listShown = (li.querySelector(':scope > .sidebar-list') as HTMLElement).offsetHeight > 0;
        return [label, `${expanded}/${listShown ? 'shown' : 'hidden'}`];
      }),
    ),
  );
}

describe('table of contents at every width', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('at 390 px the "On this page" control opens the list; an entry scrolls to its section and closes it', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/usage`);
    expect(await page.isVisible('.toc')).toBe(false);
    const summary = page.locator('.toc-mobile summary');
    expect(await summary.isVisible()).toBe(true);
    expect(await summary.textContent()).toBe(TEXTS.onThisPage);
    // Above the article content.
    expect(
      await page.evaluate(
        () =>
          document.querySelector('.toc-mobile')!.getBoundingClientRect().bottom <=
          document.querySelector('.doc h1')!.getBoundingClientRect().top,
      ),
    ).toBe(true);
    expect(await page.isVisible('.toc-mobile .toc-link >> text=Topic 3')).toBe(false);
    await summary.click();
    expect(await page.isVisible('.toc-mobile .toc-link >> text=Topic 3')).toBe(true);
    // The same h2–h3 list as the side TOC.
    const entries = (sel: string) =>
      page.$$eval(sel, (as) =>
        as.map((a) => `${a.parentElement!.className} ${a.getAttribute('href')} ${a.textContent}`),
      );
    expect(await entries('.toc-mobile .toc-link')).toEqual(await entries('.toc .toc-link'));
    await page.click('.toc-mobile .toc-link >> text=Topic 3');
    await page.waitForURL('**/guide/usage#topic-3');
    expect(await page.evaluate(() => (document.querySelector('.toc-mobile details') as HTMLDetailsElement).open)).toBe(
      false,
    );
    const top = await page.evaluate(() => document.getElementById('topic-3')!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(150); // just below the sticky navbar
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('scroll-spy marks the current section in the narrow-screen list', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/usage`);
    await page.click('.toc-mobile summary');
    await page.evaluate(() => document.getElementById('topic-5')!.scrollIntoView());
    await page.waitForFunction(
      () => document.querySelector('.toc-mobile .toc-link.active')?.getAttribute('href') === '#topic-5',
    );
    expect(await page.$$eval('.toc-mobile .toc-link.active', (as) => as.length)).toBe(1);
    await page.evaluate(() => document.getElementById('topic-2')!.scrollIntoView());
    await page.waitForFunction(
      () => document.querySelector('.toc-mobile .toc-link.active')?.getAttribute('href') === '#topic-2',
    );
    await context.close();
  });

  it('the control works from the keyboard', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/usage`);
    await page.focus('.toc-mobile summary');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (document.querySelector('.toc-mobile details') as HTMLDetailsElement).open)).toBe(
      true,
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#running-it');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/guide/usage#running-it');
    expect(await page.evaluate(() => (document.querySelector('.toc-mobile details') as HTMLDetailsElement).open)).toBe(
      false,
    );
    await context.close();
  });

  it('the control shows exactly where the side TOC is hidden', async () => {
    for (const [width, mobile] of [
      [1300, false],
      [1201, false],
      [1200, true],
      [997, true],
      [390, true],
    ] as const) {
      const context = await newContext(browser, { viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${inject('fixtureUrl')}/guide/usage`);
      expect([width, await page.isVisible('.toc-mobile')]).toEqual([width, mobile]);
      expect([width, await page.isVisible('.toc')]).toEqual([width, !mobile]);
      await context.close();
    }
  });

  it('a page without headings has neither TOC', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/other`);
    expect(await page.locator('.toc-mobile, .toc').count()).toBe(0);
    await context.close();
  });

  it('after client navigation the new page has its own control, closed', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    await page.click('.toc-mobile summary');
    await page.click('.pagination-link.next');
    await page.waitForURL('**/guide/usage');
    expect(await page.evaluate(() => (document.querySelector('.toc-mobile details') as HTMLDetailsElement).open)).toBe(
      false,
    );
    await page.click('.toc-mobile summary');
    await page.click('.toc-mobile .toc-link >> text=Topic 4');
    await page.waitForURL('**/guide/usage#topic-4');
    expect(await page.evaluate(() => (document.querySelector('.toc-mobile details') as HTMLDetailsElement).open)).toBe(
      false,
    );
    expect(context.errors).toEqual([]);
    await context.close();
  });
});

describe('a sidebar that keeps its place (real site)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());
  const site = () => inject('siteUrl');

  it.skipIf(!inject('siteUrl'))(
    'on a deep page the current item is scrolled into view inside the sidebar, not the page',
    async () => {
      for (const route of ['/getting-started/ci-integrations/tekton', '/reference/container-runtimes/podman']) {
        const context = await newContext(browser, { viewport: { width: 1300, height: 400 } });
        const page = await context.newPage();
        await page.goto(`${site()}${route}`);
        const state = await sidebarState(page);
        expect(state).toMatchObject({ visible: true, scrollY: 0 });
        // At this height the item is below the fold: the sidebar had to scroll.
        expect(state.scrollTop).toBeGreaterThan(0);
        await context.close();
      }
    },
  );

  it.skipIf(!inject('siteUrl'))(
    'the six categories start collapsed, except the one holding the current page',
    async () => {
      const context = await newContext(browser, { viewport: { width: 1300, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${site()}/getting-started/installation`);
      expect(await categories(page)).toEqual({
        'Calling the Dagger API': 'false/hidden',
        Types: 'false/hidden',
        'Integrating with CI': 'false/hidden',
      });
      await page.goto(`${site()}/getting-started/types/directory`);
      expect(await categories(page)).toEqual({
        'Calling the Dagger API': 'false/hidden',
        Types: 'true/shown',
        'Integrating with CI': 'false/hidden',
      });
      await page.goto(`${site()}/reference/configuration/cache`);
      const reference = await categories(page);
      expect([reference.Configuration, reference['API and SDKs'], reference['Container Runtimes']]).toEqual([
        'true/shown',
        'false/hidden',
        'false/hidden',
      ]);
      expect(context.errors).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(!inject('siteUrl'))(
    'a category button toggles aria-expanded, by mouse and keyboard; opening one never closes another',
    async () => {
      const context = await newContext(browser, { viewport: { width: 1300, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${site()}/getting-started/ci-integrations/tekton`);
      const types = page.locator('#sidebar .sidebar-category-toggle', { hasText: 'Types' });
      await types.click();
      expect(await categories(page)).toEqual({
        'Calling the Dagger API': 'false/hidden',
        Types: 'true/shown',
        'Integrating with CI': 'true/shown',
      });
      await page.locator('#sidebar .sidebar-category-toggle', { hasText: 'Calling the Dagger API' }).click();
      expect(await categories(page)).toEqual({
        'Calling the Dagger API': 'true/shown',
        Types: 'true/shown',
        'Integrating with CI': 'true/shown',
      });
      await types.focus();
      await page.keyboard.press('Enter');
      expect(await types.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press(' ');
      expect(await types.getAttribute('aria-expanded')).toBe('true');
      expect(await page.isVisible('#sidebar .sidebar-link >> text=Directory')).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await context.close();
    },
  );

  it.skipIf(!inject('siteUrl'))(
    'client navigation keeps the sidebar node, its scroll position and opened categories',
    async () => {
      const context = await newContext(browser, { viewport: { width: 1300, height: 600 } });
      const page = await context.newPage();
      await page.goto(`${site()}/getting-started/installation`);
      await page.locator('#sidebar .sidebar-category-toggle', { hasText: 'Types' }).click();
      await page.locator('#sidebar .sidebar-category-toggle', { hasText: 'Integrating with CI' }).click();
      await page.evaluate(() => {
        const sidebar = document.getElementById('sidebar')!;
        (sidebar as any).__kept = true;
        sidebar.scrollTop = sidebar.scrollHeight;
      });
      const before = await page.evaluate(() => document.getElementById('sidebar')!.scrollTop);
      expect(before).toBeGreaterThan(200);
      await page.evaluate(() => ((window as any).__marker = 1));
      await page.click('#sidebar .sidebar-link >> text=Tekton');
      await page.waitForURL('**/getting-started/ci-integrations/tekton');
      await page.waitForSelector('h1:has-text("Tekton")');
      expect(await page.evaluate(() => (window as any).__marker)).toBe(1); // the router did it, no reload
      expect(await page.evaluate(() => (document.getElementById('sidebar') as any).__kept)).toBe(true);
      expect(await page.evaluate(() => document.getElementById('sidebar')!.scrollTop)).toBe(before);
      expect(await page.getAttribute('#sidebar .sidebar-link >> text=Tekton', 'aria-current')).toBe('page');
      expect(await page.locator('#sidebar [aria-current="page"]').count()).toBe(1);
      expect(await page.getAttribute('#sidebar .sidebar-link >> text=Installation', 'class')).not.toContain('active');
      // What the reader opened stays open; what they left closed stays closed.
      expect(await categories(page)).toEqual({
        'Calling the Dagger API': 'false/hidden',
        Types: 'true/shown',
        'Integrating with CI': 'true/shown',
      });
      // Back keeps it too.
      await page.goBack();
      await page.waitForSelector('h1:has-text("Installation")');
      expect(await page.evaluate(() => (document.getElementById('sidebar') as any).__kept)).toBe(true);
      expect(await page.getAttribute('#sidebar .sidebar-link >> text=Installation', 'aria-current')).toBe('page');
      expect(context.errors).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(!inject('siteUrl'))(
    'navigating into a collapsed category opens it; a different sidebar replaces the node',
    async () => {
      const context = await newContext(browser, { viewport: { width: 1300, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${site()}/getting-started/installation`);
      await page.evaluate(() => ((document.getElementById('sidebar') as any).__kept = true));
      await page.evaluate(() => {
        const a = document.createElement('a');
        a.href = '/getting-started/types/container';
        a.id = 'to-container';
        a.textContent = 'Container';
        document.querySelector('.markdown')!.prepend(a);
      });
      await page.click('#to-container');
      await page.waitForURL('**/getting-started/types/container');
      await page.waitForSelector('h1:has-text("Container")');
      expect(await page.evaluate(() => (document.getElementById('sidebar') as any).__kept)).toBe(true);
      expect((await categories(page)).Types).toBe('true/shown');
      expect(
        await page.getAttribute('#sidebar .sidebar-category.active-trail .sidebar-link[aria-current="page"]', 'href'),
      ).toBe('/getting-started/types/container');
      // Another sidebar: the Reference section's, rendered anew.
      await page.click('.navbar-link >> text=Reference');
      await page.waitForURL('**/reference');
      expect(await page.evaluate(() => (document.getElementById('sidebar') as any).__kept)).toBeUndefined();
      expect(await page.getAttribute('#sidebar', 'data-sidebar')).toBe('reference');
      expect(context.errors).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(!inject('siteUrl'))(
    'the mobile drawer shows the current item of a deep page without moving the page',
    async () => {
      const context = await newContext(browser, { viewport: { width: 390, height: 700 } });
      const page = await context.newPage();
      await page.goto(`${site()}/getting-started/ci-integrations/tekton`);
      await page.click('#menu-button');
      const state = await page.evaluate(() => {
        const panel = document.getElementById('menu-panel')!;
        const item = panel.querySelector('[aria-current="page"]')!.getBoundingClientRect();
        const box = panel.getBoundingClientRect();
        return {
          visible: item.top >= box.top && item.bottom <= box.bottom,
          scrollTop: panel.scrollTop,
          scrollY: window.scrollY,
        };
      });
      expect(state).toMatchObject({ visible: true, scrollY: 0 });
      expect(state.scrollTop).toBeGreaterThan(0);
      // Categories open and close in the drawer's copy too.
      const types = page.locator('#menu-panel .sidebar-category-toggle', { hasText: 'Types' });
      await types.click();
      expect(await types.getAttribute('aria-expanded')).toBe('true');
      expect(await page.isVisible('#menu-panel .sidebar-link >> text=Directory')).toBe(true);
      await context.close();
    },
  );
});
