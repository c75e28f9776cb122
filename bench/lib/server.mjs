// A static server for measuring built sites the way a static host serves them: clean URLs
// (`/a/b` → `a/b/index.html` or `a/b.html`), `404.html` with status 404, gzip for text when the
// client accepts it, long caching for hashed assets, and the `_headers` file our build writes
// (the CSP). The same server serves our output and Docusaurus' so neither gets an advantage.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
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
  '.woff': 'font/woff',
  '.map': 'application/json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript))|image\/svg/;

function headersFile(dir) {
  const file = path.join(dir, '_headers');
  const headers = {};
  if (!fs.existsSync(file)) return headers;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s+([\w-]+):\s*(.+)$/.exec(line);
    if (m) headers[m[1]] = m[2].trim();
  }
  return headers;
}

function resolve(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const parts = decoded.split('/').filter(Boolean);
  if (parts.some((p) => p === '..' || p === '.' || p.includes('\0') || p.includes('\\'))) return null;
  const candidate = path.join(root, ...parts);
  for (const file of [candidate, path.join(candidate, 'index.html'), `${candidate}.html`]) {
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      /* next form */
    }
  }
  return null;
}

/** Serves `dir` on 127.0.0.1; resolves to { url, close }. */
export function serveStatic(dir) {
  const root = path.resolve(dir);
  const extra = headersFile(root);
  const gzipCache = new Map();
  const server = http.createServer((req, res) => {
    const urlPath = (req.url ?? '/').split('?')[0].split('#')[0];
    const file = resolve(root, urlPath);
    const target = file ?? path.join(root, '404.html');
    let body;
    try {
      body = fs.readFileSync(target);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const type = MIME[path.extname(target)] ?? 'application/octet-stream';
    const headers = {
      'Content-Type': type,
      'Cache-Control': /[\\/]assets[\\/]/.test(target) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...extra,
    };
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      let gz = gzipCache.get(target);
      if (!gz) gzipCache.set(target, (gz = zlib.gzipSync(body)));
      body = gz;
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(file ? 200 : 404, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolvePromise({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}
