import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import { BuildError } from './errors.ts';
import { mkdir, writeFile } from './fs-callbacks.ts';

/**
 * Output is written to a fresh sibling folder and swapped in at the end, so a failed or killed
 * build leaves the previous output whole. A lock file refuses a second concurrent build.
 */
export function prepareOutput(outDir: string) {
  const parent = path.dirname(path.resolve(outDir));
  const base = path.basename(outDir);
  try {
    fs.mkdirSync(parent, { recursive: true });
  } catch (error) {
    throw writeError(parent, error);
  }
  const lock = path.join(parent, `.${base}.lock`);
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch (error: any) {
    if (error.code !== 'EEXIST') throw writeError(parent, error);
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (pid && isAlive(pid)) {
      throw new BuildError([
        {
          file: outDir,
          message: `another build (pid ${pid}) is writing this folder`,
          hint: `Wait for it to finish, or delete ${lock} if it is stale.`,
        },
      ]);
    }
    fs.writeFileSync(lock, String(process.pid));
  }
  const temp = path.join(parent, `.${base}-${process.pid}-${Date.now()}`);
  try {
    fs.mkdirSync(temp);
  } catch (error) {
    fs.rmSync(lock, { force: true });
    throw writeError(parent, error);
  }
  // Leftovers of killed builds are removed so they never pile up. A replaced output (`-old`) may
  // still be being deleted by the build that replaced it: deleting it here instead cost a rebuild
  // started right after another more than a second, so it goes on in the background.
  restoreInterruptedSwap(outDir);
  for (const e of deadLeftovers(outDir, temp)) {
    if (e.m![3]) removeInBackground(e.path);
    else fs.rmSync(e.path, { recursive: true, force: true });
  }
  return {
    dir: temp,
    /**
     * Swaps the new output in. `moves`: folders of the previous output (paths relative to it) to
     * move into the new one first (renderer/output-memo.ts `place`); a journal beside them lets
     * the next build put them back should this process die before the swap (undoMoves).
     */
    commit(moves: readonly string[] = []) {
      const old = `${temp}-old`;
      const hadOutput = fs.existsSync(outDir);
      const journal = `${temp}${JOURNAL}`;
      if (hadOutput && moves.length) moveFolders(outDir, temp, moves, journal);
      if (hadOutput) fs.renameSync(outDir, old);
      fs.renameSync(temp, outDir);
      fs.rmSync(journal, { force: true });
      fs.rmSync(lock, { force: true });
      // Deleting 40,000 files of a large site's previous output takes seconds: a detached
      // process does it after the build has returned. Should it not finish, the next build
      // removes the leftover like any other (deadLeftovers).
      if (hadOutput) removeInBackground(old);
    },
    /** `exiting`: the process is about to exit (an interrupt), see removeAfterExit. */
    abort(opts: { exiting?: boolean } = {}) {
      fs.rmSync(temp, { recursive: true, force: true });
      fs.rmSync(lock, { force: true });
      if (opts.exiting) removeAfterExit(temp);
    },
  };
}

/** An output folder taken by prepareOutput: its temp dir, commit() and abort(). */
export type PreparedOutput = ReturnType<typeof prepareOutput>;

/** `.<base>-<pid>-<time>[-old]` names in the output's parent, whose build is no longer running. */
function deadLeftovers(outDir: string, except?: string) {
  const parent = path.dirname(path.resolve(outDir));
  const base = path.basename(outDir);
  // Only names prepareOutput makes count: `.dist-b.lock` or `.dist-b-…` belong to a build of dist-b.
  const leftover = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+)-(\\d+)(-old)?$`);
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return []; // no folder there (or a file): prepareOutput reports it when it tries to write
  }
  return names
    .map((name) => ({ name, path: path.join(parent, name), m: leftover.exec(name) }))
    .filter((e) => e.m && e.path !== except && !isAlive(Number(e.m[1])))
    .sort((a, b) => Number(b.m![2]) - Number(a.m![2]));
}

/**
 * A build killed between the two renames of commit() leaves no output folder, only its `-old`
 * copy of the previous one: put it back. Called before a build, so even a build that then fails
 * leaves the previous output in place.
 */
export function restoreInterruptedSwap(outDir: string): void {
  for (const journal of deadJournals(outDir)) undoMoves(outDir, journal);
  const previous = deadLeftovers(outDir).find((e) => e.m![3]);
  if (previous && !fs.existsSync(outDir)) fs.renameSync(previous.path, outDir);
}

/** Beside the temp folder `.<base>-<pid>-<time>`: the folders its commit moves out of the previous output. */
const JOURNAL = '.moves';

/**
 * Moves each folder `moves` names from `from` into `to`, after writing their list to `journal`.
 * All or none: on a failed rename the moved ones go back and the error is thrown.
 */
function moveFolders(from: string, to: string, moves: readonly string[], journal: string): void {
  // Written whole before the first move: a journal cut short by a kill means nothing moved yet.
  fs.writeFileSync(journal, JSON.stringify(moves));
  const done: string[] = [];
  try {
    for (const rel of moves) {
      fs.renameSync(path.join(from, rel), path.join(to, rel));
      done.push(rel);
    }
  } catch (error) {
    for (const rel of done.reverse()) fs.renameSync(path.join(to, rel), path.join(from, rel));
    fs.rmSync(journal, { force: true });
    throw writeError(from, error);
  }
}

/** Journals (`.<base>-<pid>-<time>.moves`) of builds of `outDir` that are no longer running. */
function deadJournals(outDir: string): string[] {
  const parent = path.dirname(path.resolve(outDir));
  const base = path.basename(outDir);
  const journal = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+)-(\\d+)\\.moves$`);
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return [];
  }
  return names
    .filter((name) => {
      const m = journal.exec(name);
      return m && !isAlive(Number(m[1]));
    })
    .map((name) => path.join(parent, name));
}

/**
 * A build killed while its commit moved folders out of the previous output: while its temp
 * folder still exists (the swap did not happen), the folders it lists go back to the previous
 * output (`outDir`, or its `-old` name when the first rename of the swap happened).
 */
function undoMoves(outDir: string, journal: string): void {
  const temp = journal.slice(0, -JOURNAL.length);
  if (fs.existsSync(temp)) {
    let moves: string[] = [];
    try {
      moves = JSON.parse(fs.readFileSync(journal, 'utf8'));
    } catch {
      // Cut short while written: nothing was moved yet.
    }
    const previous = fs.existsSync(outDir) ? outDir : `${temp}-old`;
    for (const rel of moves) {
      const from = path.join(temp, rel);
      const to = path.join(previous, rel);
      if (fs.existsSync(from) && !fs.existsSync(to)) fs.renameSync(from, to);
    }
  }
  fs.rmSync(journal, { force: true });
}

function removeInBackground(dir: string): void {
  try {
    const rm = spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' });
    rm.on('error', () => fs.rmSync(dir, { recursive: true, force: true }));
    rm.unref();
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Removes `dir` again once this process has exited. On an interrupt, writes already under way on
 * other threads (libuv's, the share-card thread's, which make their folders with mkdir -p) can
 * make the folder again between its removal and the exit; after the exit nothing can.
 */
function removeAfterExit(dir: string): void {
  try {
    const script = 'while kill -0 "$1" 2>/dev/null; do sleep 0.05; done; rm -rf "$2"';
    spawn('sh', ['-c', script, 'sh', String(process.pid), dir], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    // No shell: the next build into this folder removes the leftover (deadLeftovers).
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function writeError(dir: string, error: any): BuildError {
  return new BuildError([
    {
      file: dir,
      message: `cannot write the output folder: ${error?.code ?? ''} ${error?.message ?? error}`.trim(),
      hint: 'Check that the folder is writable, or choose another with --out.',
    },
  ]);
}

/**
 * Files a build keeps open at once. macOS terminals default to 256 descriptors and Linux to
 * 1,024; Node, esbuild and the worker need some of their own, so writes stay well below both.
 */
export const MAX_OPEN_FILES = 24;
/** Writes queued beyond the open ones before `write()` makes its caller wait (memory bound). */
const MAX_QUEUED = 256;

/**
 * Writes the many files of a build into `dir` (paths relative to it): at most MAX_OPEN_FILES
 * writes run at a time on libuv's thread pool while this thread renders the next page.
 * `write()` resolves at once unless MAX_QUEUED writes are waiting; a caller that awaits it
 * holds no more than that many files' contents in memory.
 * `flush()` waits for all of them and throws the first write error.
 */
export function createWriter(root: string) {
  // Each folder is made once, off this thread (a page is a folder: 1,000 synchronous mkdirs
  // cost this thread ~1 s); its files wait for it.
  const folders = new Map<string, Promise<unknown>>();
  const limit = pLimit(MAX_OPEN_FILES);
  const pending = new Set<Promise<void>>();
  // Callers waiting for the queue to shrink, released one per finished write.
  const waiting: (() => void)[] = [];
  let failure: BuildError | undefined;
  return {
    write(relPath: string, content: string | Buffer): Promise<void> {
      const file = path.join(root, relPath);
      const dir = path.dirname(file);
      let folder = folders.get(dir);
      if (!folder) {
        folders.set(dir, (folder = mkdir(dir, { recursive: true })));
        folder.catch(() => {}); // a failure is reported by the writes that wait for it
      }
      const done = limit(async () => {
        await folder;
        await writeFile(file, content);
      })
        .catch((error) => void (failure ??= writeError(file, error)))
        .finally(() => {
          pending.delete(done);
          waiting.shift()?.();
        });
      pending.add(done);
      return limit.pendingCount >= MAX_QUEUED ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve();
    },
    async flush(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
      if (failure) throw failure;
    },
  };
}

/**
 * One output file written piece by piece (records.json, llms-full.txt at 10,000 pages are tens
 * of MB): one descriptor, pieces gathered into 1 MB writes, so the whole never sits in memory.
 */
export function openSerialFile(root: string, relPath: string) {
  const file = path.join(root, relPath);
  let fd: number;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fd = fs.openSync(file, 'w');
  } catch (error) {
    throw writeError(file, error);
  }
  let parts: string[] = [];
  let size = 0;
  const flush = () => {
    if (!parts.length) return;
    fs.writeSync(fd, parts.join(''));
    parts = [];
    size = 0;
  };
  return {
    write(chunk: string): void {
      parts.push(chunk);
      size += chunk.length;
      if (size >= 1 << 20) flush();
    },
    close(): void {
      try {
        flush();
      } finally {
        fs.closeSync(fd);
      }
    },
  };
}
