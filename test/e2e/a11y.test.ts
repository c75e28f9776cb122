import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';

// '/' is the Overview doc; /extending/constructors carries important admonitions (caution's contrast
// is measured in overview.test.ts: its page is in the Reference sidebar, which axe faults for links
// inside the SDK reference's <summary> elements).
const PAGES = ['/', '/getting-started/installation', '/extending/constructors', '/search?q=container', '/no-such-page'];

describe('accessibility (axe-core): no serious or critical violation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  for (const theme of ['light', 'dark']) {
    for (const route of PAGES) {
      it.skipIf(!inject('siteUrl'))(`${route} in ${theme}`, async () => {
        const context = await newContext(browser);
        const page = await context.newPage();
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await page.goto(`${inject('siteUrl')}${route}`);
        const results = await new AxeBuilder({ page: page as any }).analyze();
        const bad = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        expect(bad).toEqual([]);
        await context.close();
      });
    }
  }

  it.skipIf(!inject('siteUrl'))('a doc page at 390 px with the "On this page" list and the menu open', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/getting-started/ci-integrations/tekton`);
    await page.click('.toc-mobile summary');
    const serious = async () => (await new AxeBuilder({ page: page as any }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    expect(await serious()).toEqual([]);
    await page.click('#menu-button');
    expect(await serious()).toEqual([]);
    await context.close();
  });

  it('the fixture doc page with tabs, details, code and images passes in dark mode', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    const results = await new AxeBuilder({ page: page as any }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    expect(bad).toEqual([]);
    await context.close();
  });
});
