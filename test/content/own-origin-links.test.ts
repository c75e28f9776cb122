import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { readSite } from '../../renderer/load-site.ts';
import { hasRoute } from '../../renderer/routes.ts';
import { ROOT } from '../helpers/site.ts';

/**
 * This site replaces its production origin (site.config.ts `url`, docs.dagger.io): an absolute
 * link to that origin must name a page or a static file of this site, or it breaks the day the
 * site goes live. The build checks site-relative links; this checks the absolute ones.
 */
describe('absolute links to the production origin', () => {
  it('name a page or a static file of this site', async () => {
    const site = await readSite({ root: ROOT, env: {} });
    const origin = site.site.url.replace(/\/$/, '');
    const pattern = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/[^\\s)"'\`<>#?]*)?`, 'g');
    const files = fg.sync(['docs/**/*.md', 'pages/*.tsx', 'sidebars.ts', 'site.config.ts', 'api-reference/*.md'], {
      cwd: site.contentDir,
      absolute: true,
    });
    const broken: string[] = [];
    let seen = 0;
    for (const file of files) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.matchAll(pattern)) {
            seen++;
            const route = (m[1] ?? '/').replace(/(.)\/$/, '$1');
            const isFile = path.extname(route) && fs.existsSync(path.join(site.contentDir, 'static', route));
            if (!hasRoute(site.table, route) && !isFile) broken.push(`${path.relative(ROOT, file)}:${i + 1} ${m[0]}`);
          }
        });
    }
    expect(seen).toBeGreaterThan(0);
    expect(broken).toEqual([]);
  });
});
