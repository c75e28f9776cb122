import type http from 'node:http';
import { fileURLToPath } from 'node:url';
import { inlineScript } from '../../renderer/inline-script.ts';

/** Where open pages listen for 'reload', 'update' (data 'content' when only docs' contents changed) and 'error-report' events. */
export const EVENTS_PATH = '/__dev/events';

const CLIENT_ENTRY = fileURLToPath(new URL('../../theme/client/live-reload.ts', import.meta.url));

/** theme/client/live-reload.ts as one inline script; bundled here, apart from the site's bundle, so no build ever ships it. */
function clientScript(): string {
  return `<script>${inlineScript(CLIENT_ENTRY, { __DEV_EVENTS_PATH__: EVENTS_PATH })}</script>`;
}

/** The pages open during one `docs dev` run, each holding a Server-Sent Events stream, and what they are told. */
export class LiveReload {
  private readonly clients = new Set<http.ServerResponse>();
  private readonly script = clientScript();

  /** The page with the client script before `</body>`. */
  inject(html: string): string {
    // A function, so a `$` in the minified script is never read as a replacement pattern.
    return html.replace('</body>', () => `${this.script}</body>`);
  }

  /** Holds the request open as the page's event stream; a page opened while the site is broken gets the report at once. */
  connect(req: http.IncomingMessage, res: http.ServerResponse, pendingError: string | undefined): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    if (pendingError) res.write(message('error-report', pendingError));
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  }

  send(event: 'reload' | 'update' | 'error-report', data = ''): void {
    for (const c of this.clients) c.write(message(event, data));
  }
}

function message(event: string, data: string): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
