import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefersMarkdown } from '../../cli/accept-markdown.ts';
import { createStaticServer, listen } from '../../cli/static-server.ts';
import { buildSite } from '../../renderer/build-site.ts';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';
import { startDevFixture } from '../helpers/dev-fixture.ts';

const CHROME =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

describe('prefersMarkdown (Accept)', () => {
  it.each([
    ['text/markdown', true],
    ['text/x-markdown', true],
    ['text/markdown, text/html;q=0.9, */*;q=0.1', true],
    ['text/markdown;q=0.9, text/html', false],
    ['text/html, text/markdown', true],
    [CHROME, false],
    ['*/*', false],
    ['text/*', false],
    ['text/markdown;q=0', false],
    ['', false],
  ])('%j → %s', (accept, wanted) => expect(prefersMarkdown(accept)).toBe(wanted));
});

describe('docs serve: a page is HTML or its Markdown copy, by Accept', () => {
  let out: string;
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    out = tempOut();
    await buildSite({ root: ROOT, contentDir: fixtureCopy(), outDir: out });
    server = createStaticServer({ dir: () => out });
    url = await listen(server, 0, '127.0.0.1');
  });
  afterAll(() => server?.close());

  it('answers Accept: text/markdown with the .md copy, Vary: Accept on both', async () => {
    const md = await fetch(`${url}/guide/install`, { headers: { Accept: 'text/markdown' } });
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('vary')).toBe('Accept');
    expect(await md.text()).toBe(fs.readFileSync(path.join(out, 'guide/install.md'), 'utf8'));
    const html = await fetch(`${url}/guide/install/`, { headers: { Accept: CHROME } });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('vary')).toBe('Accept');
    expect(html.headers.get('link')).toBe('</guide/install.md>; rel="alternate"; type="text/markdown"');
    // A folder's index page: /guide is guide.md.
    const folder = await fetch(`${url}/guide/`, { headers: { Accept: 'text/markdown' } });
    expect(await folder.text()).toBe(fs.readFileSync(path.join(out, 'guide.md'), 'utf8'));
    // A custom page (the home page here) has no copy: HTML, whatever is asked.
    const home = await fetch(`${url}/`, { headers: { Accept: 'text/markdown' } });
    expect([home.headers.get('content-type'), home.headers.get('vary')]).toEqual(['text/html; charset=utf-8', null]);
  });

  it('leaves pages without a copy, files and the 404 page alone', async () => {
    const missing = await fetch(`${url}/nope`, { headers: { Accept: 'text/markdown' } });
    expect([missing.status, missing.headers.get('vary')]).toEqual([404, null]);
    const llms = await fetch(`${url}/llms.txt`, { headers: { Accept: 'text/markdown' } });
    expect([llms.headers.get('content-type'), llms.headers.get('vary')]).toEqual(['text/plain; charset=utf-8', null]);
  });

  it('every copy starts with its title, canonical URL and llms.txt; every page links both', () => {
    const md = fs.readFileSync(path.join(out, 'guide/install.md'), 'utf8');
    expect(
      md.startsWith(
        '# Install the widget\n\n> How to install.\n\nCanonical URL: https://example.com/guide/install\nIndex of every page, as Markdown (llms.txt): https://example.com/llms.txt\n\n',
      ),
    ).toBe(true);
    const html = fs.readFileSync(path.join(out, 'guide/install/index.html'), 'utf8');
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/guide/install.md">');
    expect(html).toContain('<link rel="describedby" type="text/markdown" href="/llms.txt" title="llms.txt">');
  });
});

describe('docs dev: the same, rendered on request (base URL /docs/)', () => {
  let dev: Awaited<ReturnType<typeof startDevFixture>>;
  let url: string;
  beforeAll(async () => {
    dev = await startDevFixture();
    url = dev.url;
  });
  afterAll(() => dev?.close());

  it('serves the .md copy at its path and at the page URL for Accept: text/markdown', async () => {
    const byPath = await fetch(`${url}/docs/guide/install.md`);
    expect(byPath.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await byPath.text();
    expect(
      text.startsWith(
        '# Install the widget\n\n> How to install.\n\nCanonical URL: https://example.com/docs/guide/install\nIndex of every page, as Markdown (llms.txt): https://example.com/docs/llms.txt',
      ),
    ).toBe(true);
    const negotiated = await fetch(`${url}/docs/guide/install`, { headers: { Accept: 'text/markdown' } });
    expect(negotiated.headers.get('vary')).toBe('Accept');
    expect(await negotiated.text()).toBe(text);
    const html = await fetch(`${url}/docs/guide/install`, { headers: { Accept: CHROME } });
    expect([html.headers.get('content-type'), html.headers.get('vary'), html.headers.get('link')]).toEqual([
      'text/html; charset=utf-8',
      'Accept',
      '</docs/guide/install.md>; rel="alternate"; type="text/markdown"',
    ]);
    expect(await (await fetch(`${url}/docs/guide.md`)).text()).toMatch(/^# Guide\n/);
    expect((await fetch(`${url}/docs/nope.md`)).status).toBe(404);
  });
});
