import type { Point } from 'unist';

/**
 * A body's lines: where each starts and ends (before its line feed), and the unist point of any
 * offset. Bodies with a carriage return never get here (see fast-parse.ts), so a line ends at
 * "\n" only.
 */
export class Lines {
  readonly starts: number[] = [0];
  readonly ends: number[] = [];

  constructor(readonly src: string) {
    let at = src.indexOf('\n');
    while (at !== -1) {
      this.ends.push(at);
      this.starts.push(at + 1);
      at = src.indexOf('\n', at + 1);
    }
    this.ends.push(src.length);
  }

  get count(): number {
    return this.starts.length;
  }

  text(line: number): string {
    return this.src.slice(this.starts[line], this.ends[line]);
  }

  /** The point of `offset` on `line` (0-based line index, as this class counts). */
  point(line: number, offset: number): Point {
    return { line: line + 1, column: offset - this.starts[line] + 1, offset };
  }
}
