import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';

/** Issue 18, items 7 and 8: share cards, breadcrumb data, print. */
describe('sharing and printing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it.skipIf(!inject('siteUrl'))(
    "a real page's share card is served as a 1200×630 PNG, and the page says so",
    async () => {
      const site = inject('siteUrl');
      const html = await (await fetch(`${site}/reference/container-runtimes/podman`)).text();
      const meta = (name: string) => new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1];
      const image = meta('og:image')!;
      expect(image).toMatch(/^https:\/\/docs\.dagger\.io\/og\/[0-9a-f]{16}\.png$/);
      expect(meta('og:image:width')).toBe('1200');
      expect(meta('og:image:height')).toBe('630');
      expect(meta('og:image:alt')).toBe('Podman (Reference · Container Runtimes), Dagger documentation');
      expect(meta('twitter:card')).toBe('summary_large_image');
      const res = await fetch(`${site}${new URL(image).pathname}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toContain('immutable');
      const png = Buffer.from(await res.arrayBuffer());
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      // Breadcrumb data: every item has a URL.
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
      expect(ld.itemListElement.map((i: { name: string; item: string }) => [i.name, i.item])).toEqual([
        ['Dagger', 'https://docs.dagger.io/'],
        ['Container Runtimes', expect.stringMatching(/^https:\/\/docs\.dagger\.io\/reference\/container-runtimes/)],
        ['Podman', 'https://docs.dagger.io/reference/container-runtimes/podman'],
      ]);
    },
  );

  it('printing shows the article alone, link targets spelled out, every tab and section open, in light colours', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await page.emulateMedia({ media: 'print' });
    for (const selector of [
      '.navbar',
      '.sidebar',
      '.toc',
      '.pagination',
      '.announcement',
      '.edit-link',
      '.skip-link',
      '.site-footer',
      '.copy-button',
      '.tabs-list',
    ]) {
      const shown = await page.$$eval(selector, (els) => els.some((el) => getComputedStyle(el).display !== 'none'));
      expect(shown, selector).toBe(false);
    }
    expect(await page.isVisible('article.doc h1')).toBe(true);
    // An internal link in the article: its target after it; in-page anchors get none.
    const after = await page.$eval('.markdown a[href="/guide"]', (a) => getComputedStyle(a, '::after').content);
    expect(after).toContain('/guide');
    const hash = await page.$$eval('.markdown a[href^="#"]', (els) =>
      els.map((a) => getComputedStyle(a, '::after').content),
    );
    for (const content of hash) expect(content).toBe('none');
    // Every tab panel shows, under its label; a closed <details> shows its content.
    const panels = await page.$$eval('.tabs [role="tabpanel"]', (els) =>
      els.map((el) => ({ display: getComputedStyle(el).display, label: getComputedStyle(el, '::before').content })),
    );
    expect(panels.length).toBeGreaterThan(2);
    for (const p of panels) {
      expect(p.display).toBe('block');
      expect(p.label).toMatch(/Go|Python/);
    }
    expect(
      await page.$eval('details.details:not([open]) .details-content', (el) => el.getBoundingClientRect().height),
    ).toBeGreaterThan(0);
    // Dark mode prints light.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await page.$eval('article.doc h1', (el) => getComputedStyle(el).color)).not.toBe('rgb(236, 235, 245)');
    // Back on screen, nothing changed.
    await page.emulateMedia({ media: 'screen' });
    expect(await page.isVisible('.navbar')).toBe(true);
    expect(await page.$eval('.markdown a[href="/guide"]', (a) => getComputedStyle(a, '::after').content)).toBe('none');
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('doc pages built outside git show no date', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    expect(await page.$('.last-updated')).toBeNull();
    await context.close();
  });

  it.skipIf(!inject('siteUrl'))('a real doc page shows when it last changed, as a <time>', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/reference/container-runtimes/podman`);
    const time = await page.$eval('.last-updated time', (el) => ({
      datetime: el.getAttribute('datetime'),
      text: el.textContent,
    }));
    expect(time.datetime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d([+-]\d\d:\d\d|Z)$/);
    expect(time.text).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await context.close();
  });
});
