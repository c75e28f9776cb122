import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sha1 } from './hash.ts';
import { writeFileAtomic } from './write-atomic.ts';

/**
 * Output files a build takes from the previous build of the same folder instead of making them
 * again: a file whose key (a hash of everything it is made from) is the one it was written
 * under last time is hard-linked from the previous output into the new one. A rebuild after a
 * small change then renders, indexes and writes only what the change touches.
 *
 * What it trusts, and checks: the previous output folder holds what the last build wrote there
 * (each file's size and mtime are recorded and compared, so a file edited or replaced since is
 * made again), and a key covers all of a file's inputs (the callers' business; `memoBase` gives
 * them the engine's and the theme's code). The record lives beside the compile cache, one per
 * output folder; a build that fails writes none, and `--no-cache` neither reads nor writes it.
 */
export class OutputMemo {
  private readonly next: Manifest = { entries: {}, groups: {} };
  private readonly madeDirs = new Set<string>();
  reused = 0;

  private constructor(
    private readonly file: string,
    private readonly previous: Manifest,
    private readonly outDir: string,
    private readonly tempDir: string,
  ) {}

  /** The memo of output folder `outDir`, being rebuilt into `tempDir`. */
  static open(cacheDir: string, outDir: string, tempDir: string): OutputMemo {
    const file = path.join(cacheDir, 'outputs', `${sha1(path.resolve(outDir)).slice(0, 16)}.json`);
    let previous: Manifest = { entries: {}, groups: {} };
    try {
      const read = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
      if (read && typeof read.entries === 'object' && typeof read.groups === 'object') previous = read;
    } catch {
      // No record (a first build) or an unreadable one: everything is made.
    }
    return new OutputMemo(file, previous, path.resolve(outDir), tempDir);
  }

  /**
   * Links `relPaths` from the previous output when they were all written under `key` and are
   * unchanged there; records them under `key` either way (the caller writes those not reused).
   */
  reuse(relPaths: string[], key: string): boolean {
    const ok = relPaths.every((rel) => this.previous.entries[rel]?.[0] === key) && this.linkAll(relPaths);
    for (const rel of relPaths) this.next.entries[rel] = [key, 0, 0];
    if (ok) this.reused += relPaths.length;
    return ok;
  }

  /**
   * A set of files made together (the search index): reused whole when `key` matches, with the
   * `meta` stored beside it (counts a log line prints). Returns that meta, or undefined.
   */
  reuseGroup<T>(name: string, key: string): T | undefined {
    const group = this.previous.groups[name];
    if (!group || group.key !== key || !group.files.every((rel) => this.previous.entries[rel]?.[0] === key))
      return undefined;
    if (!this.linkAll(group.files)) return undefined;
    this.recordGroup(name, key, group.files, group.meta);
    this.reused += group.files.length;
    return group.meta as T;
  }

  recordGroup(name: string, key: string, files: string[], meta: unknown): void {
    this.next.groups[name] = { key, files, meta };
    for (const rel of files) this.next.entries[rel] = [key, 0, 0];
  }

  /**
   * Writes the record of the output now in `outDir` (call after the swap): each recorded file's
   * size and mtime as they are there. Never throws: without a record the next build makes all.
   * `files`: those sizes and mtimes, taken by the caller from the folder before it was swapped in
   * (a rename changes neither), so no file is looked at twice.
   */
  save(files?: ReadonlyMap<string, [size: number, mtimeMs: number]>): void {
    try {
      for (const [rel, entry] of Object.entries(this.next.entries)) {
        const stat = files ? files.get(rel) : statOf(path.join(this.outDir, rel));
        if (stat) [entry[1], entry[2]] = stat;
        else delete this.next.entries[rel];
      }
      writeFileAtomic(this.file, JSON.stringify(this.next));
    } catch {
      // see above
    }
  }

  /** Forgets the record (a build whose output is not what the record would say). */
  discard(): void {
    fs.rmSync(this.file, { force: true });
  }

  /**
   * All of `rels` or none: a file the caller then writes must not be a link, since writing it
   * would write into the previous output's file too.
   */
  private linkAll(rels: string[]): boolean {
    const unchanged = (rel: string) => {
      const was = this.previous.entries[rel];
      const stat = statOf(path.join(this.outDir, rel));
      return !!was && !!stat && stat[0] === was[1] && stat[1] === was[2];
    };
    if (!rels.every(unchanged)) return false;
    const done: string[] = [];
    for (const rel of rels) {
      if (this.link(rel)) done.push(rel);
      else {
        for (const d of done) fs.rmSync(path.join(this.tempDir, d), { force: true });
        return false;
      }
    }
    return true;
  }

  /**
   * Makes `dir` and any missing parent, each once. A plain mkdir, its parent's only on ENOENT:
   * a warm rebuild makes a folder per page, and Node's recursive mkdir costs about three times as much.
   */
  private makeDir(dir: string): void {
    if (this.madeDirs.has(dir)) return;
    try {
      fs.mkdirSync(dir);
    } catch (error: any) {
      if (error?.code === 'ENOENT' && path.dirname(dir) !== dir) {
        this.makeDir(path.dirname(dir));
        fs.mkdirSync(dir);
      } else if (error?.code !== 'EEXIST') throw error;
    }
    this.madeDirs.add(dir);
  }

  private link(rel: string): boolean {
    const from = path.join(this.outDir, rel);
    const to = path.join(this.tempDir, rel);
    const dir = path.dirname(to);
    try {
      this.makeDir(dir);
      try {
        fs.linkSync(from, to);
      } catch {
        fs.copyFileSync(from, to); // a file system without hard links
        const { atime, mtime } = fs.statSync(from);
        fs.utimesSync(to, atime, mtime);
      }
      return true;
    } catch {
      return false;
    }
  }
}

interface Manifest {
  /** Output path → [key, size, mtime in ms]. */
  entries: Record<string, [key: string, size: number, mtimeMs: number]>;
  groups: Record<string, { key: string; files: string[]; meta: unknown }>;
}

function statOf(file: string): [size: number, mtimeMs: number] | undefined {
  try {
    const s = fs.statSync(file);
    return s.isFile() ? [s.size, s.mtimeMs] : undefined;
  } catch {
    return undefined;
  }
}

let theme: string | undefined;

/**
 * What every output file depends on besides the site's data: the engine's code (which the
 * compile cache's key already covers) and the theme's React components and styles, which
 * render every page on this side.
 */
export function codeKey(root: string, engineKey: string): string {
  if (theme === undefined) {
    const dir = path.join(root, 'theme');
    const hash = crypto.createHash('sha1');
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((f) => /\.(ts|tsx|css|mjs|js|json)$/.test(f))
          .sort()
      : [];
    for (const f of files) hash.update(f).update(fs.readFileSync(path.join(dir, f)));
    theme = hash.digest('hex');
  }
  return sha1(engineKey, theme);
}
