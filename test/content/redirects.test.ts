/**
 * The real site's redirects (content/redirects.txt) through the real static server, as
 * `docs serve` runs it: every docs.dagger.io rule still answers, and every page Dagger
 * 0.18.0–0.18.19 served that this site has not leads, in one step, to a page that exists.
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRedirectsFile } from '../../cli/serve-redirects.ts';
import { createStaticServer, listen } from '../../cli/static-server.ts';
import { buildRealSite } from '../helpers/real-site.ts';
import { ROOT, tempOut } from '../helpers/site.ts';

/**
 * docs.dagger.io's rules (from, to, status), and the routes Dagger 0.18.0–0.18.19 served
 * (docs/current_docs at each tag) that this site does not: copies kept with the tests.
 */
const SHARED_RULES = path.join(ROOT, 'test/fixtures/redirects/docs-dagger-io-redirects.tsv');
const MISSING_018 = path.join(ROOT, 'test/fixtures/redirects/missing-0.18-routes.txt');
/** Left out on purpose (content/redirects.txt says why): this site has a page there. */
const SHADOWED = new Set(['/features/services']);
/** Rules that pointed at another rule's source; they point at the end of the chain now. */
const UNCHAINED: Record<string, string> = { '/cloud/*': '/reference/configuration/cloud' };

describe('content/redirects.txt served by docs serve', () => {
  let out: string;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    out = tempOut();
    await buildRealSite(out);
    server = createStaticServer({ dir: () => out, redirect: readRedirectsFile(out) });
    base = await listen(server, 0, '127.0.0.1');
    // As long as the other readers of the real site: it may wait for one of them to compile it.
  }, 300_000);
  afterAll(() => server?.close());
  const get = (p: string) => fetch(base + p, { redirect: 'manual' });

  /** Follows a local Location once: it must be a page of the site, with the anchor it names. */
  async function expectPage(location: string, from: string) {
    const [pathname, anchor] = location.split('#');
    const r = await get(pathname);
    const html = await r.text();
    expect(r.status, `${from} → ${location}`).toBe(200);
    expect(html, `${from} → ${location} is itself a redirect page`).not.toContain('http-equiv="refresh"');
    if (anchor) expect(html, `${from} → ${location}: no #${anchor}`).toContain(`id="${anchor}"`);
  }

  it('answers every docs.dagger.io rule (but the shadowed one) with its status and a Location keeping the query', async () => {
    const rows = fs
      .readFileSync(SHARED_RULES, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'));
    expect(rows).toHaveLength(250);
    let checked = 0;
    for (const [from, to, status] of rows) {
      if (SHADOWED.has(from)) continue;
      const splat = from.endsWith('*') ? 'some/old/page' : '';
      const request = from.replace('*', splat);
      const target = (UNCHAINED[from] ?? to).replace(':splat', splat);
      const r = await get(`${request}?sdk=go`);
      expect([r.status, r.headers.get('location')], request).toEqual([Number(status), `${target}?sdk=go`]);
      if (!/^https?:/.test(target)) await expectPage(target, request);
      checked++;
    }
    expect(checked).toBe(249);
  });

  it('every page 0.18.x served leads, in one redirect at most, to a page that exists', async () => {
    const routes = fs.readFileSync(MISSING_018, 'utf8').split('\n').filter(Boolean);
    expect(routes).toHaveLength(102);
    for (const route of routes) {
      const r = await get(route);
      if (r.status === 200) {
        await expectPage(route, route); // a trailing-slash form of a page (/reference/)
        continue;
      }
      expect(r.status, route).toBe(301);
      const location = r.headers.get('location')!;
      if (!/^https?:/.test(location)) await expectPage(location, route);
    }
  });
});
