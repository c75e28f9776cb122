// Shared helpers for the benchmark: timed child processes, folder sizes, machine facts, formatting.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Child environment: no NODE_ENV/NODE_OPTIONS from the caller, so each tool picks its own. */
export function childEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.NODE_ENV;
  delete env.NODE_OPTIONS;
  return env;
}

/*
 * Folders the bench is done with are moved aside, not deleted, until the timed work is over
 * (emptyDiscarded). On ext4 without a journal (this machine's disk), making a file skips every
 * inode of its block group freed in the last minute, each skip a lookup in the inode table: a
 * build started right after thousands of deletions paid up to ~0.5 ms of kernel time per file it
 * wrote (perf: __ext4_new_inode → find_inode_bit → recently_deleted, ~1 s of a 1,000-page build),
 * a cost of the step before it, not of the engine being timed.
 */
const discarded = [];

/** Moves `dir` (if it exists) to a sibling name, to be deleted by emptyDiscarded; deletes it at once where a rename cannot. */
export function discard(dir) {
  if (!fs.existsSync(dir)) return;
  const aside = `${dir}.bench-discarded-${process.pid}-${discarded.length}`;
  try {
    fs.renameSync(dir, aside);
    discarded.push(aside);
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Deletes what discard() moved aside. */
export function emptyDiscarded() {
  for (const dir of discarded.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

let timeFiles = 0;

/**
 * Runs `cmd args` under GNU time (`/usr/bin/time -v`) and returns the wall time measured here
 * (monotonic clock around the whole child), the peak RSS of the largest process of the tree
 * ("Maximum resident set size"), and the user + system CPU time. Output goes to `logFile`.
 * Throws, with the end of the log, when the command fails; the error carries `ms` and `logFile`
 * so a failed build can still be reported with how long it ran.
 */
export async function timed(cmd, args, { cwd, env, logFile }) {
  const timeFile = path.join(os.tmpdir(), `docs-bench-time-${process.pid}-${timeFiles++}.txt`);
  const log = fs.openSync(logFile, 'w');
  // The disk's write-back of what the last steps wrote (a corpus, another engine's output) is
  // done before the clock starts: no build pays for another's writes.
  spawnSync('sync');
  const load = os.loadavg()[0];
  const started = performance.now();
  const code = await new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-v', '-o', timeFile, cmd, ...args], {
      cwd,
      env,
      stdio: ['ignore', log, log],
    });
    child.on('error', reject);
    child.on('exit', (c, signal) => resolve(signal ? 128 : c));
  });
  const ms = performance.now() - started;
  fs.closeSync(log);
  const report = fs.existsSync(timeFile) ? fs.readFileSync(timeFile, 'utf8') : '';
  fs.rmSync(timeFile, { force: true });
  if (code !== 0) {
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-25).join('\n');
    throw Object.assign(
      new Error(`${path.basename(cmd)} ${args.join(' ')} exited with ${code} (log: ${logFile})\n${tail}`),
      { ms, logFile },
    );
  }
  const field = (name) => {
    const m = new RegExp(`${name}[^:]*:\\s*([\\d.]+)`).exec(report);
    if (!m) throw new Error(`/usr/bin/time reported no "${name}":\n${report}`);
    return Number(m[1]);
  };
  return {
    ms,
    rssBytes: field('Maximum resident set size') * 1024,
    cpuS: field('User time') + field('System time'),
    load1: load,
  };
}

/** Total bytes and file count of a folder. */
export function folderStats(dir) {
  let bytes = 0;
  let files = 0;
  let html = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    if (entry.name.endsWith('.html')) html++;
    bytes += fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return { bytes, files, html };
}

/** A free loopback port (the listener is closed before returning). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function machine() {
  const cpus = os.cpus();
  return {
    nproc: os.availableParallelism?.() ?? cpus.length,
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    memoryBytes: os.totalmem(),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load1AtStart: os.loadavg()[0],
  };
}

export const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const fmtS = (ms) => (ms == null ? '—' : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`);
export const fmtMs = (ms) => (ms == null ? '—' : `${Math.round(ms)} ms`);
export const fmtMB = (b) => (b == null ? '—' : `${(b / 1024 / 1024).toFixed(b < 100 * 1024 * 1024 ? 1 : 0)} MB`);
export const fmtKB = (b) => (b == null ? '—' : `${(b / 1024).toFixed(1)} KB`);
export const fmtX = (r) => (r == null || !Number.isFinite(r) ? '—' : `${r.toFixed(r < 10 ? 2 : 1)}×`);

/** Prints a progress line with the elapsed time of the whole run. */
const t0 = performance.now();
export function step(message) {
  const s = ((performance.now() - t0) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${s}s] ${message}`);
}
