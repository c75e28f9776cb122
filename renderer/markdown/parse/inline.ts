import type { PhrasingContent } from 'mdast';
import { mayHoldDirective } from '../syntax-presence.ts';
import type { Lines } from './lines.ts';
import type { Syntax } from './syntax.ts';

/**
 * The inline half of the fast parse: text, code spans, `*`/`_` emphasis and strong emphasis with
 * plain content, inline links `[text](destination)` and images `![alt](destination)` without a
 * title. On anything else it gives up (returns false) and the caller hands the block to micromark,
 * so every tree it does build must equal micromark's, positions included (test/renderer/
 * fast-parse.test.ts compares them on the site, the bench corpus and generated bodies).
 *
 * The content is one run of the source, `start`–`end`: lines joined by "\n", each after the
 * first starting with `skip` characters of container prefix (a list item's indent, a
 * blockquote's "> ") that are not content; the block parser checks that no line's content starts
 * or ends with whitespace.
 */
export class InlineParser {
  private skip = 0;

  constructor(
    private readonly lines: Lines,
    private readonly syntax: Syntax,
  ) {}

  /** The phrasing content of `start`–`end` (on 0-based `line`), or undefined when it needs micromark. */
  parse(start: number, end: number, line: number, skip = 0): PhrasingContent[] | undefined {
    const out: PhrasingContent[] = [];
    this.skip = skip;
    return this.run(start, end, line, start, end, out) ? out : undefined;
  }

  /**
   * Parses `from`–`to` into `out`; `start`–`end` are the bounds of the whole content, outside
   * which a delimiter's neighbour counts as whitespace (micromark's start and end of content).
   */
  private run(from: number, to: number, line: number, start: number, end: number, out: PhrasingContent[]): boolean {
    const src = this.lines.src;
    let textStart = from;
    let textLine = line;
    // A text run's value: the lines before its last one (prefixes left out), then from `segment` on.
    let earlier = '';
    let segment = from;
    let i = from;
    const flush = (upTo: number): boolean => {
      if (upTo > textStart) {
        const value = earlier + src.slice(segment, upTo);
        // A run ending where a line's content starts ends before that line's prefix, as micromark's does.
        const endsAtPrefix = upTo === segment && earlier !== '';
        earlier = '';
        if (!this.plainText(value)) return false;
        out.push({
          type: 'text',
          value,
          position: {
            start: this.lines.point(textLine, textStart),
            end: this.lines.point(line, endsAtPrefix ? upTo - this.skip : upTo),
          },
        });
      }
      return true;
    };
    while (i < to) {
      const c = src.charCodeAt(i);
      if (c === 10 /* \n */) {
        line++;
        if (this.skip > 0) {
          earlier += src.slice(segment, i + 1);
          i += 1 + this.skip;
          segment = i;
        } else i++;
      } else if (c === 96 /* ` */) {
        const n = runLength(src, i, to, c);
        const close = closingBackticks(src, i + n, to, n);
        if (close === -1) {
          i += n; // no closing run: the backticks are text
          continue;
        }
        const raw = src.slice(i + n, close);
        if (raw.includes('\n')) return false;
        if (!flush(i)) return false;
        out.push({
          type: 'inlineCode',
          value: stripCodePadding(raw),
          position: { start: this.lines.point(line, i), end: this.lines.point(line, close + n) },
        });
        i = close + n;
        textStart = segment = i;
        textLine = line;
      } else if (c === 42 /* * */ || c === 95 /* _ */) {
        const n = runLength(src, i, to, c);
        const flank = flanking(src, i, n, c, start, end);
        if (!flank.open && !flank.close) {
          i += n; // neither opens nor closes: text
          continue;
        }
        if (!flank.open || flank.close || n > 2) return false;
        const close = this.closingDelimiter(i + n, to, c, n, start, end);
        if (close === -1) return false;
        if (!flush(i)) return false;
        const children: PhrasingContent[] = [];
        if (!this.run(i + n, close, line, start, end, children)) return false;
        out.push({
          type: n === 1 ? 'emphasis' : 'strong',
          children,
          position: { start: this.lines.point(line, i), end: this.lines.point(line, close + n) },
        } as PhrasingContent);
        i = close + n;
        textStart = segment = i;
        textLine = line;
      } else if (c === 91 /* [ */ || (c === 33 /* ! */ && src.charCodeAt(i + 1) === 91)) {
        const image = c === 33;
        const open = image ? i + 1 : i;
        const label = this.labelEnd(open + 1, to);
        if (label === -2) return false;
        if (label === -1 || src.charCodeAt(label + 1) !== 40 /* ( */) {
          // Not followed by a destination, and the body defines no references: the brackets are
          // text, and so is a label holding nothing else that is markup.
          if (image || (label !== -1 && !PLAIN_ALT.test(src.slice(open + 1, label)))) return false;
          i = label === -1 ? i + 1 : label + 1;
          continue;
        }
        const destinationEnd = plainDestinationEnd(src, label + 2, to);
        if (destinationEnd === -1) return false;
        if (!flush(i)) return false;
        const url = src.slice(label + 2, destinationEnd);
        const position = { start: this.lines.point(line, i), end: this.lines.point(line, destinationEnd + 1) };
        if (image) {
          const alt = src.slice(open + 1, label);
          if (!PLAIN_ALT.test(alt) || !this.plainText(alt)) return false;
          out.push({ type: 'image', title: null, url, alt, position });
        } else {
          const children: PhrasingContent[] = [];
          if (!this.run(open + 1, label, line, start, end, children)) return false;
          out.push({ type: 'link', title: null, url, children: children as never, position });
        }
        i = destinationEnd + 1;
        textStart = segment = i;
        textLine = line;
      } else if (
        c === 92 /* \ */ ||
        c === 60 /* < */ ||
        (c === 38 /* & */ && ENTITY_START.test(src[i + 1] ?? '')) ||
        (c === 126 /* ~ */ && this.syntax.strikethrough)
      ) {
        return false;
      } else {
        i++;
      }
    }
    return flush(to);
  }

  /** Whether a run of text holds nothing an extension's syntax could start at (checked per run, so once per character). */
  private plainText(value: string): boolean {
    if (this.syntax.autolinkLiteral && AUTOLINK_TRIGGER.test(value)) return false;
    if (this.syntax.directive && mayHoldDirective(value)) return false;
    return true;
  }

  /**
   * The end of a label opened just before `from`: the first `]`, or -1 when there is none; -2
   * (give up) when a `[` or a code span that holds or crosses the `]` comes first.
   */
  private labelEnd(from: number, to: number): number {
    const src = this.lines.src;
    for (let i = from; i < to; i++) {
      const c = src.charCodeAt(i);
      if (c === 93) return i;
      if (c === 91 || c === 92 || c === 10) return -2;
      if (c === 96) {
        const n = runLength(src, i, to, c);
        const close = closingBackticks(src, i + n, to, n);
        if (close === -1) {
          i += n - 1;
          continue;
        }
        if (src.slice(i, close).includes(']')) return -2;
        i = close + n - 1;
      }
    }
    return -1;
  }

  /**
   * Where the closing run of an emphasis opened by `n` × `c` starts: the first run of `c` that
   * can close, if it has the opener's length and nothing between them is another delimiter,
   * bracket or anything the plain subset leaves to micromark; else -1.
   */
  private closingDelimiter(from: number, to: number, c: number, n: number, start: number, end: number): number {
    const src = this.lines.src;
    for (let i = from; i < to; i++) {
      const d = src.charCodeAt(i);
      if (d === 96) {
        const m = runLength(src, i, to, d);
        const close = closingBackticks(src, i + m, to, m);
        if (close === -1) return -1;
        i = close + m - 1;
      } else if (d === 42 || d === 95) {
        const m = runLength(src, i, to, d);
        const flank = flanking(src, i, m, d, start, end);
        if (!flank.open && !flank.close) {
          i += m - 1;
          continue;
        }
        if (d !== c || m !== n || !flank.close) return -1;
        return i;
      } else if (d === 91 || (d === 33 && src.charCodeAt(i + 1) === 91)) {
        // A link inside: its text and destination are its own; step over it.
        const open = d === 33 ? i + 1 : i;
        const label = this.labelEnd(open + 1, to);
        if (label < 0 || src.charCodeAt(label + 1) !== 40) return -1;
        const destinationEnd = plainDestinationEnd(src, label + 2, to);
        if (destinationEnd === -1) return -1;
        i = destinationEnd;
      } else if (d === 93 || d === 10) {
        return -1;
      }
    }
    return -1;
  }
}

/** The alt text of an image the fast parse takes: nothing micromark would turn into markup. */
const PLAIN_ALT = /^[^\\`*_[\]!<&~\n]*$/;
/** What may follow `&` in a character reference. */
const ENTITY_START = /[#A-Za-z]/;
/** Where GFM's autolink literals and the autolink pass could find a link (superset, any case). */
const AUTOLINK_TRIGGER = /www\.|https?:\/\/|[\w+.-]@[\w-]*\.[\w-]/i;

function runLength(src: string, at: number, to: number, c: number): number {
  let n = 1;
  while (at + n < to && src.charCodeAt(at + n) === c) n++;
  return n;
}

/** The start of the next run of exactly `n` backticks in `from`–`to`, or -1. */
function closingBackticks(src: string, from: number, to: number, n: number): number {
  let at = src.indexOf('`', from);
  while (at !== -1 && at < to) {
    const m = runLength(src, at, to, 96);
    if (m === n) return at;
    at = src.indexOf('`', at + m);
  }
  return -1;
}

/** CommonMark's code span padding: one space off each side when both have one and not all is space. */
function stripCodePadding(raw: string): string {
  if (raw.length > 2 && raw.charCodeAt(0) === 32 && raw.charCodeAt(raw.length - 1) === 32 && raw.trim() !== '')
    return raw.slice(1, -1);
  return raw;
}

/** The `)` ending a destination of plain characters (no space, parenthesis, `<`, escape or reference) from `from`, or -1. */
function plainDestinationEnd(src: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = src.charCodeAt(i);
    if (c === 41) return i > from ? i : -1;
    if (c <= 32 || c === 40 || c === 60 || c === 92 || c === 38 || c > 126) return -1;
  }
  return -1;
}

enum Kind {
  Whitespace = 0,
  Punctuation = 1,
  Other = 2,
}

const UNICODE_WHITESPACE = /\s/;
const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u;

/**
 * micromark's classification of a delimiter's neighbour (micromark-util-classify-character): one
 * UTF-16 unit at a time, as micromark reads the source, so half a surrogate pair is "other".
 */
function kindAt(src: string, at: number, start: number, end: number): Kind {
  if (at < start || at >= end) return Kind.Whitespace;
  const c = src.charCodeAt(at);
  if (c === 32 || c === 9 || c === 10) return Kind.Whitespace;
  if (c < 128) {
    return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)
      ? Kind.Punctuation
      : Kind.Other;
  }
  const char = src[at];
  if (UNICODE_WHITESPACE.test(char)) return Kind.Whitespace;
  return UNICODE_PUNCTUATION.test(char) ? Kind.Punctuation : Kind.Other;
}

/** Whether a delimiter run can open and can close emphasis (CommonMark's flanking rules). */
function flanking(src: string, at: number, n: number, c: number, start: number, end: number) {
  const before = kindAt(src, at - 1, start, end);
  const after = kindAt(src, at + n, start, end);
  const left = after !== Kind.Whitespace && (after !== Kind.Punctuation || before !== Kind.Other);
  const right = before !== Kind.Whitespace && (before !== Kind.Punctuation || after !== Kind.Other);
  if (c === 42) return { open: left, close: right };
  return {
    open: left && (!right || before === Kind.Punctuation),
    close: right && (!left || after === Kind.Punctuation),
  };
}
