import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';
import { contrast } from './contrast.ts';

/** The anchors links in the wild use for the Overview's sections (docs.dagger.io's `/`). */
const SECTIONS = [
  'common-use-cases',
  'get-started',
  'dagger-platform',
  'types',
  'functions',
  'modules',
  'cli',
  'engine-and-api',
  'sdks',
  'dagger-cloud',
  'daggerverse',
  'community-and-support',
];

describe.skipIf(!inject('siteUrl'))('the Overview at / is a doc page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('has the Introduction sidebar with Overview current, a table of contents, and the navbar item marked', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/`);
    expect(await page.textContent('h1')).toBe('What is Dagger?');
    expect(await page.title()).toBe('Overview | Dagger');
    const sidebar = page.locator('#sidebar');
    expect(await sidebar.isVisible()).toBe(true);
    const current = sidebar.locator('.sidebar-link[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toBe('Overview');
    expect(await current.getAttribute('href')).toBe('/');
    expect(await sidebar.textContent()).toContain('Use Cases');
    const toc = page.locator('nav.toc');
    expect(await toc.isVisible()).toBe(true);
    const tocTargets = await toc.locator('.toc-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(tocTargets).toEqual(SECTIONS.map((id) => `#${id}`));
    expect(await page.textContent('.navbar-link[aria-current="page"]')).toBe('Introduction');
    // h2 for the four parts, h3 for the platform's components.
    const levels = await page
      .locator('.markdown :is(h2, h3)')
      .evaluateAll((hs) => hs.map((h) => `${h.tagName}#${h.id}`));
    expect(levels).toEqual(
      SECTIONS.map(
        (id) =>
          `${['common-use-cases', 'get-started', 'dagger-platform', 'community-and-support'].includes(id) ? 'H2' : 'H3'}#${id}`,
      ),
    );
    // Pagination leads on into the sidebar.
    expect(await page.getAttribute('.pagination-link.next', 'href')).toBe('/use-cases');
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('is reached by client navigation from the sidebar, and old anchors land on their heading', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/use-cases`);
    await page.click('#sidebar .sidebar-link >> text=Overview');
    await page.waitForURL((u) => u.pathname === '/');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'What is Dagger?');
    expect(await page.textContent('#sidebar .sidebar-link[aria-current="page"]')).toBe('Overview');
    expect(await page.locator('nav.toc .toc-link').count()).toBe(SECTIONS.length);
    // The real page's "Engine" and "API" headings became one section; their anchors still land on it.
    for (const anchor of ['engine', 'api']) {
      await page.goto(`${inject('siteUrl')}/#${anchor}`);
      const top = await page.locator('#engine-and-api').evaluate((h) => h.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(200);
    }
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('important and caution admonitions have their own colours in both modes, titles and text at AA contrast', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const contrasts: string[] = [];
    const colours = async (route: string, selector: string) => {
      await page.goto(`${inject('siteUrl')}${route}`);
      const seen = await page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const style = (e: Element) => getComputedStyle(e);
          return {
            border: style(el).borderLeftColor,
            title: style(el.querySelector('.admonition-title')!).color,
            text: style(el.querySelector('p:not(.admonition-title)')!).color,
            bg: style(el).backgroundColor,
          };
        });
      for (const fg of [seen.title, seen.text])
        if (contrast(fg, seen.bg) < 4.5)
          contrasts.push(`${route} ${selector}: ${fg} on ${seen.bg} is ${contrast(fg, seen.bg).toFixed(2)}`);
      return { border: seen.border, title: seen.title };
    };
    const light = {
      important: await colours('/extending/constructors', '.admonition-important'),
      caution: await colours('/reference/configuration/custom-runner', '.admonition-caution'),
      warning: await colours('/reference/configuration/custom-runner', '.admonition-warning'),
    };
    expect(light.important).toEqual({ border: 'rgb(155, 44, 140)', title: 'rgb(155, 44, 140)' });
    expect(light.caution).toEqual({ border: 'rgb(181, 71, 8)', title: 'rgb(181, 71, 8)' });
    expect(light.caution).not.toEqual(light.warning);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    expect(await colours('/extending/constructors', '.admonition-important')).toEqual({
      border: 'rgb(240, 163, 226)',
      title: 'rgb(240, 163, 226)',
    });
    expect(await colours('/reference/configuration/custom-runner', '.admonition-caution')).toEqual({
      border: 'rgb(255, 178, 122)',
      title: 'rgb(255, 178, 122)',
    });
    expect(contrasts).toEqual([]);
    await context.close();
  });
});
