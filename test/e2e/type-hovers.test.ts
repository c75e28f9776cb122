import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';
import { contrast } from './contrast.ts';
import { axe } from './a11y-sweep.ts';

// Types on hover and focus in TypeScript samples (site.config.ts codeHovers) in Chromium on the
// real site: CSS only, shown on hover and on keyboard focus, described to screen readers, readable
// in both modes, moving nothing, and not clipped by the code block's scroll box.

// The TypeScript tab chosen by the URL (tabs.ts: `?sdk=`), as a link from the TypeScript SDK's docs would.
const PAGE = '/cookbook/builds?sdk=typescript';

/** The popup's box, whether it is shown, and whether the point at its middle and bottom edge belongs to it (not clipped, not covered). */
const tipState = (name: Locator) =>
  name.evaluate((el) => {
    const tip = el.querySelector(':scope > .tip') as HTMLElement;
    const box = tip.getBoundingClientRect();
    // The popup lets the pointer through (pointer-events: none); for the probe it must catch it.
    tip.style.pointerEvents = 'auto';
    const hit = (x: number, y: number) => tip.contains(document.elementFromPoint(x, y));
    const shown = getComputedStyle(tip).display !== 'none';
    const reachable = shown && hit(box.x + box.width / 2, box.y + box.height / 2) && hit(box.x + 4, box.bottom - 3);
    tip.style.pointerEvents = '';
    return {
      shown,
      reachable,
      box: { x: box.x, y: box.y, bottom: box.bottom },
      text: tip.textContent,
      colours: [getComputedStyle(tip).color, getComputedStyle(tip).backgroundColor],
    };
  });

async function open(browser: Browser, theme: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  await page.goto(`${inject('siteUrl')}${PAGE}`);
  return { context, page };
}

/** Where the shown code blocks and their lines are in the document (rounded to the pixel), and the document's width. */
const layout = (page: Page) =>
  page.evaluate(() =>
    [
      document.documentElement.scrollWidth,
      ...[...document.querySelectorAll<HTMLElement>('.code-block, .code-block .line')]
        .filter((e) => e.offsetParent)
        .slice(0, 400)
        .map((e) => {
          const r = e.getBoundingClientRect();
          return [r.x + scrollX, r.y + scrollY, r.width, r.height].map(Math.round).join(' ');
        }),
    ].join('\n'),
  );

describe('types on hover in TypeScript samples (real site)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  for (const theme of ['light', 'dark']) {
    it.skipIf(!inject('siteUrl'))(
      `shows a name's type on hover and on keyboard focus, readable and moving nothing, in ${theme}`,
      async () => {
        const { context, page } = await open(browser, theme);
        const block = page
          .locator('.code-block[data-lang="typescript"]:visible')
          .filter({ has: page.locator('.ty') })
          .first();
        const name = block.locator('.ty').first();
        await name.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        expect((await tipState(name)).shown).toBe(false);
        // Hidden, the popups are no part of the code's text (what the copy button copies).
        expect(await block.locator('pre').evaluate((pre) => (pre as HTMLElement).innerText)).not.toContain(
          (await tipState(name)).text,
        );

        const before = await layout(page);
        await name.hover();
        const hovered = await tipState(name);
        expect(hovered.shown).toBe(true);
        expect(hovered.reachable).toBe(true);
        expect(hovered.text).toMatch(/\S/);
        // Below its name, starting where the name starts.
        const nameBox = (await name.boundingBox())!;
        expect(hovered.box.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
        expect(Math.abs(hovered.box.x - nameBox.x)).toBeLessThan(2);
        expect(await layout(page)).toBe(before);
        expect(contrast(hovered.colours[0], hovered.colours[1])).toBeGreaterThanOrEqual(4.5);
        await page.mouse.move(0, 0);
        expect((await tipState(name)).shown).toBe(false);

        // The keyboard reaches it from the block; focus shows the popup, which describes the name.
        await block.locator('pre').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await block.locator('pre').focus();
        await page.keyboard.press('Tab');
        const focused = page.locator(':focus');
        expect(await focused.evaluate((el) => el.matches('.ty, a.code-link') && el.matches(':focus-visible'))).toBe(
          true,
        );
        const state = await tipState(focused);
        expect(state.shown).toBe(true);
        const described = await focused.evaluate(
          (el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent,
        );
        expect(described).toBe(state.text);
        expect(await layout(page)).toBe(before);
        expect(context.errors).toEqual([]);
        await context.close();
      },
    );
  }

  it.skipIf(!inject('siteUrl'))(
    "places every popup outside the code's scroll box, in the block, which clips nothing",
    async () => {
      const { context, page } = await open(browser, 'light');
      const name = page.locator('.code-block[data-lang="typescript"]:visible .ty').first();
      await name.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await name.hover();
      // Positioned against .code-block (not inside the <pre>, which scrolls and so clips), and
      // .code-block lets it overflow: a popup on a block's last lines reaches past it whole.
      const where = await name.evaluate((el) => {
        const tip = el.querySelector<HTMLElement>(':scope > .tip')!;
        const block = el.closest('.code-block')!;
        return {
          containedBy: tip.offsetParent === block,
          overflow: getComputedStyle(block).overflow,
          clippers: [...document.querySelectorAll('.code-block *')].filter(
            (e) => e.contains(tip) && e !== tip && getComputedStyle(e).position !== 'static',
          ).length,
        };
      });
      expect(where).toEqual({ containedBy: true, overflow: 'visible', clippers: 0 });
      expect((await tipState(name)).reachable).toBe(true);
      await context.close();
    },
  );

  it.skipIf(!inject('siteUrl'))('passes axe on the page, with a popup shown', async () => {
    const { context, page } = await open(browser, 'light');
    await page.locator('.code-block[data-lang="typescript"]:visible .ty').first().hover();
    const violations = (await axe(page).analyze()).violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
    expect(violations).toEqual([]);
    await context.close();
  });
});
