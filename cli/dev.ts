import { bundleClient } from '../renderer/bundle-client.ts';
import { warmUp } from '../renderer/compile-doc.ts';
import { info } from './log.ts';
import { listen } from './static-server.ts';
import { reloadOnChange, reloadSite } from './dev/rebuild.ts';
import { createDevServer } from './dev/server.ts';
import { DevSession, type DevOptions } from './dev/session.ts';

/**
 * `docs dev`: 1. read and check the site, keeping compiled docs in memory, 2. bundle the client
 * once, 3. serve pages rendered on request, 4. on a change in content/, update only what the
 * changed files affect (cli/dev/dev-site.ts) and tell open pages to update in place or reload
 * (or show the error overlay with file:line). Everything the run keeps between saves is in its
 * DevSession (cli/dev/session.ts). Changes to the engine or theme code need a restart.
 */
export async function devCommand(opts: DevOptions): Promise<void> {
  const session = new DevSession(opts);
  await reloadSite(session);
  const baseUrl = session.site?.site.baseUrl ?? '/';
  const locale = session.site?.site.locales.default ?? 'en';
  const assets = await bundleClient({ root: opts.root, outDir: session.workDir, baseUrl, locale, dev: true });
  const url = await listen(createDevServer(session, { assets, baseUrl }), opts.port, opts.host);
  info(`dev server at ${url} (watching content/)`);
  // Pages came from the cache, so nothing is compiled yet: do it now, while nobody waits for a save.
  setTimeout(() => void warmUp({ plugins: session.site?.plugins }), 50);
  reloadOnChange(session);
  const stop = () => {
    session.dispose();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await new Promise(() => {});
}
