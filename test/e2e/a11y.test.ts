import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sidebars from '../../content/sidebars.ts';
import { connectBrowser, newContext } from './browser.ts';
import { MODES, SWEEP_PAGES, WIDTHS, sweep, testedIn, violations, type SweepPage } from './a11y-sweep.ts';

// Zero axe-core violations of any impact (WCAG 2.0/2.1/2.2 A and AA, best practices) on a sample
// of the real site that holds every kind of page the build writes and a doc of every sidebar, each
// in both colour modes and at 1280 and 390 px (one mode per width: SweepPage.desktopMode), and at
// 390 px with "On this page" and the menu open. scripts/a11y-sweep.ts runs the same analysis over
// every page of a built folder, in every combination.

describe('the accessibility sample', () => {
  it('covers every sidebar and every kind of page', () => {
    const kinds: SweepPage['kind'][] = [
      'doc',
      'home',
      'cli-reference',
      'graphql-reference',
      'sdk-reference',
      'search',
      '404',
      'redirect',
    ];
    expect(new Set(SWEEP_PAGES.map((p) => p.kind))).toEqual(new Set(kinds));
    expect(new Set(SWEEP_PAGES.flatMap((p) => p.sidebar ?? []))).toEqual(new Set(Object.keys(sidebars)));
  });

  it('analyses every kind of page in both modes and at both widths, and doc pages in every mode at every width', () => {
    const cells = (pages: SweepPage[]) =>
      new Set(
        pages.flatMap((p) => MODES.flatMap((m) => WIDTHS.filter((w) => testedIn(p, m, w)).map((w) => `${m} ${w}`))),
      );
    for (const kind of new Set(SWEEP_PAGES.map((p) => p.kind))) {
      const pages = SWEEP_PAGES.filter((p) => p.kind === kind);
      for (const mode of MODES)
        expect(
          pages.some((p) => WIDTHS.some((w) => testedIn(p, mode, w))),
          `${kind} ${mode}`,
        ).toBe(true);
      for (const width of WIDTHS)
        expect(
          pages.some((p) => MODES.some((m) => testedIn(p, m, width))),
          `${kind} ${width}`,
        ).toBe(true);
    }
    expect(cells(SWEEP_PAGES.filter((p) => p.kind === 'doc')).size).toBe(MODES.length * WIDTHS.length);
    // Every sidebar is seen in the phone menu, in one mode at least.
    const menus = new Set(
      SWEEP_PAGES.filter((p) => p.open && MODES.some((m) => testedIn(p, m, 390))).flatMap((p) => p.sidebar ?? []),
    );
    expect(menus).toEqual(new Set(Object.keys(sidebars)));
  });
});

describe('accessibility (axe-core): no violation of any impact', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  // The four sweeps at once, each in its own browser context: axe's analysis is JavaScript on one
  // renderer process per page, so one sweep at a time left a core idle once the unit files were done.
  describe.concurrent('the sample', () => {
    for (const mode of MODES) {
      for (const width of WIDTHS) {
        it.skipIf(!inject('siteUrl'))(
          `in ${mode} mode at ${width} px${width < 800 ? ', then with "On this page" and the menu open' : ''}`,
          async ({ expect }) => {
            const pages = SWEEP_PAGES.filter((p) => testedIn(p, mode, width));
            const results = await sweep(browser, inject('siteUrl'), pages, { modes: [mode], widths: [width] });
            expect(results.length).toBeGreaterThanOrEqual(pages.length);
            expect(results.filter((r) => r.found.length)).toEqual([]);
          },
          600_000,
        );
      }
    }
  });

  // The control for every "no violation" above: the same analysis finds what is planted in a page.
  it('finds violations planted in a page: an image without text, a button without a name, low contrast', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.insertAdjacentHTML(
        'beforeend',
        '<img src="/img/missing.png"><button></button><p style="color:#777;background:#888">faint</p>',
      );
    });
    const found = await violations(page);
    for (const rule of ['image-alt', 'button-name', 'color-contrast'])
      expect(
        found.some((f) => f.startsWith(`${rule} (`)),
        `${rule} in ${found.join('; ')}`,
      ).toBe(true);
    await context.close();
  });

  it('the fixture doc page with tabs, details, code and images, in dark mode', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
