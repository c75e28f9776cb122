#!/usr/bin/env node
// Bounded load test of `docs serve` on loopback (a standalone script, not part of bench/run.mjs).
// Spawns `docs serve --port 0` on a built site, drives it with autocannon at 127.0.0.1 for a fixed
// time over every page, data file, Markdown copy and asset of the sitemap, samples the server's
// RSS from /proc, and stops by itself. Exits 1 on any error, timeout or non-2xx answer, or when
// the server's memory keeps growing.
//
//   node bench/load.mjs                       # builds the real site into a temp folder first
//   node bench/load.mjs --dir dist            # an already built folder
//   node bench/load.mjs --fixture             # the small test fixture (no real-site build)
//   options: --seconds 10 --connections 32
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin/docs.js');
const flag = (name) => process.argv.includes(`--${name}`);
const value = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SECONDS = Math.min(Number(value('seconds', 10)), 60); // bounded whatever is asked
const CONNECTIONS = Math.min(Number(value('connections', 32)), 256);

function buildSite() {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-load-')), 'dist');
  const args = [
    BIN,
    '--root',
    ROOT,
    ...(flag('fixture') ? ['--content', path.join(ROOT, 'test/fixtures/sites/basic')] : []),
    'build',
    '--out',
    out,
  ];
  console.error(`building ${flag('fixture') ? 'the fixture' : 'the real site'} into ${out}…`);
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error('build failed');
  return out;
}

function startServer(dir) {
  const child = spawn(process.execPath, [BIN, 'serve', '--dir', dir, '--port', '0', '--host', '127.0.0.1'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`docs serve did not start:\n${log}`)), 30_000);
    child.stderr.on('data', (c) => {
      log += c;
      const m = / at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.on('exit', (code) => reject(new Error(`docs serve exited ${code}:\n${log}`)));
  });
}

const rssOf = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Every URL a visitor or the client router asks for: pages, data files, Markdown, assets. */
function targets(dir) {
  const sitemap = fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8');
  const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] || '/');
  const paths = new Set();
  for (const r of routes) {
    paths.add(r);
    paths.add(`/__data${r === '/' ? '/index' : r}.json`);
    if (r !== '/' && fs.existsSync(path.join(dir, `${r.slice(1)}.md`))) paths.add(`${r}.md`);
  }
  for (const f of fs.readdirSync(path.join(dir, 'assets'), { recursive: true }))
    if (/\.(js|css)$/.test(f)) paths.add(`/assets/${f}`);
  return [...paths];
}

const dir = value('dir') ? path.resolve(value('dir')) : buildSite();
const { child, url } = await startServer(dir);
if (!/^http:\/\/127\.0\.0\.1:/.test(url)) throw new Error(`refusing to load anything but loopback: ${url}`);
const paths = targets(dir);
const rss = [];
let stop = false;
const sample = async () => {
  while (!stop) {
    rss.push({ t: performance.now(), bytes: rssOf(child.pid) });
    await new Promise((r) => setTimeout(r, 250));
  }
};
const sampling = sample();
try {
  // Warm-up: each URL once, so file caches and JIT are the same for the measured run.
  for (const p of paths) await (await fetch(url + p)).arrayBuffer();
  const rssStart = rssOf(child.pid);
  const started = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const during = rss.filter((s) => s.t >= started).map((s) => s.bytes);
  const rssEnd = rssOf(child.pid);
  const half = Math.floor(during.length / 2);
  const mb = (b) => `${(b / 1e6).toFixed(0)} MB`;
  const growthSecondHalf = Math.max(...during.slice(half)) - Math.max(...during.slice(0, half));
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(`docs serve under load: ${SECONDS} s, ${CONNECTIONS} connections, ${paths.length} URLs (${dir})`);
  console.log(
    `  requests: ${result.requests.total} (${result.requests.average.toFixed(0)} req/s mean, ${result.requests.min}–${result.requests.max} per second), ${(result.throughput.average / 1e6).toFixed(1)} MB/s`,
  );
  console.log(`  latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  errors: ${result.errors}, timeouts: ${result.timeouts}, non-2xx: ${result.non2xx}`);
  console.log(
    `  server RSS: ${mb(rssStart)} at start, max ${mb(Math.max(...during))} during, ${mb(rssEnd)} at the end; second half vs first half peak ${growthSecondHalf >= 0 ? '+' : ''}${mb(growthSecondHalf)}`,
  );
  if (errors > 0) {
    console.error('FAIL: the server answered with errors');
    process.exitCode = 1;
  }
  if (growthSecondHalf > 64e6) {
    console.error('FAIL: the server’s memory kept growing under steady load');
    process.exitCode = 1;
  }
} finally {
  stop = true;
  await sampling;
  child.kill('SIGTERM');
}
