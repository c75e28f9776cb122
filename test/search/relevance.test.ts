import { beforeAll, describe, expect, it } from 'vitest';
import { recordSite, siteRecords } from '../../renderer/search/site-records.ts';
import { searchLocal, type LocalEngine } from '../../theme/islands/search/local-engine.ts';
import { loadRealSiteForSearch } from '../helpers/real-site.ts';
import { engineOf } from './helpers.ts';
import { RELEVANCE_SET } from './relevance-set.ts';

/** The first three distinct pages of a query, in rank order (what the /search page lists first). */
async function topPages(engine: LocalEngine, query: string, n = 3): Promise<string[]> {
  const pages: string[] = [];
  for (const hit of (await searchLocal(engine, { query, hitsPerPage: 20 })).hits) {
    const route = new URL(hit.url_without_anchor).pathname;
    if (!pages.includes(route)) pages.push(route);
  }
  return pages.slice(0, n);
}

describe('relevance on the real site (embedded index)', () => {
  let engine: LocalEngine;
  let routes: Set<string>;
  beforeAll(async () => {
    // The real content, parsed like `docs build` does; pages still being written may have broken links.
    const source = await loadRealSiteForSearch();
    routes = new Set(source.parsed.map((p) => p.doc.route));
    engine = engineOf([...siteRecords(source)], recordSite(source.site));
  }, 300_000);

  it('puts the expected page in the top 3 for at least 90 % of at least 40 queries', async () => {
    const cases = RELEVANCE_SET.filter((c) => [c.route, ...(c.also ?? [])].some((r) => routes.has(r)));
    const missing = RELEVANCE_SET.filter((c) => !cases.includes(c)).map((c) => c.query);
    const misses = (
      await Promise.all(
        cases.map(async (c) => ({
          query: c.query,
          want: [c.route, ...(c.also ?? [])],
          got: await topPages(engine, c.query),
        })),
      )
    ).filter((r) => !r.got.some((p) => r.want.includes(p)));
    const rate = (cases.length - misses.length) / cases.length;
    // Printed so a drop is easy to diagnose; the assertion below is the test.
    console.log(
      `relevance: ${cases.length - misses.length}/${cases.length} = ${(rate * 100).toFixed(1)} %` +
        (missing.length ? `; not evaluated (page not built yet): ${missing.join(', ')}` : ''),
    );
    for (const m of misses) console.log(`  miss: "${m.query}" → ${m.got.join(', ')} (want ${m.want.join(' or ')})`);
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });
});
