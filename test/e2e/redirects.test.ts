import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newContext } from './browser.ts';

/**
 * The real site served as GitHub Pages would (global-setup: files and `_headers`, no redirect
 * rules): an old exact path's forwarding page sends the reader on with their query and anchor.
 */
describe('redirect pages on a host without rules', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('an old path with ?sdk=go#anchor ends on the new page with both kept, under the CSP', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    const site = inject('siteUrl');
    await page.goto(`${site}/api/arguments?sdk=go#some-anchor`);
    await page.waitForURL(`${site}/extending/arguments?sdk=go#some-anchor`);
    await page.waitForSelector('h1');
    expect(await page.title()).not.toMatch(/moved/i);
    expect(blocked).toEqual([]);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('a rule whose target has an anchor keeps it when the reader brings none', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const site = inject('siteUrl');
    await page.goto(`${site}/reference/container-runtimes/`);
    await page.waitForURL(`${site}/reference#container-runtimes`);
    await context.close();
  });
});
