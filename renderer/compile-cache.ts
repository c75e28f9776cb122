import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { sha1 } from './hash.ts';
import { PROJECT_CACHE_DIR } from './cache-home.ts';
import type { CompiledDoc } from './compile-doc.ts';
import { FrontmatterStore } from './frontmatter-store.ts';
import { BuildError } from './errors.ts';
import { mkdir, rename, writeFile } from './fs-callbacks.ts';

/** Where builds keep compiled docs between runs: this clone's, in the project's cache folder. */
export const DEFAULT_COMPILE_CACHE_DIR = path.join(PROJECT_CACHE_DIR, 'docs-build');

/**
 * What every compiled doc depends on besides its source: the engine's own code (renderer/, and
 * the theme modules it imports: shared helpers and the search record shape), the installed
 * packages (the lockfile) and Node's version. A change in any of them starts a new cache file.
 */
const ENGINE_FOLDERS = ['renderer', 'theme/shared'];

let key: string | undefined;

/** Computed once per process: the compile cache and the worker script both ask (engine code changes need a restart anyway). */
export function engineKey(): string {
  return (key ??= computeEngineKey());
}

function computeEngineKey(): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const hash = crypto.createHash('sha1').update(process.version);
  const files = ENGINE_FOLDERS.flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f))
      .sort()
      .map((f) => path.join(root, dir, f)),
  );
  for (const file of [...files, path.join(root, 'package-lock.json')]) {
    hash.update(file);
    if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

interface Entry {
  key: string;
  compiled: CompiledDoc;
}

/**
 * A doc's file holds two JSON lines: the head (its key, the hash of its HTML and all but the
 * HTML and the search records) and the body (its key again, the HTML and the records). A build
 * reads the heads, about a sixth of the bytes; the body only when the page or the search index
 * is made again, which a warm rebuild rarely does.
 */
interface Head {
  key: string;
  htmlHash: string;
  compiled: Omit<CompiledDoc, 'html' | 'records'>;
}
interface Body {
  key: string;
  html: string;
  records: CompiledDoc['records'];
}

/** The parts of a doc from the cache that stay in its file until asked for (see Head). */
const unread = new WeakMap<CompiledDoc, { htmlHash: string; records: () => CompiledDoc['records'] }>();

/**
 * For a doc `CompileCache.get` returned without reading its HTML and records: the HTML's hash and
 * a function that reads the records then. Undefined for any other doc (compiled, or from memory).
 */
export function unreadParts(doc: CompiledDoc) {
  return unread.get(doc);
}

/**
 * Compiled docs kept between runs, one file per doc, so a rebuild compiles only what changed and
 * a build never holds more than the doc at hand: a site of any size reads and writes them one
 * by one. `docs dev` also keeps them in memory (`memory: true`): every save re-reads the site,
 * and reading every file again would cost more than the one doc it recompiles. An entry is used
 * only when the doc's source and the site it was compiled against (`siteKey`: routes, files,
 * the plugins' key, URLs) are the same. Docs with problems are never kept: their reports must come from
 * a real run.
 */
export class CompileCache {
  private readonly memory?: Map<string, Entry>;
  private readonly writes = new Set<Promise<void>>();
  private readonly limit = pLimit(8);
  hits = 0;
  misses = 0;

  private constructor(
    private readonly dir: string,
    options: { memory?: boolean },
  ) {
    if (options.memory) this.memory = new Map();
  }

  /** The cache of this content folder for this engine; `save()` drops what is no longer used. */
  static open(contentDir: string, dir = DEFAULT_COMPILE_CACHE_DIR, options: { memory?: boolean } = {}): CompileCache {
    return new CompileCache(
      path.join(dir, sha1(path.resolve(contentDir)).slice(0, 12), `compiled-${engineKey()}`),
      options,
    );
  }

  /** Whether docs of this site were kept by an earlier build of this engine (a rebuild is likely warm). */
  holdsDocs(): boolean {
    try {
      return fs.readdirSync(this.dir).some((name) => name.endsWith('.jsonl'));
    } catch {
      return false;
    }
  }

  /** Validated frontmatter of this site's docs, kept beside them for this engine (renderer/frontmatter-store.ts). */
  frontmatterStore(): FrontmatterStore {
    return FrontmatterStore.open(this.frontmatterFile());
  }

  private frontmatterFile(): string {
    return `${this.dir}.frontmatter.json`;
  }

  static key(source: string, siteKey: string): string {
    return sha1(`${siteKey}\n${source}`);
  }

  private fileOf(relPath: string): string {
    return path.join(this.dir, `${sha1(relPath).slice(0, 20)}.jsonl`);
  }

  get(relPath: string, key: string): CompiledDoc | undefined {
    const file = this.fileOf(relPath);
    let entry = this.memory?.get(relPath);
    if (!entry && this.memory) {
      // `docs dev` keeps whole docs: the body is read at once.
      try {
        const text = fs.readFileSync(file, 'utf8');
        const newline = text.indexOf('\n');
        const head = JSON.parse(text.slice(0, newline)) as Head;
        const body = JSON.parse(text.slice(newline + 1)) as Body;
        if (head?.compiled?.relPath === relPath && body?.key === head.key)
          this.memory.set(
            relPath,
            (entry = { key: head.key, compiled: { ...head.compiled, html: body.html, records: body.records } }),
          );
      } catch {
        // Missing, unreadable or corrupt: compiled again, and the file is overwritten.
      }
    }
    if (this.memory) {
      if (entry?.key === key) {
        this.hits++;
        return entry.compiled;
      }
      this.misses++;
      return undefined;
    }
    const head = readHead(file);
    if (head?.compiled?.relPath !== relPath || head.key !== key) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    const body = () => readBody(file, key, relPath);
    const doc = { ...head.compiled } as CompiledDoc;
    Object.defineProperties(doc, {
      html: { get: () => body().html, enumerable: true },
      records: { get: () => body().records, enumerable: true },
    });
    unread.set(doc, { htmlHash: head.htmlHash, records: () => body().records });
    return doc;
  }

  /** The cache folder, made by the first write rather than by each (a cold build writes every doc). */
  private folderMade?: Promise<unknown>;

  set(relPath: string, key: string, compiled: CompiledDoc): void {
    const file = this.fileOf(relPath);
    if (compiled.problems.length) {
      this.memory?.delete(relPath);
      fs.rmSync(file, { force: true });
      return;
    }
    this.memory?.set(relPath, { key, compiled });
    const { html, records, ...rest } = compiled;
    const json = `${JSON.stringify({ key, htmlHash: sha1(html), compiled: rest } satisfies Head)}\n${JSON.stringify({ key, html, records } satisfies Body)}`;
    const write = this.limit(async () => {
      await (this.folderMade ??= mkdir(this.dir, { recursive: true }));
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, json);
      await rename(temp, file);
    }).catch(() => {
      // A cache that cannot be written only makes the next build slower. The next write makes
      // the folder again, should it have been deleted meanwhile (a dev session outlives builds).
      this.folderMade = undefined;
    });
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
  }

  /** Waits for the writes, drops the files of docs not in `keep` (deleted pages) and older engines' caches. */
  async save(keep?: Set<string>): Promise<void> {
    while (this.writes.size) await Promise.all([...this.writes]);
    try {
      if (keep) {
        const wanted = new Set([...keep].map((relPath) => path.basename(this.fileOf(relPath))));
        for (const name of fs.existsSync(this.dir) ? fs.readdirSync(this.dir) : [])
          if (!wanted.has(name)) fs.rmSync(path.join(this.dir, name), { force: true });
        for (const relPath of this.memory?.keys() ?? []) if (!keep.has(relPath)) this.memory!.delete(relPath);
      }
      const parent = path.dirname(this.dir);
      for (const name of fs.existsSync(parent) ? fs.readdirSync(parent) : []) {
        if (
          name.startsWith('compiled-') &&
          name !== path.basename(this.dir) &&
          name !== path.basename(this.frontmatterFile())
        )
          fs.rmSync(path.join(parent, name), { recursive: true, force: true });
      }
    } catch {
      // Only housekeeping.
    }
  }
}

/** The head line of a doc's file (JSON never holds a raw newline), or undefined. */
function readHead(file: string): Head | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined; // not cached
  }
  try {
    let buffer = headBuffer;
    let length = 0;
    for (;;) {
      if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(buffer.length)]);
      const read = fs.readSync(fd, buffer, length, buffer.length - length, length);
      const newline = buffer.subarray(length, length + read).indexOf(10);
      if (newline >= 0) return JSON.parse(buffer.toString('utf8', 0, length + newline)) as Head;
      if (read === 0) return undefined; // not this format
      length += read;
    }
  } catch {
    return undefined; // unreadable or corrupt: compiled again, and the file is overwritten
  } finally {
    fs.closeSync(fd);
  }
}
// Most heads fit: one buffer for every read.
const headBuffer = Buffer.allocUnsafe(64 * 1024);

/**
 * The body of a doc's file, which must still be the one its head was read with: another build
 * of the same content may have replaced it since, with other content only if the docs changed.
 */
function readBody(file: string, key: string, relPath: string): Body {
  let body: Body | undefined;
  try {
    const text = fs.readFileSync(file, 'utf8');
    body = JSON.parse(text.slice(text.indexOf('\n') + 1)) as Body;
  } catch {
    // reported below
  }
  if (body?.key !== key)
    throw new BuildError([
      {
        file,
        message: `the compiled copy of ${relPath} in the compile cache changed or went during this build`,
        hint: 'Build again; another build of the same content changed it.',
      },
    ]);
  return body;
}

/** The part of the site every doc is compiled against; see CompileCache. */
export function siteKey(parts: {
  routes: string[];
  pageRoutes: string[];
  pluginsKey: string;
  baseUrl: string;
  recordSite: object;
  staticDir: string;
  docsDir: string;
}): string {
  const listing = (dir: string) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((f) => !f.endsWith('.md'))
          .sort()
          .join('\n')
      : '';
  return sha1(
    JSON.stringify([
      parts.routes,
      parts.pageRoutes,
      parts.pluginsKey,
      parts.baseUrl,
      parts.recordSite,
      listing(parts.staticDir),
      listing(parts.docsDir),
    ]),
  );
}
