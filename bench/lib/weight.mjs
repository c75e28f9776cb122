// Page weight on first load, measured in Chromium: every response of a cold load (empty cache,
// no interaction) until the network has been idle for 500 ms, grouped by resource type. Bodies
// are the decoded bytes; "gzip" is zlib's default gzip of each body, the same for every engine.
// fetch/XHR responses (our router's page data, prefetched for visible links when idle) and
// prefetches (`Sec-Purpose: prefetch`, i.e. <link rel=prefetch>, how Docusaurus prefetches) are
// counted apart from HTML/CSS/JS: they serve a next navigation more than this page.
import zlib from 'node:zlib';

const KIND = { document: 'html', stylesheet: 'css', script: 'js', fetch: 'data', xhr: 'data' };

/** Measures one URL; returns { html, css, js, data, other, prefetch } each { raw, gzip, count }, plus the files. */
export async function firstLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    pending.push(
      (async () => {
        const request = response.request();
        const headers = await request.allHeaders().catch(() => ({}));
        const prefetch = /prefetch/.test(headers['sec-purpose'] ?? headers.purpose ?? '');
        let body;
        try {
          body = await response.body();
        } catch {
          body = Buffer.alloc(0); // redirects and aborted requests have no body
        }
        const kind = prefetch ? 'prefetch' : (KIND[request.resourceType()] ?? 'other');
        return {
          url: response.url(),
          kind,
          status: response.status(),
          raw: body.length,
          gzip: body.length ? zlib.gzipSync(body).length : 0,
        };
      })(),
    );
  });
  const res = await page.goto(url, { waitUntil: 'load' });
  if (!res || res.status() !== 200) throw new Error(`${url} answered ${res?.status()}`);
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(pending);
  await context.close();
  const sum = { html: z(), css: z(), js: z(), data: z(), other: z(), prefetch: z() };
  for (const f of files) {
    sum[f.kind].raw += f.raw;
    sum[f.kind].gzip += f.gzip;
    sum[f.kind].count++;
  }
  return { url, ...sum, files };
}
const z = () => ({ raw: 0, gzip: 0, count: 0 });
