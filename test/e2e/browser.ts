import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** Debian's chromium with the flags these machines need (no background network). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** A context that fails the test on any uncaught page error. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext & { errors: string[] }> {
  const context = (await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options })) as BrowserContext & { errors: string[] };
  context.errors = [];
  context.on('page', (page) => page.on('pageerror', (e) => context.errors.push(e.message)));
  return context;
}
