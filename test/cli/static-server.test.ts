import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer, listen, resolveFile } from '../../cli/static-server.ts';

/** Sends a raw request line, so paths reach the server exactly as written (no URL normalising). */
function raw(port: number, target: string, method = 'GET'): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.on('data', (c) => (data += c));
    socket.on('end', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

describe('cli/static-server', () => {
  let server: http.Server;
  let port: number;
  let root: string;
  beforeAll(async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-'));
    root = path.join(parent, 'dist');
    fs.mkdirSync(path.join(root, 'guide'), { recursive: true });
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(parent, 'secret.txt'), 'TOP SECRET');
    fs.writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
    fs.writeFileSync(path.join(root, 'guide/index.html'), '<h1>guide</h1>');
    fs.writeFileSync(path.join(root, '404.html'), '<h1>not found</h1>');
    fs.writeFileSync(path.join(root, 'assets/app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(root, 'guide.md'), '# Guide');
    server = createStaticServer({
      dir: () => root,
      headers: () => ({ 'Content-Security-Policy': "default-src 'self'" }),
    });
    port = Number(new URL(await listen(server, 0, '127.0.0.1')).port);
  });
  afterAll(() => server.close());

  it('serves clean URLs, with or without a trailing slash, with MIME types and the CSP', async () => {
    for (const p of ['/guide', '/guide/', '/guide/index.html']) {
      const r = await raw(port, p);
      expect(r.status).toBe(200);
      expect(r.body).toBe('<h1>guide</h1>');
      expect(r.headers).toMatch(/Content-Type: text\/html; charset=utf-8/i);
      expect(r.headers).toMatch(/Content-Security-Policy: default-src 'self'/i);
    }
    expect((await raw(port, '/assets/app.js')).headers).toMatch(/Content-Type: text\/javascript/i);
    expect((await raw(port, '/guide.md')).headers).toMatch(/Content-Type: text\/markdown/i);
  });

  it('serves video and captions with their types, and byte ranges (players seek with them; Safari needs them)', async () => {
    fs.mkdirSync(path.join(root, 'media'), { recursive: true });
    fs.writeFileSync(path.join(root, 'media/clip.mp4'), '0123456789');
    fs.writeFileSync(path.join(root, 'media/clip.vtt'), 'WEBVTT\n');
    const url = `http://127.0.0.1:${port}/media/clip.mp4`;
    const whole = await fetch(url);
    expect([
      whole.status,
      whole.headers.get('content-type'),
      whole.headers.get('accept-ranges'),
      await whole.text(),
    ]).toEqual([200, 'video/mp4', 'bytes', '0123456789']);
    expect((await fetch(`http://127.0.0.1:${port}/media/clip.vtt`)).headers.get('content-type')).toBe(
      'text/vtt; charset=utf-8',
    );
    const part = async (range: string) => {
      const r = await fetch(url, { headers: { Range: range } });
      return [r.status, r.headers.get('content-range'), r.status === 206 ? await r.text() : ''];
    };
    expect(await part('bytes=2-4')).toEqual([206, 'bytes 2-4/10', '234']);
    expect(await part('bytes=7-')).toEqual([206, 'bytes 7-9/10', '789']);
    expect(await part('bytes=-3')).toEqual([206, 'bytes 7-9/10', '789']);
    expect(await part('bytes=5-99')).toEqual([206, 'bytes 5-9/10', '56789']);
    expect(await part('bytes=10-')).toEqual([416, 'bytes */10', '']);
    // A header it does not understand (several ranges) gets the whole file.
    expect((await part('bytes=0-1,3-4'))[0]).toBe(200);
  });

  it('answers unknown paths with the 404 page and status 404; no directory listings', async () => {
    const r = await raw(port, '/nope');
    expect([r.status, r.body]).toEqual([404, '<h1>not found</h1>']);
    expect((await raw(port, '/assets/')).status).toBe(404);
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/guide/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/guide%00.html',
    '/%E0%A4%A',
  ])('never serves a file outside the folder: %s', async (p) => {
    const r = await raw(port, p);
    expect(r.status).toBe(404);
    expect(r.body).not.toContain('TOP SECRET');
  });

  it("never answers the root with the folder's sibling <folder>.html", () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-'));
    const empty = path.join(parent, 'site');
    fs.mkdirSync(empty);
    fs.writeFileSync(`${empty}.html`, 'TOP SECRET');
    expect(resolveFile(empty, '/')).toBeNull();
    fs.writeFileSync(path.join(empty, 'index.html'), '<h1>home</h1>');
    expect(resolveFile(empty, '/')).toBe(path.join(empty, 'index.html'));
  });

  it('supports HEAD and ETag / 304', async () => {
    const head = await raw(port, '/guide', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const etag = /ETag: (.*)/i.exec(head.headers)![1].trim();
    const res = await fetch(`http://127.0.0.1:${port}/guide`, { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
    expect((await raw(port, '/guide', 'POST')).status).toBe(405);
  });
});
