import type http from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { BuiltSite } from './built-site.ts';
import { createDocsMcpServer } from './server.ts';

/** Where `docs serve` answers MCP (Streamable HTTP), under the base URL. */
export const MCP_PATH = 'mcp';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name of a Host header or an Origin, without its port. */
function hostname(value: string): string {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname;
  } catch {
    return '';
  }
}

/**
 * Answers MCP over Streamable HTTP, statelessly: each POST gets its own server and transport
 * (the site is read once and shared), so no session outlives its request. Bound to loopback, it
 * answers only requests addressed to a loopback name and from no other origin: a web page
 * elsewhere cannot reach it through DNS rebinding.
 */
export function mcpHttpHandler(
  site: BuiltSite | undefined,
  opts: { loopback: boolean },
): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (req, res) => {
    const json = (status: number, message: string, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, { 'Content-Type': 'application/json', ...headers })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
    if (opts.loopback) {
      const origin = req.headers.origin;
      if (!LOOPBACK.has(hostname(req.headers.host ?? '')) || (origin && !LOOPBACK.has(hostname(origin))))
        return json(403, 'Forbidden: this MCP endpoint answers loopback requests only');
    }
    if (!site) return json(404, 'This folder has no MCP page index: build it with `docs build`.');
    if (req.method !== 'POST')
      return json(405, 'Method not allowed: this stateless endpoint takes POST only', { Allow: 'POST' });
    const server = createDocsMcpServer(site);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((error: Error) => {
        if (!res.headersSent) json(500, `Internal error: ${error.message}`);
      });
  };
}
