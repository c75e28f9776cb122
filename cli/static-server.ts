import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  filesForRequest,
  markdownPath,
  NOT_FOUND_ROUTE,
  outputHtmlPath,
  routeFromRequestPath,
} from '../theme/shared/routes.ts';
import { REVALIDATE } from '../renderer/cache-rules.ts';
import { negotiatedHeaders, prefersMarkdown } from './accept-markdown.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  // ::video clips and their captions
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** The one `bytes=a-b` range of a Range header (players seek with it; Safari requires it for video). */
function byteRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const [start, end] =
    m[1] === ''
      ? [Math.max(0, size - Number(m[2])), size - 1]
      : [Number(m[1]), Math.min(size - 1, m[2] === '' ? size - 1 : Number(m[2]))];
  return start <= end && start < size ? [start, end] : 'unsatisfiable';
}

export interface ServerOptions {
  dir: () => string;
  /** Extra response headers for a URL path (the Content-Security-Policy, caching). */
  headers?: (urlPath: string) => Record<string, string>;
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
      res
        .writeHead(redirect.status, { Location: redirect.location, 'Cache-Control': 'no-cache', 'Content-Length': '0' })
        .end();
      return;
    }
    const status = file ? 200 : 404;
    // A page with a Markdown copy is either, by the request's Accept header.
    const copy = file?.endsWith('.html') ? markdownCopyOf(root, file) : undefined;
    const target =
      copy && prefersMarkdown(req.headers.accept)
        ? copy.file
        : (file ?? path.join(root, outputHtmlPath(NOT_FOUND_ROUTE, { notFound: true })));
    sendFile(req, res, target, status, {
      ...(opts.headers?.(file ? urlPath : '/404') ?? {}),
      ...(copy ? negotiatedHeaders(copy.url) : {}),
    });
  });
}

/**
 * Answers with one file: its MIME type, an ETag (304 when it matches), HEAD, and one byte range
 * (players seek with it; Safari requires it for video). `headers` come last, so they may replace
 * the default Cache-Control.
 */
export function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  file: string,
  status: number,
  headers: Record<string, string> = {},
): void {
  let body: Buffer;
  try {
    body = fs.readFileSync(file);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  const all: Record<string, string> = {
    'Content-Type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': REVALIDATE,
    ...headers,
  };
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, all).end();
    return;
  }
  const range = status === 200 ? byteRange(req.headers.range, body.length) : undefined;
  if (status === 200) all['Accept-Ranges'] = 'bytes';
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...all, 'Content-Range': `bytes */${body.length}` }).end();
    return;
  }
  if (range) {
    const [start, end] = range;
    all['Content-Range'] = `bytes ${start}-${end}/${body.length}`;
    all['Content-Length'] = String(end - start + 1);
    res.writeHead(206, all);
    res.end(req.method === 'HEAD' ? undefined : body.subarray(start, end + 1));
    return;
  }
  all['Content-Length'] = String(body.length);
  res.writeHead(status, all);
  res.end(req.method === 'HEAD' ? undefined : body);
}

type HeaderRule = { path: string; headers: [string, string][] };

/** Whether a `_headers` path (exact, or ending in a `*` splat) covers a request path. */
function covers(rulePath: string, urlPath: string): boolean {
  return rulePath.endsWith('*')
    ? urlPath.startsWith(rulePath.slice(0, -1))
    : rulePath === urlPath || `${rulePath}/` === urlPath;
}

/**
 * Reads the `_headers` file the build writes (for static hosts) into the headers for a request
 * path, as Netlify and Cloudflare Pages apply it: every rule whose path covers the request adds
 * its headers, and a header set by several rules gets their values joined with a comma.
 */
export function readHeadersFile(dir: string): (urlPath: string) => Record<string, string> {
  const file = path.join(dir, '_headers');
  const rules: HeaderRule[] = [];
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const header = /^\s+([\w-]+):\s*(.+)$/.exec(line);
      if (header) rules.at(-1)?.headers.push([header[1], header[2].trim()]);
      else if (line.startsWith('/')) rules.push({ path: line.trim(), headers: [] });
    }
  }
  return (urlPath) => {
    const out: Record<string, string> = {};
    for (const rule of rules) {
      if (!covers(rule.path, urlPath)) continue;
      for (const [name, value] of rule.headers) out[name] = out[name] ? `${out[name]}, ${value}` : value;
    }
    return out;
  };
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
