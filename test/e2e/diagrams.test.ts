import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';
import { axe } from './a11y-sweep.ts';

/** Real pages with build-time diagrams (issue 18), and how many each draws. */
const PAGES: Record<string, number> = {
  '/features/llm': 2,
  '/reference/api/internals': 2,
  '/reference/best-practices/monorepos': 1,
  '/reference/container-runtimes/kubernetes': 2,
  '/getting-started/types/directory': 1,
};

/** Everything a page fetched, with the text of each script. */
async function visit(browser: Browser, route: string, theme: 'light' | 'dark') {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const requests: string[] = [];
  const scripts: { url: string; body: string }[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.push({ url: r.url(), body: await r.text().catch(() => '') });
  });
  await page.goto(`${inject('siteUrl')}${route}`, { waitUntil: 'networkidle' });
  return { context, page, requests, scripts };
}

/** The painted colours of the first diagram: a node's fill and stroke, a label's fill, an edge's stroke. */
const paint = (page: Page) =>
  page.evaluate(() => {
    const svg = document.querySelector('figure.diagram svg')!;
    const style = (sel: string) => getComputedStyle(svg.querySelector(sel)!);
    return {
      nodeFill: style('g rect').fill,
      nodeStroke: style('g rect').stroke,
      text: style('text').fill,
      edge: style('polyline, line, path').stroke,
    };
  });

describe.skipIf(!inject('siteUrl'))('build-time diagrams on the real site', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  for (const [route, count] of Object.entries(PAGES)) {
    it(`${route}: ${count} inline SVG diagram(s) named by their title, no diagram script, no foreign request`, async () => {
      const { context, page, requests, scripts } = await visit(browser, route, 'light');
      const diagrams = await page.$$eval('figure.diagram > svg', (svgs) =>
        svgs.map((svg) => ({
          role: svg.getAttribute('role'),
          name: document.getElementById(svg.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
          titleIsChild: svg.firstElementChild?.tagName === 'title',
          width: svg.getBoundingClientRect().width,
        })),
      );
      expect(diagrams).toHaveLength(count);
      for (const d of diagrams) {
        expect(d.role).toBe('img');
        expect(d.name.length).toBeGreaterThan(10);
        expect(d.titleIsChild).toBe(true);
        expect(d.width).toBeGreaterThan(100);
      }
      // Nothing that draws diagrams reaches the browser: no script mentions mermaid or its layout engine.
      expect(scripts.length).toBeGreaterThan(0);
      for (const s of scripts) expect(s.body, s.url).not.toMatch(/mermaid|elkjs|ELK/i);
      // Every request stays on the site (the renderer's web-font @import is gone).
      const origin = new URL(inject('siteUrl')!).origin;
      expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
      // Ids are unique on the page (two diagrams do not share marker ids).
      const ids = await page.$$eval('[id]', (els) => els.map((e) => e.id));
      expect(ids.length - new Set(ids).size).toBe(0);
      expect(context.errors).toEqual([]);
      await context.close();
    });
  }

  it('one SVG follows the colour mode: its fills, strokes and text differ between light and dark', async () => {
    const light = await visit(browser, '/reference/api/internals', 'light');
    const dark = await visit(browser, '/reference/api/internals', 'dark');
    expect(await light.page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await dark.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const [l, d] = [await paint(light.page), await paint(dark.page)];
    for (const key of Object.keys(l) as (keyof typeof l)[]) {
      expect(l[key], key).toMatch(/^rgb/);
      expect(d[key], key).not.toBe(l[key]);
    }
    // And it switches live, without a reload: toggle the mode on the light page.
    await light.page.click('#color-mode-toggle');
    expect(await light.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await paint(light.page)).toEqual(d);
    await light.context.close();
    await dark.context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`the diagrams pass axe in ${theme} mode (names, focusable scroll regions)`, async () => {
      const { context, page } = await visit(browser, '/reference/container-runtimes/kubernetes', theme);
      // Scoped to the diagrams: the rest of the page is the a11y test's (test/e2e/a11y.test.ts).
      const results = await axe(page).include('figure.diagram').analyze();
      expect(results.passes.length).toBeGreaterThan(0);
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        );
      expect(bad).toEqual([]);
      await context.close();
    });
  }

  it('a diagram reached by client-side navigation is drawn the same, still without a diagram script', async () => {
    const { context, page, scripts } = await visit(browser, '/reference/container-runtimes/openshift', 'light');
    await page.evaluate(() => ((window as any).__sameDocument = true));
    // A link in the article (the sidebar's may sit in a collapsed category).
    const link = page.locator('article a[href$="/reference/container-runtimes/kubernetes"]').first();
    await link.click();
    await page.waitForSelector('figure.diagram svg[role="img"]');
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    expect(await page.locator('figure.diagram svg').count()).toBe(PAGES['/reference/container-runtimes/kubernetes']);
    for (const s of scripts) expect(s.body, s.url).not.toMatch(/mermaid|elkjs|ELK/i);
    await context.close();
  });
});
