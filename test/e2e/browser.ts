import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { inject } from 'vitest';

/**
 * A connection of this test file to the run's browser (global-setup.ts). Files share nothing
 * else: every test opens its own context (cookies, storage, cache), and `close()` ends the
 * connection with the contexts it opened, not the browser.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/** A context that fails the test on any uncaught page error. */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext & { errors: string[] }> {
  const context = (await browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...options,
  })) as BrowserContext & { errors: string[] };
  context.errors = [];
  context.on('page', (page) => page.on('pageerror', (e) => context.errors.push(e.message)));
  return context;
}
