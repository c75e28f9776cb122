import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as TEXTS from '../../theme/shared/texts.ts';
import { connectBrowser, newContext } from './browser.ts';

const events = async () =>
  ((await (await fetch(`${inject('stubUrl')}/__requests`)).json()) as { url: string; body: string }[])
    .filter((r) => r.url.startsWith('/capture'))
    .map((r) => JSON.parse(r.body) as { event: string; properties: Record<string, string> })
    .filter((e) => e.event !== '$pageview');

describe('"Was this page helpful?"', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('sends the answer, then the optional comment, as analytics events; keyboard only', async () => {
    await fetch(`${inject('stubUrl')}/__reset`);
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('analyticsUrl')}/guide/usage`);
    const yes = page.locator(`.page-feedback button[name="helpful"]:has-text("${TEXTS.feedback.yes}")`);
    expect(await page.getAttribute('.page-feedback', 'aria-labelledby')).toBe('page-feedback-question');
    await yes.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.page-feedback-more:not([hidden])');
    expect(await yes.getAttribute('aria-pressed')).toBe('true');
    expect(await page.textContent('.page-feedback [role="status"]')).toBe(TEXTS.feedback.thanks);
    await page.waitForFunction(
      async (url) =>
        (await (await fetch(`${url}/__requests`)).json()).some((r: { body: string }) =>
          r.body.includes('docs_feedback'),
        ),
      inject('stubUrl'),
    );
    await page.getByLabel(TEXTS.feedback.comment).fill('The install steps were clear.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.page-feedback-more[hidden]', { state: 'attached' });
    await expect.poll(async () => (await events()).length).toBe(2);
    expect(
      (await events()).map((e) => [e.event, e.properties.helpful, e.properties.comment, e.properties.page]),
    ).toEqual([
      ['docs_feedback', 'yes', undefined, '/guide/usage'],
      ['docs_feedback_comment', 'yes', 'The install steps were clear.', '/guide/usage'],
    ]);
    expect(context.errors).toEqual([]);
    await context.close();
  });

  it('is not rendered at all without analytics', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${inject('fixtureUrl')}/guide/usage`);
    expect(await page.locator('.page-feedback').count()).toBe(0);
    await page.goto(`${inject('siteUrl')}/getting-started/installation`);
    expect(await page.locator('.page-feedback').count()).toBe(0);
    await context.close();
  });
});
