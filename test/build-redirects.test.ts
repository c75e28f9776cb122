import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../renderer/build-site.ts';
import { BuildError } from '../renderer/errors.ts';
import { createStaticServer, listen, readHeadersFile } from '../cli/static-server.ts';
import { readRedirectsFile } from '../cli/serve-redirects.ts';
import { FIXTURE, fixtureCopy, ROOT, tempOut } from './helpers/site.ts';

const REDIRECTS = [
  '# moved pages',
  '/old-guide/  /guide#first-section',
  '/gone  https://archive.example.com/gone  302',
  '',
  '/legacy/*  /guide/:splat',
].join('\n');

/** The basic fixture under the base URL /docs/, with a redirects file. */
function fixtureWithRedirects(redirects: string): string {
  const config = fs
    .readFileSync(path.join(FIXTURE, 'site.config.ts'), 'utf8')
    .replace("baseUrl: '/'", "baseUrl: '/docs/'");
  return fixtureCopy({ 'site.config.ts': config, 'redirects.txt': redirects });
}

describe('redirects in a build (basic fixture, base URL /docs/)', () => {
  let out: string;
  let contentDir: string;
  const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');
  beforeAll(async () => {
    // Served from its parent, as a host serves a site under /docs/.
    out = path.join(tempOut(), 'docs');
    contentDir = fixtureWithRedirects(REDIRECTS);
    await buildSite({ root: ROOT, contentDir, outDir: out });
  });

  it('writes _redirects for Netlify and Cloudflare with the base URL applied', () => {
    expect(
      read('_redirects')
        .split('\n')
        .filter((l) => l && !l.startsWith('#')),
    ).toEqual([
      '/docs/old-guide  /docs/guide#first-section  301',
      '/docs/gone  https://archive.example.com/gone  302',
      '/docs/legacy/*  /docs/guide/:splat  301',
    ]);
  });

  it('writes a forwarding page at each exact source: refresh, noindex, canonical, a visible link, a script the CSP allows', () => {
    const html = read('old-guide/index.html');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/docs/guide#first-section">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/docs\/guide">/);
    expect(html).toContain('<a href="/docs/guide#first-section">');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    const hash = `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
    expect(readHeadersFile(out)('/')['Content-Security-Policy']).toMatch(
      new RegExp(`script-src [^;]*${hash.replace(/[+/]/g, '\\$&')}`),
    );
    expect(read('gone/index.html')).toContain('<link rel="canonical" href="https://archive.example.com/gone">');
    expect(fs.existsSync(path.join(out, 'legacy'))).toBe(false); // a splat has no page
  });

  it('keeps redirect pages out of the sitemap, search and llms.txt', () => {
    for (const file of ['sitemap.xml', 'llms.txt', 'search/records.json']) {
      expect(read(file), file).not.toMatch(/old-guide|\/gone/);
    }
  });

  it('a bad redirects file fails the build with file:line and keeps the previous output', async () => {
    fs.writeFileSync(path.join(contentDir, 'redirects.txt'), `${REDIRECTS}\n/other  /guide\n/x /nowhere\n`);
    const error = await buildSite({ root: ROOT, contentDir, outDir: out }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).problems.map((p) => `${path.basename(p.file)}:${p.line}`)).toEqual([
      'redirects.txt:6',
      'redirects.txt:7',
    ]);
    expect(error.message).toMatch(/redirects\.txt:6: redirect from \/other never applies: \/other is a page/);
    expect(read('old-guide/index.html')).toContain('noindex');
    fs.writeFileSync(path.join(contentDir, 'redirects.txt'), REDIRECTS);
  });

  describe('docs serve', () => {
    let server: http.Server;
    let base: string;
    beforeAll(async () => {
      server = createStaticServer({ dir: () => path.dirname(out), redirect: readRedirectsFile(out) });
      base = await listen(server, 0, '127.0.0.1');
    });
    afterAll(() => server.close());
    const get = (p: string) => fetch(base + p, { redirect: 'manual' });

    it('answers exact and splat rules with their status and a Location that keeps the query', async () => {
      const cases: [string, number, string][] = [
        ['/docs/old-guide?sdk=go', 301, '/docs/guide?sdk=go#first-section'],
        ['/docs/old-guide/', 301, '/docs/guide#first-section'],
        ['/docs/gone', 302, 'https://archive.example.com/gone'],
        ['/docs/legacy/install?x=1', 301, '/docs/guide/install?x=1'],
      ];
      for (const [p, status, location] of cases) {
        const r = await get(p);
        expect([r.status, r.headers.get('location')], p).toEqual([status, location]);
      }
    });

    it('pages and unknown paths are untouched', async () => {
      expect((await get('/docs/guide')).status).toBe(200);
      expect((await get('/docs/nope')).status).toBe(404);
    });
  });
});
