import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { bundleClient } from '../renderer/bundle-client.ts';
import { watchContent } from './watch-content.ts';
import { BuildError } from '../renderer/errors.ts';
import type { Assets } from '../renderer/html-shell.ts';
import { CompileCache } from '../renderer/compile-cache.ts';
import { warmUp } from '../renderer/compile-doc.ts';
import { loadSite, type SiteState } from '../renderer/load-site.ts';
import { renderNotFound, renderRoute } from '../renderer/render-route.tsx';
import { HOME_ROUTE, routeFromDataPath, routeFromRequestPath, stripBase } from '../theme/shared/routes.ts';
import { green, info, printError } from './log.ts';
import { createStaticServer, listen, resolveFile } from './static-server.ts';

/**
 * Injected into every page in dev: after a Markdown save ('update') the client router swaps in
 * the page's new data, keeping the scroll position; after a change of the site's code
 * ('reload'), or without the router, the page reloads. Build errors show in an overlay.
 */
const CLIENT = `<script>(function(){var es=new EventSource('/__dev/events');es.addEventListener('reload',function(){location.reload()});es.addEventListener('update',function(){var o=document.getElementById('__dev-overlay');if(o)o.remove();if(dispatchEvent(new Event('docs:refresh',{cancelable:true})))location.reload()});es.addEventListener('error-report',function(e){var d=document.getElementById('__dev-overlay')||document.body.appendChild(Object.assign(document.createElement('pre'),{id:'__dev-overlay'}));d.style.cssText='position:fixed;inset:auto 0 0 0;max-height:50vh;overflow:auto;margin:0;padding:16px;background:#2b0b0b;color:#ffd7d7;font:13px/1.5 monospace;z-index:9999;white-space:pre-wrap';d.textContent=JSON.parse(e.data)})})();</script>`;

/**
 * `docs dev`: 1. read and check the site, keeping parsed docs in memory, 2. bundle the client
 * once, 3. serve pages rendered on request, 4. on a change in content/, re-read only what
 * changed and tell open pages to update in place or reload (or show the error overlay with
 * file:line).
 * Changes to the engine or theme code need a restart.
 */
export async function devCommand(opts: { port: number; host: string; root: string; contentDir?: string; debug?: boolean }): Promise<void> {
  const contentDir = opts.contentDir ?? path.join(opts.root, 'content');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-dev-'));
  // Compiled docs: from the last build's cache at start, then kept in memory (a save recompiles one doc).
  const cache = CompileCache.open(contentDir, undefined, { memory: true });
  let first = true;
  const clients = new Set<http.ServerResponse>();
  let state: SiteState | undefined;
  let lastError: string | undefined;
  const send = (event: string, data = '') => {
    for (const c of clients) c.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const sources = (s: SiteState) => crypto.createHash('sha1').update(s.table.docs.map((d) => `${d.doc.relPath}\n${d.doc.source}`).join('\0')).digest('hex');
  let sent = '';
  /** `quiet`: a second look after a burst of saves; says nothing when nothing changed since the last report. */
  const reload = async (quiet = false) => {
    const started = performance.now();
    try {
      const previous = state;
      state = await loadSite({ root: opts.root, contentDir, cache, saveCache: first, log: opts.debug ? info : undefined });
      first = false;
      const hadError = lastError !== undefined;
      lastError = undefined;
      // Same config and custom pages (the same objects: their code was not imported again) → only
      // the swapped region can differ.
      const sameShell = !hadError && previous && previous.config === state.config && previous.pages.every((p, i) => p === state!.pages[i]);
      const now = sources(state);
      if (quiet && sameShell && now === sent) return;
      sent = now;
      info(`${green('✔')} ${state.parsed.length} docs ready in ${Math.round(performance.now() - started)} ms`);
      send(sameShell ? 'update' : 'reload');
    } catch (error) {
      const message = error instanceof BuildError ? error.message : String((error as Error)?.message ?? error);
      if (quiet && message === lastError) return; // the same problems, already reported
      printError(error);
      lastError = message;
      send('error-report', lastError);
    }
  };
  await reload();
  const baseUrl = state?.site.baseUrl ?? '/';
  const assets: Assets = await bundleClient({ root: opts.root, outDir: workDir, baseUrl, dev: true });
  const staticDir = path.join(contentDir, 'static');

  const sendHtml = (res: http.ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8') => {
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(type.startsWith('text/html') ? body.replace('</body>', `${CLIENT}</body>`) : body);
  };

  const server = createStaticServer({
    dir: () => workDir,
    intercept(req, res) {
      const url = (req.url ?? '/').split('?')[0];
      if (url === '/__dev/events') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
        res.write(': connected\n\n');
        if (lastError) res.write(`event: error-report\ndata: ${JSON.stringify(lastError)}\n\n`);
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return true;
      }
      if (url.startsWith(`${baseUrl}assets/`)) return false; // the bundle, from workDir
      const file = resolveFile(staticDir, routeFromRequestPath(baseUrl, url) === HOME_ROUTE ? '/__none__' : stripBase(baseUrl, url));
      if (file && !file.endsWith('.html')) {
        serveStatic(file, res);
        return true;
      }
      if (!state) {
        sendHtml(res, 500, `<!doctype html><title>Build error</title><body><pre>${(lastError ?? '').replace(/</g, '&lt;')}</pre></body>`);
        return true;
      }
      const dataRoute = routeFromDataPath(stripBase(baseUrl, url));
      const rendered = renderRoute(state, dataRoute ?? routeFromRequestPath(baseUrl, url), assets);
      if (dataRoute !== undefined) {
        if (rendered) sendHtml(res, 200, rendered.data, 'application/json; charset=utf-8');
        else sendHtml(res, 404, '{}', 'application/json; charset=utf-8');
        return true;
      }
      if (rendered) sendHtml(res, 200, rendered.html);
      else sendHtml(res, 404, renderNotFound(state, assets).html);
      return true;
    },
  });
  const url = await listen(server, opts.port, opts.host);
  info(`dev server at ${url} (watching content/)`);
  // Pages came from the cache, so nothing is compiled yet: do it now, while nobody waits for a save.
  setTimeout(() => void warmUp({ cli: state?.cli }), 50);

  // Saves come in bursts (editors write several times): one reload per burst, never two at once.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let loud = false; // a watcher event is waiting (not only the quiet second look)
  const schedule = (quiet = false) => {
    if (!quiet) loud = true;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (running) {
        again = true;
        return;
      }
      const q = !loud;
      loud = false;
      running = reload(q);
      await running;
      running = undefined;
      if (again) {
        again = false;
        schedule(true);
      }
    }, 20);
  };
  // The watcher may pass on one change per file per 50 ms and drop the others (no trailing
  // event): once a burst of saves has been quiet for longer than that, look again.
  let settle: NodeJS.Timeout | undefined;
  watchContent(contentDir, () => {
    schedule();
    clearTimeout(settle);
    settle = setTimeout(() => schedule(true), 80);
  });
  const stop = () => {
    fs.rmSync(workDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await new Promise(() => {});
}

function serveStatic(file: string, res: http.ServerResponse): void {
  const types: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.json': 'application/json', '.ico': 'image/x-icon', '.txt': 'text/plain' };
  res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
  res.end(fs.readFileSync(file));
}
