import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledDoc } from './compile-doc.ts';

/** Where builds keep compiled docs between runs (beside the SDK reference cache). */
export const DEFAULT_COMPILE_CACHE_DIR = path.join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules/.cache/docs-build');

const sha1 = (s: string | Buffer) => crypto.createHash('sha1').update(s).digest('hex');

/**
 * What every compiled doc depends on besides its source: the engine's own code (renderer/, and
 * the theme modules it imports: shared helpers and the search record shape), the installed
 * packages (the lockfile) and Node's version. A change in any of them starts a new cache file.
 */
const ENGINE_FOLDERS = ['renderer', 'theme/shared', 'theme/islands/search'];

function engineKey(): string {
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
 * Compiled docs kept between runs: in memory for `docs dev` (a save recompiles one doc), and on
 * disk between builds, so a rebuild compiles only what changed. An entry is used only when the
 * doc's source and the site it was compiled against (`siteKey`: routes, files, CLI data, URLs)
 * are the same. Docs with problems are never kept: their reports must come from a real run.
 */
export class CompileCache {
  private entries = new Map<string, Entry>();
  private dirty = false;
  hits = 0;
  misses = 0;

  private constructor(private readonly file?: string) {}

  /** A cache that lives as long as the process (tests, dev without a disk copy). */
  static inMemory(): CompileCache {
    return new CompileCache();
  }

  /** The on-disk cache of this content folder for this engine, read now; `save()` writes it back. */
  static open(contentDir: string, dir = DEFAULT_COMPILE_CACHE_DIR): CompileCache {
    const cache = new CompileCache(path.join(dir, sha1(path.resolve(contentDir)).slice(0, 12), `compiled-${engineKey()}.json`));
    try {
      const data = JSON.parse(fs.readFileSync(cache.file!, 'utf8')) as Record<string, Entry>;
      for (const [relPath, entry] of Object.entries(data)) cache.entries.set(relPath, entry);
    } catch {
      // Missing or unreadable: start empty; a corrupt file is overwritten by save().
    }
    return cache;
  }

  static key(source: string, siteKey: string): string {
    return sha1(`${siteKey}\n${source}`);
  }

  get(relPath: string, key: string): CompiledDoc | undefined {
    const entry = this.entries.get(relPath);
    if (entry?.key === key) {
      this.hits++;
      return entry.compiled;
    }
    this.misses++;
    return undefined;
  }

  set(relPath: string, key: string, compiled: CompiledDoc): void {
    if (compiled.problems.length) {
      if (this.entries.delete(relPath)) this.dirty = true;
      return;
    }
    this.entries.set(relPath, { key, compiled });
    this.dirty = true;
  }

  /** Keeps only the given docs (deleted pages leave the cache) and writes the file, atomically. */
  save(keep?: Set<string>): void {
    if (keep) {
      for (const relPath of this.entries.keys()) {
        if (!keep.has(relPath)) {
          this.entries.delete(relPath);
          this.dirty = true;
        }
      }
    }
    if (!this.file || !this.dirty) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      // Older engines' files are of no further use.
      for (const name of fs.readdirSync(path.dirname(this.file))) {
        if (name.startsWith('compiled-') && name !== path.basename(this.file)) fs.rmSync(path.join(path.dirname(this.file), name), { force: true });
      }
      const temp = `${this.file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, JSON.stringify(Object.fromEntries(this.entries)));
      fs.renameSync(temp, this.file);
      this.dirty = false;
    } catch {
      // A cache that cannot be written only makes the next build slower.
    }
  }
}

/** The part of the site every doc is compiled against; see CompileCache. */
export function siteKey(parts: { routes: string[]; pageRoutes: string[]; cli: unknown; baseUrl: string; recordSite: object; staticDir: string; docsDir: string }): string {
  const listing = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => !f.endsWith('.md')).sort().join('\n') : '');
  return sha1(JSON.stringify([parts.routes, parts.pageRoutes, parts.cli ?? null, parts.baseUrl, parts.recordSite, listing(parts.staticDir), listing(parts.docsDir)]));
}
