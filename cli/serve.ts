import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { HOME_ROUTE, outputHtmlPath, withBase } from '../theme/shared/routes.ts';
import { SITE_INDEX_PATH } from '../renderer/mcp/site-index.ts';
import { BuildError } from '../renderer/errors.ts';
import { info } from './log.ts';
import { createStaticServer, listen, readHeadersFile } from './static-server.ts';
import { readRedirectsFile } from './serve-redirects.ts';

/**
 * `/mcp` (under the site's base URL) answered by the docs' MCP server when the folder has its
 * page index; the rest is the static site.
 */
export async function mcpEndpoint(
  dir: string,
  host: string,
): Promise<{ path?: string; intercept?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean }> {
  if (!fs.existsSync(path.join(dir, SITE_INDEX_PATH))) return {};
  const { BuiltSite } = await import('./mcp/built-site.ts');
  const { MCP_PATH, mcpHttpHandler } = await import('./mcp/http.ts');
  const site = new BuiltSite(dir);
  const at = withBase(site.index.baseUrl, `/${MCP_PATH}`);
  const handle = mcpHttpHandler(site, { loopback: isLoopback(host) });
  return {
    path: at,
    intercept: (req, res) => ((req.url ?? '').split('?')[0] === at ? (handle(req, res), true) : false),
  };
}

/** Whether an address to bind reaches this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** `docs serve`: 1. check the folder, 2. serve it (clean URLs, 404 page, CSP from _headers, rules from _redirects, MCP at /mcp). */
export async function serveCommand(opts: { port: number; host: string; dir: string }): Promise<void> {
  const dir = path.resolve(opts.dir);
  if (!fs.existsSync(path.join(dir, outputHtmlPath(HOME_ROUTE)))) {
    throw new BuildError([
      { file: opts.dir, message: 'no built site here', hint: 'Run `docs build` first (or pass --dir).' },
    ]);
  }
  const mcp = await mcpEndpoint(dir, opts.host);
  const server = createStaticServer({
    dir: () => dir,
    headers: readHeadersFile(dir),
    redirect: readRedirectsFile(dir),
    intercept: mcp.intercept,
  });
  const url = await listen(server, opts.port, opts.host);
  info(`serving ${opts.dir} at ${url}${mcp.path ? ` (MCP at ${url}${mcp.path})` : ''}`);
  await new Promise(() => {}); // until interrupted
}
