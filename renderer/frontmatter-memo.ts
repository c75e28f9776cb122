/** A doc's frontmatter as gray-matter read it, before validation. */
export interface ParsedFrontmatter {
  data: unknown;
  body: string;
  bodyLine: number;
}

/**
 * Frontmatter parsed in the last two loads of a site, by source text: `docs dev` re-reads every
 * doc on each save, and most are unchanged. Only the current load's sources are carried into
 * the next, so a long session never piles up old versions. A build reads once and needs none.
 */
export class FrontmatterMemo {
  private previousRun = new Map<string, ParsedFrontmatter>();
  private thisRun = new Map<string, ParsedFrontmatter>();

  /** Called once per route resolution: what the last load did not see again is dropped here. */
  startRun(): void {
    this.previousRun = this.thisRun;
    this.thisRun = new Map();
  }

  /** The memoized result for `source`, else `parse()`'s; a parse that throws is not remembered. */
  lookup(source: string, parse: () => ParsedFrontmatter): ParsedFrontmatter {
    const known = this.previousRun.get(source) ?? this.thisRun.get(source) ?? parse();
    this.thisRun.set(source, known);
    return known;
  }
}
