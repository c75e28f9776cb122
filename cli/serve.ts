import fs from 'node:fs';
import path from 'node:path';
import { HOME_ROUTE, outputHtmlPath } from '../theme/shared/routes.ts';
import { BuildError } from '../renderer/errors.ts';
import { info } from './log.ts';
import { createStaticServer, listen, readHeadersFile } from './static-server.ts';
import { readRedirectsFile } from './serve-redirects.ts';

/** `docs serve`: 1. check the folder, 2. serve it (clean URLs, 404 page, CSP from _headers, rules from _redirects). */
export async function serveCommand(opts: { port: number; host: string; dir: string }): Promise<void> {
  const dir = path.resolve(opts.dir);
  if (!fs.existsSync(path.join(dir, outputHtmlPath(HOME_ROUTE)))) {
    throw new BuildError([{ file: opts.dir, message: 'no built site here', hint: 'Run `docs build` first (or pass --dir).' }]);
  }
  const server = createStaticServer({ dir: () => dir, headers: readHeadersFile(dir), redirect: readRedirectsFile(dir) });
  const url = await listen(server, opts.port, opts.host);
  info(`serving ${opts.dir} at ${url}`);
  await new Promise(() => {}); // until interrupted
}
