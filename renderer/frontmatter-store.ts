import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { Frontmatter } from './config/frontmatter.ts';
import { sha1 } from './hash.ts';
import { writeFileAtomic } from './write-atomic.ts';

/** A doc's frontmatter as validated, and where its body starts in the source. */
export interface KnownFrontmatter {
  frontmatter: Frontmatter;
  /** Offset of the body in the source (the body is the source from there on). */
  bodyStart: number;
  bodyLine: number;
}

/**
 * Validated frontmatter kept between builds beside the compile cache, by the hash of the doc's
 * whole source: an edited doc is parsed and validated again, and the file's name carries the
 * engine's key (which covers the schema). Parsing YAML and checking it against the schema cost a
 * warm rebuild of 323 docs ~0.1 s; one JSON file costs a few ms. Only values JSON keeps as they
 * are (no dates, no undefined) are kept, and docs with problems never, so those are reported
 * by a real run every time.
 */
export class FrontmatterStore {
  private readonly next = new Map<string, KnownFrontmatter>();
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly previous: Map<string, KnownFrontmatter>,
  ) {}

  static open(file: string): FrontmatterStore {
    let previous = new Map<string, KnownFrontmatter>();
    try {
      const read = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (read && typeof read === 'object') previous = new Map(Object.entries(read));
    } catch {
      // No store yet, or an unreadable one: every doc is parsed.
    }
    return new FrontmatterStore(file, previous);
  }

  get(source: string): { frontmatter: Frontmatter; body: string; bodyLine: number } | undefined {
    const hash = sha1(source);
    const known = this.previous.get(hash) ?? this.next.get(hash);
    if (!known || typeof known.bodyStart !== 'number' || known.bodyStart > source.length) return undefined;
    this.next.set(hash, known);
    // A fresh copy: callers own what they get, as they do after a parse.
    return {
      frontmatter: structuredClone(known.frontmatter),
      body: source.slice(known.bodyStart),
      bodyLine: known.bodyLine,
    };
  }

  set(source: string, frontmatter: Frontmatter, body: string, bodyLine: number): void {
    if (!source.endsWith(body) || !isDeepStrictEqual(JSON.parse(JSON.stringify(frontmatter)), frontmatter)) return;
    this.next.set(sha1(source), { frontmatter, bodyStart: source.length - body.length, bodyLine });
    this.changed = true;
  }

  /** Writes what this run used, when it differs from what was read. Never throws. */
  save(): void {
    if (!this.changed && this.next.size === this.previous.size) return;
    try {
      writeFileAtomic(this.file, JSON.stringify(Object.fromEntries(this.next)));
    } catch {
      // A store that cannot be written only makes the next build slower.
    }
  }
}
