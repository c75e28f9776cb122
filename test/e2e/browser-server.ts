import { chromium, type BrowserServer } from 'playwright-core';

/**
 * Debian's chromium with the flags these machines need (no background network), started once a
 * run by global-setup.ts; the test files connect to it (browser.ts). Launching it for every file
 * cost a second of a busy core each time.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
