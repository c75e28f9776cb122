/**
 * `docs serve` and `docs dev` as spawned processes: the address they listen on (read from the
 * kernel's socket table, not from what they print), path traversal, and the 404 page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';

const BIN = path.join(ROOT, 'bin/docs.js');
const children: ChildProcess[] = [];

/** Starts a docs command and resolves with its URL once it prints "… at http://host:port". */
function startServer(
  args: string[],
  timeoutMs = 60_000,
): Promise<{ child: ChildProcess; url: string; port: number; log: () => string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT });
  children.push(child);
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within ${timeoutMs} ms:\n${log}`)), timeoutMs);
    const onData = (c: Buffer) => {
      log += c;
      const m = / at (http:\/\/[^\s]+:(\d+))/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], port: Number(m[2]), log: () => log });
      }
    };
    child.stderr!.on('data', onData);
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${log}`)));
  });
}

/** Local addresses of listening TCP sockets on `port`, from /proc/net/tcp and tcp6. */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 4 || cols[3] !== '0A') continue; // 0A = LISTEN
      const [hexAddr, hexPort] = cols[1].split(':');
      if (parseInt(hexPort, 16) !== port) continue;
      if (hexAddr.length === 8)
        found.push(
          hexAddr
            .match(/../g)!
            .reverse()
            .map((h) => parseInt(h, 16))
            .join('.'),
        );
      else found.push(hexAddr === '00000000000000000000000000000000' ? '::' : `ipv6:${hexAddr}`);
    }
  }
  return found;
}

/** A raw request line: the path reaches the server exactly as written. */
function raw(port: number, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (c) => (data += c));
    socket.on('end', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

const TRAVERSALS = [
  '/../secret.txt',
  '/%2e%2e/secret.txt',
  '/%2E%2E%2Fsecret.txt',
  '/img/../../secret.txt',
  '/img/..%2f..%2fsecret.txt',
  '/..%5csecret.txt',
  '/img/%2e%2e/%2e%2e/site.config.ts',
  '/../site.config.ts',
  '/..%2fsite.config.ts',
  '//etc/passwd',
  '/%2fetc%2fpasswd',
  '/assets/../../secret.txt',
  '/assets/..%2f..%2f..%2fpackage.json',
  '/__data/../../secret.txt',
  '/__data/..%2f..%2fsecret.json',
  '/img%00.svg',
  '/img/diagram.svg%00.html',
  '/%E0%A4%A',
  '/....//secret.txt',
  '/static/../secret.txt',
  '/.%2e/.%2e/secret.txt',
  '/img/..\\..\\secret.txt',
];

describe('docs serve and docs dev as processes', () => {
  let content: string;
  let dist: string;
  beforeAll(async () => {
    content = fixtureCopy({ 'secret.txt': 'TOP SECRET' });
    dist = tempOut();
    await buildSite({ root: ROOT, contentDir: content, outDir: dist, env: {} });
    fs.writeFileSync(path.join(path.dirname(dist), 'secret.txt'), 'TOP SECRET');
  });
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });

  it('docs serve listens on 127.0.0.1 only by default, and on the --host it is given', async () => {
    const serve = await startServer(['serve', '--dir', dist, '--port', '0']);
    expect(serve.url).toBe(`http://127.0.0.1:${serve.port}`);
    expect(listeningAddresses(serve.port)).toEqual(['127.0.0.1']);
    const other = await startServer(['serve', '--dir', dist, '--port', '0', '--host', '127.0.0.2']);
    expect(listeningAddresses(other.port)).toEqual(['127.0.0.2']);
    expect((await fetch(`http://127.0.0.2:${other.port}/guide`)).status).toBe(200);
    serve.child.kill('SIGTERM');
    other.child.kill('SIGTERM');
  });

  it('docs dev listens on 127.0.0.1 only by default', async () => {
    const dev = await startServer(['--root', ROOT, '--content', content, 'dev', '--port', '0']);
    expect(dev.url).toBe(`http://127.0.0.1:${dev.port}`);
    expect(listeningAddresses(dev.port)).toEqual(['127.0.0.1']);
    dev.child.kill('SIGTERM');
  });

  describe.each(['serve', 'dev'])('docs %s', (mode) => {
    let port: number;
    beforeAll(async () => {
      const s =
        mode === 'serve'
          ? await startServer(['serve', '--dir', dist, '--port', '0'])
          : await startServer(['--root', ROOT, '--content', content, 'dev', '--port', '0']);
      port = s.port;
    });

    it.each(TRAVERSALS)('never serves a file outside its folders: %s', async (target) => {
      const r = await raw(port, target);
      expect(r.status).toBe(404);
      expect(r.body).not.toContain('TOP SECRET');
      expect(r.body).not.toContain('export default');
      expect(r.body).not.toContain('root:x:0:0');
    });

    it('serves pages and static files; unknown paths get the 404 page with status 404', async () => {
      expect((await raw(port, '/guide/install')).status).toBe(200);
      expect((await raw(port, '/img/diagram.svg')).status).toBe(200);
      for (const target of [
        '/no/such/page',
        '/guide/install/nope',
        '/<script>alert(1)</script>',
        '/%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E',
        `/${'a'.repeat(4000)}`,
      ]) {
        const r = await raw(port, target);
        expect(r.status, target).toBe(404);
        expect(r.body, target).toContain('<h1>Page Not Found</h1>');
        expect(r.body).not.toContain('<script>alert(1)');
        expect(r.body).not.toContain('<img src=x');
      }
      const data = await raw(port, '/__data/no/such/page.json');
      expect(data.status).toBe(404);
    });
  });
});
