import fs from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';

/**
 * The browser the e2e tests drive: Debian's chromium-headless-shell, Chromium's own headless build
 * (the same Blink and V8 as `chromium`, without the desktop browser around them; Playwright's
 * default for headless runs). Each new browser context cost the full browser ~0.5 s of CPU and the
 * shell ~0.1 s; the suite opens some 450 of them. `chromium` is the fallback when the shell is not
 * installed. test/ensure-tools.sh installs the shell, at the same path (change both together).
 */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p)) ?? CHROMIUM_CANDIDATES[0];
}

/**
 * The browser with the flags these machines need (no background network), started once a run by
 * global-setup.ts; the test files connect to it (browser.ts). Launching it for every file cost a
 * second of a busy core each time.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: chromiumPath(),
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
