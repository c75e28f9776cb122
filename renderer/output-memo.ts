import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sha1 } from './hash.ts';
import { writeFileAtomic } from './write-atomic.ts';
import { BuildError } from './errors.ts';

/**
 * Output files a build takes from the previous build of the same folder instead of making them
 * again: a file whose key (a hash of everything it is made from) is the one it was written
 * under last time is taken from the previous output. A rebuild after a small change then
 * renders, indexes and writes only what the change touches.
 *
 * Taking happens once the build's own files are written (`place`): a folder of the previous
 * output that holds exactly files being taken, and that the new output has no folder for yet,
 * is moved into it whole when the output is swapped in (renderer/output.ts `commit`); other
 * files are hard-linked. A warm rebuild otherwise makes every folder of the site anew, and
 * those mkdirs were its largest single cost.
 *
 * What it trusts, and checks: the previous output folder holds what the last build wrote there
 * (each file's size and mtime are recorded and compared, so a file edited or replaced since is
 * made again; a folder is moved only if it holds nothing else), and a key covers all of a
 * file's inputs (the callers' business; `memoBase` gives them the engine's and the theme's
 * code). The record lives beside the compile cache, one per output folder; a build that fails
 * writes none, and `--no-cache` neither reads nor writes it.
 */
export class OutputMemo {
  private readonly next: Manifest = { entries: {}, groups: {} };
  private readonly madeDirs = new Set<string>();
  /** Files to take from the previous output (path → size and mtime there), placed by `place`. */
  private readonly taken = new Map<string, Stat>();
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
   * Takes `relPaths` (`/`-separated) from the previous output when they were all written under
   * `key` and are unchanged there; records them under `key` either way (the caller writes those
   * not reused, and must not write those reused).
   */
  reuse(relPaths: string[], key: string): boolean {
    const ok = relPaths.every((rel) => this.previous.entries[rel]?.[0] === key) && this.takeAll(relPaths);
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
    if (!this.takeAll(group.files)) return undefined;
    this.recordGroup(name, key, group.files, group.meta);
    this.reused += group.files.length;
    return group.meta as T;
  }

  recordGroup(name: string, key: string, files: string[], meta: unknown): void {
    this.next.groups[name] = { key, files, meta };
    for (const rel of files) this.next.entries[rel] = [key, 0, 0];
  }

  /**
   * Puts the taken files into the new output, once every file the build writes itself is there:
   * `written` lists those (path → size and mtime; the taken ones are added). Links what lies in
   * folders the new output already has and returns the folders to move whole at the swap (none
   * when `move` is false: code that reads the finished folder runs before the swap).
   * Throws when the previous output lost a file since `reuse` looked at it.
   */
  place(written: Map<string, Stat>, opts: { move: boolean }): string[] {
    // The folders the new output has: those holding what the build wrote.
    const made = new Set<string>(['']);
    for (const rel of written.keys()) for (let d = parentOf(rel); !made.has(d); d = parentOf(d)) made.add(d);
    const moves: string[] = [];
    const under = new Map<string, string[]>(); // a folder the new output lacks → taken files in it
    for (const [rel, stat] of this.taken) {
      if (written.has(rel)) continue; // written by this build after all: its own file stays
      written.set(rel, stat);
      let top: string | undefined; // the outermost folder above `rel` that the new output lacks
      for (let d = parentOf(rel); !made.has(d); d = parentOf(d)) top = d;
      if (top === undefined || !opts.move) this.link(rel);
      else listIn(under, top).push(rel);
    }
    for (const [dir, rels] of under) this.placeFolder(dir, rels, moves);
    return moves;
  }

  /** Moves `dir` whole when the previous output's holds exactly `rels`; else makes it and tries its subfolders. */
  private placeFolder(dir: string, rels: string[], moves: string[]): void {
    if (this.holdsExactly(dir, rels)) {
      moves.push(dir);
      return;
    }
    this.makeDir(path.join(this.tempDir, dir));
    const sub = new Map<string, string[]>();
    for (const rel of rels) {
      const slash = rel.indexOf('/', dir.length + 1);
      if (slash < 0) this.link(rel);
      else {
        listIn(sub, rel.slice(0, slash)).push(rel);
      }
    }
    for (const [child, childRels] of sub) this.placeFolder(child, childRels, moves);
  }

  /** Whether folder `dir` of the previous output holds `rels` (paths from the output's root) and nothing else. */
  private holdsExactly(dir: string, rels: string[]): boolean {
    const files = new Set(rels);
    const dirs = new Set<string>();
    for (const rel of rels) for (let d = parentOf(rel); d !== dir && !dirs.has(d); d = parentOf(d)) dirs.add(d);
    let seen = 0;
    try {
      for (const e of fs.readdirSync(path.join(this.outDir, dir), { withFileTypes: true, recursive: true })) {
        const rel = path.relative(this.outDir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
        if (e.isFile() && files.has(rel)) seen++;
        else if (!(e.isDirectory() && dirs.has(rel))) return false;
      }
    } catch {
      return false;
    }
    return seen === files.size;
  }

  /**
   * Writes the record of the output now in `outDir` (call after the swap): each recorded file's
   * size and mtime as they are there. Never throws: without a record the next build makes all.
   * `files`: those sizes and mtimes, taken by the caller from the folder before it was swapped in
   * (a rename changes neither), so no file is looked at twice.
   */
  save(files?: ReadonlyMap<string, Stat>): void {
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

  /** All of `rels` or none, when each is in the previous output as the last build left it. */
  private takeAll(rels: string[]): boolean {
    const stats: Stat[] = [];
    for (const rel of rels) {
      const was = this.previous.entries[rel];
      const stat = statOf(path.join(this.outDir, rel));
      if (!was || !stat || stat[0] !== was[1] || stat[1] !== was[2]) return false;
      stats.push(stat);
    }
    rels.forEach((rel, i) => this.taken.set(rel, stats[i]!));
    return true;
  }

  /**
   * Makes `dir` and any missing parent, each once. A plain mkdir, its parent's only on ENOENT:
   * Node's recursive mkdir costs about three times as much.
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

  private link(rel: string): void {
    const from = path.join(this.outDir, rel);
    const to = path.join(this.tempDir, rel);
    try {
      this.makeDir(path.dirname(to));
      try {
        fs.linkSync(from, to);
      } catch {
        fs.copyFileSync(from, to); // a file system without hard links
        const { atime, mtime } = fs.statSync(from);
        fs.utimesSync(to, atime, mtime);
      }
    } catch (error: any) {
      throw new BuildError([
        {
          file: from,
          message: `this file of the last build changed during the build (${error?.code ?? error})`,
          hint: 'Build again; leave the output folder alone while a build runs.',
        },
      ]);
    }
  }
}

type Stat = [size: number, mtimeMs: number];

/** `a/b/c.html` → `a/b`; `a` → `` (the output's root). */
function parentOf(rel: string): string {
  const slash = rel.lastIndexOf('/');
  return slash < 0 ? '' : rel.slice(0, slash);
}

interface Manifest {
  /** Output path → [key, size, mtime in ms]. */
  entries: Record<string, [key: string, size: number, mtimeMs: number]>;
  groups: Record<string, { key: string; files: string[]; meta: unknown }>;
}

function statOf(file: string): Stat | undefined {
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

/** The list under `key`, made empty on first use (a copy per added file would be quadratic in a folder's files). */
function listIn(map: Map<string, string[]>, key: string): string[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}
