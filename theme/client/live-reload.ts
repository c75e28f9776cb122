/**
 * `docs dev` only, never in the site's bundle: cli/dev/live-reload.ts bundles this on its own and
 * injects it into every page it serves. After a Markdown save ('update') the client router swaps
 * in the page's new data, keeping the scroll position; after a change of the site's code
 * ('reload'), or on a page without the router, the page reloads. Build errors show in an overlay.
 */

import type { RefreshDetail } from './router.ts';

/** The event stream's path, from the server that answers it (cli/dev/live-reload.ts). */
declare const __DEV_EVENTS_PATH__: string;

const OVERLAY_ID = '__dev-overlay';
// Inline, not in the theme's stylesheet: the overlay must show even when the site's CSS is what broke.
const OVERLAY_STYLE =
  'position:fixed;inset:auto 0 0 0;max-height:50vh;overflow:auto;margin:0;padding:16px;background:#2b0b0b;color:#ffd7d7;font:13px/1.5 monospace;z-index:9999;white-space:pre-wrap';

function showOverlay(report: string): void {
  const overlay =
    document.getElementById(OVERLAY_ID) ??
    document.body.appendChild(Object.assign(document.createElement('pre'), { id: OVERLAY_ID }));
  overlay.style.cssText = OVERLAY_STYLE;
  overlay.textContent = report;
}

const events = new EventSource(__DEV_EVENTS_PATH__);
events.addEventListener('reload', () => location.reload());
events.addEventListener('update', (e) => {
  document.getElementById(OVERLAY_ID)?.remove();
  // 'content': only docs' contents changed, so the sidebar stays as it is (scroll, open categories).
  const detail: RefreshDetail = { keepSidebar: JSON.parse((e as MessageEvent<string>).data) === 'content' };
  // The router cancels the event when it takes the update (theme/client/router.ts).
  if (dispatchEvent(new CustomEvent('docs:refresh', { cancelable: true, detail }))) location.reload();
});
events.addEventListener('error-report', (e) => showOverlay(JSON.parse((e as MessageEvent<string>).data)));
