import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';
import { contrast } from './contrast.ts';
import { axe } from './a11y-sweep.ts';

// Linked code in Chromium on the real site: the links are static HTML, reached with the keyboard,
// underlined only on hover and focus, in the token's colour (AA on the code background in both
// modes, measured by axe), and they lead to the reference entry.

const PAGE = '/cookbook/builds';

describe('linked code (real site)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  for (const theme of ['light', 'dark']) {
    it.skipIf(!inject('siteUrl'))(
      `is reached by keyboard, underlined on focus and hover only, readable and valid in ${theme}`,
      async () => {
        const context = await newContext(browser);
        const page = await context.newPage();
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await page.goto(`${inject('siteUrl')}${PAGE}`);
        const pre = page
          .locator('.code-block[data-lang="go"]:visible pre')
          .filter({ has: page.locator('a.code-link') })
          .first();
        const link = pre.locator('a.code-link').first();
        const decoration = () => link.evaluate((a) => getComputedStyle(a).textDecorationLine);
        expect(await decoration()).toBe('none');

        // The block is a tab stop (it scrolls); the next Tab reaches its first link.
        await pre.focus();
        await page.keyboard.press('Tab');
        expect(await link.evaluate((a) => a === document.activeElement && a.matches(':focus-visible'))).toBe(true);
        expect(await decoration()).toBe('underline');
        await page.keyboard.press('Shift+Tab');
        expect(await decoration()).toBe('none');
        await link.hover();
        expect(await decoration()).toBe('underline');

        // Each link's text keeps its token's colour, at AA on the code background.
        const pairs = await pre.evaluate((el) => {
          const bg = getComputedStyle(el.closest('.code-block')!).backgroundColor;
          return [...el.querySelectorAll('a.code-link')].map((a) => [
            getComputedStyle(a.firstElementChild ?? a).color,
            bg,
          ]);
        });
        expect(pairs.length).toBeGreaterThan(0);
        for (const [fg, bg] of pairs) expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
        const bad = (await axe(page).include('.code-block').analyze()).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id}: ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
          );
        expect(bad).toEqual([]);

        // Enter follows it to the reference entry.
        const href = await link.getAttribute('href');
        await link.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname + url.hash === href);
        const anchor = href!.split('#')[1];
        if (anchor) expect(await page.locator(`[id="${anchor}"]`).count()).toBe(1);
        expect(context.errors).toEqual([]);
        await context.close();
      },
    );
  }
});
