import type http from 'node:http';
import path from 'node:path';
import type { Assets } from '../../renderer/html-shell.ts';
import { renderNotFound, renderRoute } from '../../renderer/render-route.tsx';
import {
  HOME_ROUTE,
  markdownPath,
  routeFromDataPath,
  routeFromRequestPath,
  stripBase,
  withBase,
} from '../../theme/shared/routes.ts';
import { docToMarkdown, markdownInput } from '../../renderer/markdown-copy.ts';
import { negotiatedHeaders, prefersMarkdown } from '../accept-markdown.ts';
import { redirectFor } from '../../theme/shared/redirects.ts';
import { escapeText } from '../../theme/shared/escape.ts';
import { createStaticServer, resolveFile, sendFile } from '../static-server.ts';
import { EVENTS_PATH } from './live-reload.ts';
import type { DevSession } from './session.ts';

/** What is fixed once the dev server starts: the client bundle in the session's work folder and the base URL it was bundled for. */
export interface DevServerOptions {
  assets: Assets;
  baseUrl: string;
}

/**
 * Pages rendered on request from the session's current site, the content's static files, the
 * bundle and the live-reload stream. Every answer is `no-store`: the next save changes it.
 */
export function createDevServer(session: DevSession, opts: DevServerOptions): http.Server {
  const staticDir = path.join(session.contentDir, 'static');
  return createStaticServer({
    dir: () => session.workDir,
    intercept(req, res) {
      const [url, query = ''] = (req.url ?? '/').split(/\?(.*)/s);
      if (url === EVENTS_PATH) {
        session.liveReload.connect(req, res, session.error);
        return true;
      }
      if (url.startsWith(`${opts.baseUrl}assets/`)) return false; // the bundle, from workDir
      if (serveContentFile(staticDir, opts.baseUrl, url, req, res)) return true;
      servePage(session, opts, url, query, req.headers.accept, res);
      return true;
    },
  });
}

/** A file from content/static (not its HTML: routes own those URLs), served as `docs serve` does (types, ranges), never cached. */
function serveContentFile(
  staticDir: string,
  baseUrl: string,
  url: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): boolean {
  const file = resolveFile(
    staticDir,
    routeFromRequestPath(baseUrl, url) === HOME_ROUTE ? '/__none__' : stripBase(baseUrl, url),
  );
  if (!file || file.endsWith('.html')) return false;
  sendFile(req, res, file, 200, { 'Cache-Control': 'no-store' });
  return true;
}

/**
 * A route's page or its data file (client navigation), a redirect of an old path
 * (content/redirects.txt), the 404 page, or the error page before the site ever loaded; a doc's
 * Markdown copy at its `.md` path or when the request's Accept header prefers it.
 */
function servePage(
  session: DevSession,
  { assets, baseUrl }: DevServerOptions,
  url: string,
  query: string,
  accept: string | undefined,
  res: http.ServerResponse,
): void {
  const send = (
    status: number,
    body: string,
    type = 'text/html; charset=utf-8',
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
    res.end(type.startsWith('text/html') ? session.liveReload.inject(body) : body);
  };
  const state = session.site;
  if (!state) {
    send(500, `<!doctype html><title>Build error</title><body><pre>${escapeText(session.error ?? '')}</pre></body>`);
    return;
  }
  // A doc's Markdown copy: at its `.md` path, or at the page's URL when the request prefers Markdown.
  const mdRoute = url.endsWith('.md')
    ? routeFromRequestPath(baseUrl, url.slice(0, -'.md'.length).replace(/\/index$/, '/'))
    : undefined;
  const doc = state.parsedByRoute.get(mdRoute ?? routeFromRequestPath(baseUrl, url));
  const copyUrl = doc && withBase(baseUrl, markdownPath(doc.doc.route));
  if (doc && (mdRoute !== undefined || prefersMarkdown(accept))) {
    res.writeHead(200, {
      'Content-Type': 'text/markdown; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(mdRoute === undefined ? negotiatedHeaders(copyUrl!) : {}),
    });
    res.end(docToMarkdown(markdownInput(doc.doc, state.site), doc.markdown));
    return;
  }
  if (mdRoute !== undefined) {
    send(404, renderNotFound(state, assets).html);
    return;
  }
  const dataRoute = routeFromDataPath(stripBase(baseUrl, url));
  const rendered = renderRoute(state, dataRoute ?? routeFromRequestPath(baseUrl, url), assets);
  if (dataRoute !== undefined) {
    if (rendered) send(200, rendered.data, 'application/json; charset=utf-8');
    else send(404, '{}', 'application/json; charset=utf-8');
    return;
  }
  if (rendered) {
    send(200, rendered.html, undefined, copyUrl ? negotiatedHeaders(copyUrl) : {});
    return;
  }
  // A page always wins: the build refuses a rule whose source is a page, and splats yield to pages.
  const redirect = redirectFor(state.redirects, stripBase(baseUrl, url), query, (route) => withBase(baseUrl, route));
  if (redirect) res.writeHead(redirect.status, { Location: redirect.location, 'Cache-Control': 'no-store' }).end();
  else send(404, renderNotFound(state, assets).html);
}
