import type { PatternScanner, RegexEngine } from 'shiki';

/*
 * A regex engine whose scanners share their compiled patterns. A TextMate grammar hands the
 * engine one list of patterns per rule state, and the same patterns recur in many lists: the
 * real site's highlighting compiled 10,300 patterns for 965 distinct ones per thread (the
 * 1,000-page corpus 2,968 for 615), and compiling was about a second of a thread's CPU. Here
 * each distinct pattern is compiled once, as a scanner of its own, and a scanner of many asks
 * each of its patterns in turn.
 *
 * The answer is the engine's: of the patterns' next matches from the position, the one that
 * starts first, the first in the list among those that start together. Each pattern remembers
 * its last search (string, position, options, result): searching the same string again from a
 * position between the last search's and its match's start gives that match again, so a line's
 * later tokens mostly re-ask nothing. Patterns with \G, which anchors at the search position,
 * are asked every time.
 */

interface Match {
  index: number;
  captureIndices: { start: number; end: number; length: number }[];
}

/** One compiled pattern and its last search. */
class Pattern {
  private lastString: unknown;
  private lastFrom = -1;
  private lastOptions = -1;
  private lastMatch: Match | null = null;
  private readonly anchoredAtSearch: boolean;

  constructor(
    source: string,
    private readonly scanner: PatternScanner,
  ) {
    this.anchoredAtSearch = source.includes('\\G');
  }

  next(string: unknown, from: number, options: number): Match | null {
    if (
      !this.anchoredAtSearch &&
      string === this.lastString &&
      options === this.lastOptions &&
      from >= this.lastFrom &&
      (this.lastMatch === null || this.lastMatch.captureIndices[0].start >= from)
    )
      return this.lastMatch;
    const match = this.scanner.findNextMatchSync(string as string, from, options) as Match | null;
    this.lastString = string;
    this.lastFrom = from;
    this.lastOptions = options;
    this.lastMatch = match;
    return match;
  }
}

/** `engine`, with each distinct pattern compiled once for all the scanners that list it. */
export function sharingPatterns(engine: RegexEngine): RegexEngine {
  const compiled = new Map<string, Pattern>();
  const patternOf = (p: string | RegExp) => {
    const source = typeof p === 'string' ? p : p.source;
    let pattern = compiled.get(source);
    if (!pattern) compiled.set(source, (pattern = new Pattern(source, engine.createScanner([p]))));
    return pattern;
  };
  return {
    createString: (s) => engine.createString(s),
    createScanner(patterns) {
      const list = patterns.map(patternOf);
      return {
        findNextMatchSync(string, from, options) {
          let best: Match | null = null;
          let bestIndex = -1;
          for (let i = 0; i < list.length; i++) {
            const match = list[i].next(string, from, options as number);
            if (match && (best === null || match.captureIndices[0].start < best.captureIndices[0].start)) {
              best = match;
              bestIndex = i;
              // Nothing can start before the search position: the first pattern to match there wins.
              if (match.captureIndices[0].start === from) break;
            }
          }
          return best && { index: bestIndex, captureIndices: best.captureIndices };
        },
      };
    },
  };
}
