/**
 * `docs build` as separate processes, the way CI and writers run it: killed at any moment,
 * started twice at once, next to another build, or unable to write. The previous output must
 * stay whole and every failure must be a plain message.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureCopy, ROOT } from '../helpers/site.ts';

const BIN = path.join(ROOT, 'bin/docs.js');

interface Done {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  ms: number;
}

function startBuild(content: string, out: string, shell?: string): ChildProcess & { done: Promise<Done> } {
  const args = [BIN, '--root', ROOT, '--content', content, 'build', '--no-cache', '--out', out];
  const started = performance.now();
  const child = (
    shell
      ? spawn('bash', ['-c', `${shell}; exec "$0" "$@"`, process.execPath, ...args], { cwd: ROOT })
      : spawn(process.execPath, args, { cwd: ROOT })
  ) as ChildProcess & { done: Promise<Done> };
  let stderr = '';
  child.stderr!.on('data', (c) => (stderr += c));
  child.done = new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr, ms: performance.now() - started })),
  );
  return child;
}

const build = (content: string, out: string, shell?: string) => startBuild(content, out, shell).done;

/**
 * What an output folder holds: every file (bundle hashes taken out of names, since others edit
 * theme/ while this runs), each page and data file checked complete. Two builds of the same
 * content give the same manifest; a partial or mixed folder gives neither version's.
 */
const unhash = (s: string) => s.replace(/-[A-Z0-9]{8}\.(js|css)\b/g, '.$1').replace(/-[a-f0-9]{10}\.json$/, '.json');
function manifest(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, file);
    let state = 'ok';
    if (rel.endsWith('.html') && !fs.readFileSync(file, 'utf8').trimEnd().endsWith('</html>')) state = 'TRUNCATED';
    if (rel.endsWith('.json')) {
      try {
        JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        state = 'TRUNCATED';
      }
    }
    out.push(`${unhash(rel)} ${state}`);
  }
  return out.sort();
}

/** A pid that is certainly not running: a process that already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

const newParent = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docs-hardening-'));
/** Temp folders, lock files and `-old` copies a build leaves next to its output. */
const leftovers = (parent: string) => fs.readdirSync(parent).filter((n) => n.startsWith('.'));
/** Leftovers once a replaced output's background removal (renderer/output.ts) has had up to 10 s. */
async function settledLeftovers(parent: string): Promise<string[]> {
  for (let i = 0; i < 100 && leftovers(parent).some((n) => n.endsWith('-old')); i++)
    await new Promise((r) => setTimeout(r, 100));
  return leftovers(parent);
}

describe('docs build as a process: killed, concurrent, unable to write', () => {
  let small: string; // version 1 of the site: the fixture
  let big: string; // version 2: the fixture and 100 more pages, so a build spends a while writing
  let v1: string[];
  let v2: string[];
  let fullMs: number;
  let ref1: string; // version 1 as built
  /**
   * Version 1 in `out`, as the previous output a test's build replaces: a copy of the build made
   * once, byte for byte what another build of `small` would write (the tests of a build that
   * succeeds next to an earlier one build twice themselves).
   */
  const previousOutput = (out: string) => {
    fs.cpSync(ref1, out, { recursive: true });
    expect(manifest(out)).toEqual(v1);
  };

  beforeAll(async () => {
    small = fixtureCopy();
    const pages: Record<string, string> = {};
    // One title and description for all: their share cards are one picture, so the build's time
    // goes to compiling and writing pages (what a kill must interrupt), not to drawing 100 cards.
    for (let i = 0; i < 100; i++) {
      pages[`docs/bulk/page-${i}.md`] =
        `---\ntitle: Bulk page\ndescription: One of a hundred pages.\n---\n\n## Part ${i}\n\n${'Some prose with **bold** and [a link](/guide/install#requirements). '.repeat(20)}\n\n\`\`\`go\npackage main\n\nfunc main() { println(${i}) }\n\`\`\`\n`;
    }
    big = fixtureCopy(pages);
    ref1 = path.join(newParent(), 'dist');
    const ref2 = path.join(newParent(), 'dist');
    expect((await build(small, ref1)).code).toBe(0);
    const second = await build(big, ref2);
    expect(second.code, second.stderr).toBe(0);
    fullMs = second.ms;
    v1 = manifest(ref1);
    v2 = manifest(ref2);
    expect(v2.length).toBeGreaterThan(v1.length + 200);
  });

  it('SIGKILL at 6 moments of a build leaves the previous output whole; the stale lock never blocks the next build', async () => {
    const out = path.join(newParent(), 'dist');
    previousOutput(out);
    const seen: string[] = [];
    // A build's length as last seen: the one timed before, or a build this loop let finish (the
    // machine's load changes, and a kill planned from a slower build would come after the end).
    let buildMs = fullMs;
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const child = startBuild(big, out);
      const at = (buildMs * (i + 0.5)) / 6;
      await new Promise((r) => setTimeout(r, at));
      child.kill('SIGKILL');
      const done = await child.done;
      if (done.code === 0) buildMs = Math.min(buildMs, performance.now() - started);
      const now = manifest(out);
      // Killed before the swap: the previous output; after it: the new one. Never a mix or nothing.
      const which =
        JSON.stringify(now) === JSON.stringify(v1)
          ? 'previous'
          : JSON.stringify(now) === JSON.stringify(v2)
            ? 'new'
            : 'MIXED';
      seen.push(`${done.signal ?? done.code}@${Math.round(at)}ms:${which}`);
      expect(which, seen.join(' ')).not.toBe('MIXED');
      if (which === 'new') {
        fs.rmSync(out, { recursive: true });
        previousOutput(out); // back to v1 for the next round
      }
    }
    expect(seen.filter((s) => s.startsWith('SIGKILL')).length, seen.join(' ')).toBeGreaterThanOrEqual(4);
    // Killed builds left their lock and temp folders; the next build takes over and cleans up.
    const next = await build(big, out);
    expect(next.code, next.stderr).toBe(0);
    expect(manifest(out)).toEqual(v2);
    expect(await settledLeftovers(path.dirname(out))).toEqual([]);
    // Up to 14 builds in a row: on a busy 2-core machine that exceeds the 60 s default.
  }, 240_000);

  it('SIGINT or SIGTERM in the middle of a build: a plain message, the temp folder and lock removed, the previous output untouched', {
    timeout: 240_000,
  }, async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const parent = newParent();
      const out = path.join(parent, 'dist');
      previousOutput(out);
      const child = startBuild(big, out);
      // Signalled once the build is under way: its temp folder has its first pages (a delay
      // planned from an earlier build's length can come after the end on a machine less busy).
      const writing = () =>
        leftovers(parent).some((n) => /^\.dist-\d+-\d+$/.test(n) && fs.readdirSync(path.join(parent, n)).length > 0);
      for (let i = 0; i < 600 && !writing(); i++) await new Promise((r) => setTimeout(r, 20));
      child.kill(signal);
      const done = await child.done;
      expect(done.code, done.stderr).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(done.stderr).toContain(`✖ build interrupted (${signal}); ${out} is as it was before`);
      expect(done.stderr).not.toMatch(/\n\s+at |run with --debug/);
      expect(manifest(out)).toEqual(v1);
      // Removed at once; what writes already under way on other threads made again is removed
      // as soon as the process has exited (output.ts removeAfterExit).
      for (let i = 0; i < 50 && leftovers(parent).length; i++) await new Promise((r) => setTimeout(r, 100));
      expect(leftovers(parent)).toEqual([]);
    }
  });

  it('a lock left by a dead build is taken over; a live one is respected', async () => {
    const out = path.join(newParent(), 'dist');
    const lock = path.join(path.dirname(out), '.dist.lock');
    fs.writeFileSync(lock, String(deadPid()));
    const first = await build(small, out);
    expect(first.code, first.stderr).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
    fs.writeFileSync(lock, String(process.pid)); // this test process is alive
    const refused = await build(small, out);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`another build (pid ${process.pid}) is writing this folder`);
    expect(refused.stderr).toContain('delete');
    expect(manifest(out)).toEqual(v1);
    fs.rmSync(lock);
  });

  it('two builds started at once into one folder: one is refused with a message, the other completes whole', async () => {
    const out = path.join(newParent(), 'dist');
    previousOutput(out);
    const [a, b] = await Promise.all([build(big, out), build(big, out)]);
    const codes = [a.code, b.code].sort();
    expect(codes, `${a.stderr}\n${b.stderr}`).toEqual([0, 1]);
    const loser = a.code === 1 ? a : b;
    expect(loser.stderr).toMatch(/another build \(pid \d+\) is writing this folder/);
    expect(loser.stderr).not.toMatch(/\n\s+at /);
    expect(manifest(out)).toEqual(v2);
    expect(await settledLeftovers(path.dirname(out))).toEqual([]);
  });

  // Two builds of 100 pages at once: on a busy 2-core machine that can exceed the 60 s default.
  it('builds into sibling folders sharing a prefix (dist, dist-b) at once do not delete each other’s work', {
    timeout: 180_000,
  }, async () => {
    const parent = newParent();
    const [a, b] = await Promise.all([build(big, path.join(parent, 'dist')), build(big, path.join(parent, 'dist-b'))]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(manifest(path.join(parent, 'dist'))).toEqual(v2);
    expect(manifest(path.join(parent, 'dist-b'))).toEqual(v2);
    expect(await settledLeftovers(parent)).toEqual([]);
  });

  it('a build into dist leaves the temp folder and lock of a running build into dist-b alone', async () => {
    const parent = newParent();
    // A build into dist-b in the middle of writing: its (live) process, lock and temp folder.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      const temp = path.join(parent, `.dist-b-${other.pid}-${Date.now()}`);
      fs.mkdirSync(temp);
      fs.writeFileSync(path.join(temp, 'index.html'), 'half-written');
      fs.writeFileSync(path.join(parent, '.dist-b.lock'), String(other.pid));
      const r = await build(small, path.join(parent, 'dist'));
      expect(r.code, r.stderr).toBe(0);
      expect(fs.readFileSync(path.join(temp, 'index.html'), 'utf8')).toBe('half-written');
      expect(fs.readFileSync(path.join(parent, '.dist-b.lock'), 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('a build killed between the two renames of the swap: the next build puts the previous output back', async () => {
    const parent = newParent();
    const out = path.join(parent, 'dist');
    previousOutput(out);
    // The state commit() leaves when killed after `dist → .dist-<pid>-<time>-old`, before `temp → dist`.
    const pid = deadPid();
    fs.renameSync(out, path.join(parent, `.dist-${pid}-${Date.now()}-old`));
    fs.mkdirSync(path.join(parent, `.dist-${pid}-${Date.now()}`));
    fs.writeFileSync(path.join(parent, '.dist.lock'), String(pid));
    const broken = fixtureCopy({ 'docs/guide/index.md': '---\ntitle: Guide\n---\n[x](/nowhere)\n' });
    const failed = await build(broken, out);
    expect(failed.code).toBe(1);
    expect(manifest(out)).toEqual(v1);
    expect(leftovers(parent).filter((n) => n.endsWith('-old'))).toEqual([]);
    // The dead build's temp folder and lock go with the next build that gets to write.
    expect((await build(small, out)).code).toBe(0);
    expect(await settledLeftovers(parent)).toEqual([]);
  });

  it('an output folder that cannot be created (under a file, or whose parent is a file; read-only /sys) is one plain message', async () => {
    const targets = ['/dev/null/docs/dist', '/dev/null/dist'];
    try {
      fs.mkdirSync('/sys/docs-hardening-probe');
      fs.rmdirSync('/sys/docs-hardening-probe');
    } catch {
      targets.push('/sys/docs-hardening/dist'); // EPERM even for root
    }
    for (const out of targets) {
      const r = await build(small, out);
      expect(r.code, out).toBe(1);
      expect(r.stderr).toMatch(/✖ 1 problem found:\n\s+\/\S+: cannot write the output folder: E[A-Z]+/);
      expect(r.stderr).toContain('→ Check that the folder is writable, or choose another with --out.');
      expect(r.stderr).not.toMatch(/\n\s+at |run with --debug/);
    }
  });

  it('a write error in the middle of a build (file size limit: EFBIG) is a plain message; the old output survives', async () => {
    const parent = newParent();
    const out = path.join(parent, 'dist');
    previousOutput(out);
    // 64 KB per file: the client bundle's larger chunks cannot be written.
    const r = await build(big, out, 'ulimit -f 64');
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/problems? found:/);
    expect(r.stderr).toMatch(/file too large/);
    expect(r.stderr).not.toMatch(/\n\s+at |run with --debug/);
    expect(manifest(out)).toEqual(v1);
    expect(await settledLeftovers(parent)).toEqual([]);
  });
});

describe('docs build on an ordinary machine: few file descriptors', () => {
  // 128: half of macOS's default soft limit (256; Linux's is 1,024), so a build keeps a margin.
  // The engine's threads each load one bundled file (bin/engine-bundle.mjs), not hundreds of
  // modules that Node's loader opened concurrently on three threads at once.
  it('builds 400 pages (parsed on two threads, ~1,250 output files) under ulimit -n 128', async () => {
    const pages: Record<string, string> = {};
    // One title for all (one share card): the limit is about the files written, not the cards drawn.
    for (let i = 0; i < 400; i++) {
      pages[`docs/many/page-${i}.md`] =
        `---\ntitle: Many pages\ndescription: One of four hundred pages.\n---\n\n## Part ${i}\n\nProse with a [link](/many/page-${(i + 1) % 400}#part-${(i + 1) % 400}).\n\n\`\`\`bash\necho ${i}\n\`\`\`\n`;
    }
    const content = fixtureCopy(pages);
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-fds-')), 'dist');
    // The shell's soft limit is what the build process inherits, as from a terminal.
    const r = await build(content, out, 'ulimit -n 128');
    expect(r.stderr).not.toMatch(/EMFILE|too many open files/i);
    expect(r.code, r.stderr).toBe(0);
    const html = fs
      .readdirSync(path.join(out, 'many'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('index.html'));
    expect(html).toHaveLength(400);
    expect(fs.readFileSync(path.join(out, 'many/page-399/index.html'), 'utf8')).toContain('Prose with a');
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  });
});
