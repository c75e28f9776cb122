import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { filesForRequest, markdownPath, NOT_FOUND_ROUTE, outputHtmlPath, routeFromRequestPath } from '../theme/shared/routes.ts';
import { negotiatedHeaders, prefersMarkdown } from './accept-markdown.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8', '.xml': 'application/xml; charset=utf-8', '.woff2': 'font/woff2', '.map': 'application/json',
  // ::video clips and their captions
  '.mp4': 'video/mp4', '.m4v': 'video/mp4', '.webm': 'video/webm', '.ogv': 'video/ogg', '.vtt': 'text/vtt; charset=utf-8',
};

/** The one `bytes=a-b` range of a Range header (players seek with it; Safari requires it for video). */
function byteRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const [start, end] = m[1] === '' ? [Math.max(0, size - Number(m[2])), size - 1] : [Number(m[1]), Math.min(size - 1, m[2] === '' ? size - 1 : Number(m[2]))];
  return start <= end && start < size ? [start, end] : 'unsatisfiable';
}

export interface ServerOptions {
  dir: () => string;
  /** Extra response headers (the Content-Security-Policy). */
  headers?: () => Record<string, string>;
  /**
   * The redirect that answers a path (as requested, query apart), if any. An exact rule answers
   * before any file (its only file is the redirect page for hosts without rules); a splat rule
   * only where no file is.
   */
  redirect?: (pathname: string, search: string) => { status: number; location: string; splat: boolean } | undefined;
  /** Hook for the dev server (event stream, HTML injection). */
  intercept?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

/** Maps a URL path to a file inside `root`, or null; never escapes `root`. */
export function resolveFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const parts = decoded.split('/').filter(Boolean);
  if (parts.some((p) => p === '..' || p === '.')) return null;
  const candidate = path.join(root, ...parts);
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return null;
  for (const rel of filesForRequest(parts)) {
    const file = path.join(root, rel);
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      /* try the next form */
    }
  }
  return null;
}

/** The Markdown copy the build wrote beside a page's HTML file, if any, and its URL path (from the served folder's root). */
function markdownCopyOf(root: string, htmlFile: string): { file: string; url: string } | undefined {
  const route = routeFromRequestPath('/', `/${path.relative(root, htmlFile).split(path.sep).join('/')}`);
  const rel = markdownPath(route);
  const file = path.join(root, rel);
  return fs.existsSync(file) ? { file, url: `/${rel}` } : undefined;
}

/** A small static server: clean URLs, 404 page, ETag/304, HEAD, byte ranges, correct MIME types. */
export function createStaticServer(opts: ServerOptions): http.Server {
  return http.createServer((req, res) => {
    if (opts.intercept?.(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const root = path.resolve(opts.dir());
    const [urlPath, query = ''] = (req.url ?? '/').split('#')[0].split(/\?(.*)/s);
    // A route without its trailing slash and with one are the same page.
    const file = resolveFile(root, urlPath);
    const redirect = opts.redirect?.(urlPath, query);
    if (redirect && (!redirect.splat || !file)) {
      res.writeHead(redirect.status, { Location: redirect.location, 'Cache-Control': 'no-cache', 'Content-Length': '0' }).end();
      return;
    }
    const status = file ? 200 : 404;
    // A page with a Markdown copy is either, by the request's Accept header.
    const copy = file?.endsWith('.html') ? markdownCopyOf(root, file) : undefined;
    const target = copy && prefersMarkdown(req.headers.accept) ? copy.file : (file ?? path.join(root, outputHtmlPath(NOT_FOUND_ROUTE, { notFound: true })));
    let body: Buffer;
    try {
      body = fs.readFileSync(target);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const ext = path.extname(target);
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    const headers: Record<string, string> = {
      'Content-Type': MIME[ext] ?? 'application/octet-stream',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': /\/(assets|og)\//.test(target) ? 'public, max-age=31536000, immutable' : 'no-cache',
      // The MCP server card is for any client, browsers included (SEP-2127).
      ...(target.includes(`${path.sep}.well-known${path.sep}mcp${path.sep}`) ? { 'Access-Control-Allow-Origin': '*' } : {}),
      ...(opts.headers?.() ?? {}),
      ...(copy ? negotiatedHeaders(copy.url) : {}),
    };
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const range = status === 200 ? byteRange(req.headers.range, body.length) : undefined;
    if (status === 200) headers['Accept-Ranges'] = 'bytes';
    if (range === 'unsatisfiable') {
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${body.length}` }).end();
      return;
    }
    if (range) {
      const [start, end] = range;
      headers['Content-Range'] = `bytes ${start}-${end}/${body.length}`;
      headers['Content-Length'] = String(end - start + 1);
      res.writeHead(206, headers);
      res.end(req.method === 'HEAD' ? undefined : body.subarray(start, end + 1));
      return;
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}

/** Reads the `_headers` file the build writes (for static hosts): the header map of its `/*` block. */
export function readHeadersFile(dir: string): Record<string, string> {
  const file = path.join(dir, '_headers');
  if (!fs.existsSync(file)) return {};
  const headers: Record<string, string> = {};
  let all = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (/^\S/.test(line)) all = line.trim() === '/*';
    const m = /^\s+([\w-]+):\s*(.+)$/.exec(line);
    if (m && all) headers[m[1]] = m[2].trim();
  }
  return headers;
}

export function listen(server: http.Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as { port: number };
      resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
    });
  });
}
