import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as TEXTS from '../../theme/shared/texts.ts';
import { ROOT } from '../helpers/site.ts';
import { connectBrowser, newContext } from './browser.ts';
import { axe } from './a11y-sweep.ts';

/** The real site as global-setup built it. */
const SITE = path.join(ROOT, '.cache/e2e/site');
const ROUTE = '/getting-started/installation';

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
const expanded = (page: Page) => page.getAttribute('.page-actions-button', 'aria-expanded');

describe('the page menu (copy / view / open in an assistant / MCP command)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('is a menu button: arrows, Home/End, Escape with focus back on the button, Tab closes', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}${ROUTE}`);
    const button = page.locator('.page-actions-button');
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('#page-actions-menu:not([hidden])');
    expect(await expanded(page)).toBe('true');
    expect(await focused(page)).toBe(TEXTS.copyPageMarkdown);
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(TEXTS.pageActions.viewMarkdown);
    await page.keyboard.press('End');
    expect(await focused(page)).toBe(TEXTS.pageActions.copyMcp);
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(TEXTS.copyPageMarkdown);
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe(TEXTS.pageActions.copyMcp);
    await page.keyboard.press('Home');
    expect(await focused(page)).toBe(TEXTS.copyPageMarkdown);
    await page.keyboard.press('Escape');
    expect(await page.isHidden('#page-actions-menu')).toBe(true);
    expect(await expanded(page)).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('page-actions-button'))).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe(TEXTS.pageActions.copyMcp);
    await page.keyboard.press('Tab');
    expect(await page.isHidden('#page-actions-menu')).toBe(true);
    // Enter opens it too; a press elsewhere closes it.
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#page-actions-menu:not([hidden])');
    // Open, the menu passes axe (roles, names, contrast).
    const violations = (await axe(page).include('.page-actions').analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(violations.map((v) => v.id)).toEqual([]);
    await page.mouse.click(5, 400);
    expect(await page.isHidden('#page-actions-menu')).toBe(true);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('an arrow pressed before its code has arrived still opens the menu (the key is replayed)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The menu's chunk arrives late, as on a slow network: the key comes first.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/page-actions-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${inject('siteUrl')}${ROUTE}`);
    await page.locator('.page-actions-button').focus();
    await page.keyboard.press('ArrowDown');
    expect(await expanded(page)).toBe('false');
    release();
    await page.waitForSelector('#page-actions-menu:not([hidden])');
    expect(await focused(page)).toBe(TEXTS.copyPageMarkdown);
    await context.close();
  });

  it("copies the page's Markdown and the MCP command, announcing it; the links carry the page", async () => {
    const context = await newContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}${ROUTE}`);
    // The first click also loads the menu's code: it is replayed once the code is there.
    await page.click('.page-actions-button');
    await page.click(`[role="menuitem"]:has-text("${TEXTS.copyPageMarkdown}")`);
    await page.waitForFunction(() => document.querySelector('.page-actions [role="status"]')?.textContent !== '');
    expect(await page.textContent('.page-actions [role="status"]')).toBe(TEXTS.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      fs.readFileSync(path.join(SITE, `${ROUTE.slice(1)}.md`), 'utf8'),
    );
    await page.click('.page-actions-button');
    await page.click(`[role="menuitem"]:has-text("${TEXTS.pageActions.copyMcp}")`);
    await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes(' mcp')));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^claude mcp add \S+ -- node .*docs\.js.* mcp$/,
    );
    const hrefs = await page.$$eval('.page-actions-menu a', (links) => links.map((a) => (a as HTMLAnchorElement).href));
    const mdUrl = `https://docs.dagger.io${ROUTE}.md`;
    expect(hrefs[0]).toBe(`${inject('siteUrl')}${ROUTE}.md`);
    expect(hrefs[1]).toBe(`https://chatgpt.com/?q=${encodeURIComponent(TEXTS.pageActions.prompt(mdUrl))}`);
    expect(hrefs[2]).toBe(`https://claude.ai/new?q=${encodeURIComponent(TEXTS.pageActions.prompt(mdUrl))}`);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('loads its code only when approached, and not at all on pages without it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${inject('siteUrl')}/search`);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /page-actions/.test(s))).toBe(false);
    await page.goto(`${inject('siteUrl')}${ROUTE}`);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /page-actions/.test(s))).toBe(false);
    await page.hover('.page-actions-button');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /page-actions/.test(e.name)));
    await context.close();
  });
});
