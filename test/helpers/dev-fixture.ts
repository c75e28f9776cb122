import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { reloadSite } from '../../cli/dev/rebuild.ts';
import { createDevServer } from '../../cli/dev/server.ts';
import { DevSession } from '../../cli/dev/session.ts';
import { listen } from '../../cli/static-server.ts';
import { FIXTURE, fixtureCopy, ROOT } from './site.ts';

/** The basic fixture under the base URL /docs/ (plus `edits`), served by `docs dev`'s server on a free port. */
export async function startDevFixture(edits: Record<string, string> = {}): Promise<{ url: string; close: () => void }> {
  const config = fs
    .readFileSync(path.join(FIXTURE, 'site.config.ts'), 'utf8')
    .replace("baseUrl: '/'", "baseUrl: '/docs/'");
  const session = new DevSession({
    root: ROOT,
    contentDir: fixtureCopy({ 'site.config.ts': config, ...edits }),
    port: 0,
    host: '127.0.0.1',
  });
  await reloadSite(session, true);
  expect(session.error).toBeUndefined();
  const server = createDevServer(session, {
    assets: { js: '/docs/assets/x.js', css: '/docs/assets/x.css', preload: [] },
    baseUrl: '/docs/',
  });
  const url = await listen(server, 0, '127.0.0.1');
  return {
    url,
    close: () => {
      server.close();
      session.dispose();
    },
  };
}
