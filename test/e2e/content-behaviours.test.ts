import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';

describe('doc content behaviours', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('tabs with the same group switch together and the choice is remembered', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    expect(await page.isVisible('text=Python again.')).toBe(false);
    await page.click('.tabs-list [data-value="Python"] >> nth=0');
    expect(await page.isVisible('text=Python again.')).toBe(true);
    expect(await page.isVisible('text=Go again.')).toBe(false);
    await page.reload();
    expect(await page.isVisible('text=Python again.')).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('docs.tabs.sdk'))).toBe('Python');
    await context.close();
  });

  it('?sdk= selects the language of every sdk tab set, is stored, and a click writes it back', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/install?sdk=python#top`);
    expect(await page.isVisible('text=Python again.')).toBe(true);
    expect(await page.isVisible('text=Go again.')).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('docs.tabs.sdk'))).toBe('Python');
    const entries = await page.evaluate(() => history.length);
    await page.click('.tabs-list [data-value="Go"] >> nth=0');
    expect(new URL(page.url()).search).toBe('?sdk=go');
    expect(new URL(page.url()).hash).toBe('#top');
    // replaceState: choosing a tab adds no history entry.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    // An unknown value leaves the stored choice alone.
    await page.goto(`${inject('fixtureUrl')}/guide/install?sdk=cobol`);
    expect(await page.isVisible('text=Go again.')).toBe(true);
    await context.close();
  });

  it.skipIf(!inject('siteUrl'))('?sdk=python on a real page shows Python in all its SDK tab sets', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/cookbook/filesystems?sdk=python`);
    const sets = page.locator('.tabs[data-group="sdk"]');
    const count = await sets.count();
    expect(count).toBeGreaterThan(3);
    const state = await sets.evaluateAll((els) =>
      els.map((el) => ({
        hasPython: !!el.querySelector('[role=tab][data-value="Python"]'),
        selected: el.querySelector('[role=tab][aria-selected=true]')?.getAttribute('data-value'),
      })),
    );
    const withPython = state.filter((s) => s.hasPython);
    expect(withPython.length).toBeGreaterThan(3);
    expect(withPython.every((s) => s.selected === 'Python')).toBe(true);
    await context.close();
  });

  it('code blocks: title, highlighted line, copy button copies the code, dark colours in dark mode', async () => {
    const context = await newContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    expect(await page.textContent('.code-title')).toBe('main.go');
    expect(await page.locator('.line.highlighted').count()).toBe(1);
    await page.hover('.code-block >> nth=0');
    await page.click('.copy-button >> nth=0');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('package main\nfunc main() {}');
    const keyword = page.locator('.code-block .line span >> nth=0');
    const light = await keyword.evaluate((el) => getComputedStyle(el).color);
    await page.click('#color-mode-toggle');
    const dark = await keyword.evaluate((el) => getComputedStyle(el).color);
    expect(dark).not.toBe(light);
    await context.close();
  });

  it('details animate height with ease-in-out, scaled by height; ~1 ms with reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await newContext(browser, { reducedMotion });
      const page = await context.newPage();
      await page.goto(`${inject('fixtureUrl')}/guide/install`);
      const timings = await page.evaluate(async () => {
        const out = [];
        for (const d of document.querySelectorAll('details.details')) {
          (d.querySelector('summary') as HTMLElement).click();
          const anim = d.querySelector('.details-content')!.getAnimations()[0];
          const t = anim.effect!.getTiming();
          out.push({ duration: t.duration, easing: t.easing, open: (d as HTMLDetailsElement).open });
        }
        return out;
      });
      expect(timings.every((t) => t.easing === 'ease-in-out' && t.open)).toBe(true);
      if (reducedMotion === 'reduce') expect(timings.map((t) => t.duration)).toEqual([1, 1]);
      else expect(Number(timings[1].duration)).toBeGreaterThan(Number(timings[0].duration));
      // Collapsing again closes the section once the animation ends.
      await page.click('details.details >> nth=0 >> summary');
      await page.waitForFunction(() => !(document.querySelector('details.details') as HTMLDetailsElement).open);
      await context.close();
    }
  });

  it('images zoom on click; close on click, Escape, scrolling beyond 40 px, resize', async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 600 } });
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/install`);
    // Open/closed includes the overlay, which stays in the DOM until its fade-out ends.
    const opened = async () =>
      (await page.locator('.medium-zoom-image--opened').count()) +
        (await page.locator('.medium-zoom-overlay').count()) >
      0
        ? 1
        : 0;
    const open = async () => {
      await page.click('.markdown img');
      await expect.poll(opened).toBe(1);
      await page.waitForTimeout(400); // let the 300 ms opening transition finish before closing
    };
    await open();
    await page.click('.medium-zoom-overlay', { force: true });
    await expect.poll(opened).toBe(0);
    await open();
    await page.keyboard.press('Escape');
    await expect.poll(opened).toBe(0);
    await open();
    await page.mouse.wheel(0, 20);
    await page.waitForTimeout(300);
    expect(await opened()).toBe(1); // under 40 px: stays open
    await page.mouse.wheel(0, 120);
    await expect.poll(opened).toBe(0);
    await page.evaluate(() => scrollTo(0, 0));
    await open();
    await page.setViewportSize({ width: 1000, height: 600 });
    await expect.poll(opened).toBe(0);
    await context.close();
  });
});
