import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import chokidar from 'chokidar';
import { buildSite } from '../renderer/build-site.ts';
import { BuildError } from '../renderer/errors.ts';
import { green, info, printError } from './log.ts';
import { createStaticServer, listen } from './static-server.ts';

/** Injected into every page in dev: reloads on rebuild, shows build errors in an overlay. */
const CLIENT = `<script>(function(){var es=new EventSource('/__dev/events');es.addEventListener('reload',function(){location.reload()});es.addEventListener('error-report',function(e){var d=document.getElementById('__dev-overlay')||document.body.appendChild(Object.assign(document.createElement('pre'),{id:'__dev-overlay'}));d.style.cssText='position:fixed;inset:auto 0 0 0;max-height:50vh;overflow:auto;margin:0;padding:16px;background:#2b0b0b;color:#ffd7d7;font:13px/1.5 monospace;z-index:9999;white-space:pre-wrap';d.textContent=JSON.parse(e.data)})})();</script>`;

/**
 * `docs dev`: 1. build into a temp folder, 2. serve it on 127.0.0.1, 3. watch content/ and
 * rebuild on change, 4. tell open browsers to reload (or show the error overlay).
 */
export async function devCommand(opts: { port: number; host: string; root: string }): Promise<void> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-dev-'));
  const clients = new Set<import('node:http').ServerResponse>();
  let lastError: string | undefined;
  const send = (event: string, data = '') => {
    for (const c of clients) c.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const rebuild = async () => {
    try {
      const s = await buildSite({ root: opts.root, outDir: path.join(outDir, 'site'), dev: true });
      lastError = undefined;
      info(`${green('✔')} ${s.pages} pages in ${s.ms} ms`);
      send('reload');
    } catch (error) {
      printError(error);
      lastError = error instanceof BuildError ? error.message : String((error as Error)?.message ?? error);
      send('error-report', lastError);
    }
  };
  await rebuild();

  const server = createStaticServer({
    dir: () => path.join(outDir, 'site'),
    transformHtml: (html) => html.replace('</body>', `${CLIENT}</body>`),
    intercept(req, res) {
      if (req.url !== '/__dev/events') return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      if (lastError) res.write(`event: error-report\ndata: ${JSON.stringify(lastError)}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    },
  });
  const url = await listen(server, opts.port, opts.host);
  info(`dev server at ${url} (watching content/)`);

  // Saves come in bursts (editors write several times): one rebuild per burst, never two at once.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (running) {
        again = true;
        return;
      }
      running = rebuild();
      await running;
      running = undefined;
      if (again) {
        again = false;
        schedule();
      }
    }, 30);
  };
  chokidar.watch(path.join(opts.root, 'content'), { ignoreInitial: true }).on('all', schedule);
  const stop = () => {
    fs.rmSync(outDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await new Promise(() => {});
}
