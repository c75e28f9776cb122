import fs from 'node:fs';
import path from 'node:path';
import { HOME_ROUTE, outputHtmlPath } from '../theme/shared/routes.ts';
import { LinkChecker } from 'linkinator';
import { BuildError } from '../renderer/errors.ts';
import { green, info } from './log.ts';
import { createStaticServer, listen } from './static-server.ts';

/**
 * `docs check-links [dir]`: 1. serve the built folder on a free local port, 2. crawl it with
 * linkinator (internal links only), 3. list every broken link with the page it is on.
 */
export async function checkLinksCommand(opts: { dir: string }): Promise<number> {
  const dir = path.resolve(opts.dir);
  if (!fs.existsSync(path.join(dir, outputHtmlPath(HOME_ROUTE)))) {
    throw new BuildError([{ file: opts.dir, message: 'no built site here', hint: 'Run `docs build` first.' }]);
  }
  const server = createStaticServer({ dir: () => dir });
  const base = await listen(server, 0, '127.0.0.1');
  try {
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${base}/`,
      recurse: true,
      concurrency: 32,
      linksToSkip: [`^(?!${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`],
    });
    // One entry per (page, target): /a and /a/ are the same page.
    const seen = new Set<string>();
    const broken = result.links.filter((l) => {
      if (l.state !== 'BROKEN') return false;
      const key = `${l.parent ? new URL(l.parent).pathname.replace(/\/$/, '') : ''} ${l.url}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    info(`checked ${result.links.length} links`);
    if (!broken.length) {
      info(`${green('✔')} no broken internal links`);
      return 0;
    }
    throw new BuildError(
      broken.map((l) => ({
        file: l.parent ? new URL(l.parent).pathname : '(start)',
        message: `broken link ${new URL(l.url).pathname} (HTTP ${l.status})`,
        hint: 'Fix the link in the page source and rebuild.',
      })),
    );
  } finally {
    server.close();
  }
}
