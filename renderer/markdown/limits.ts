/**
 * The stated limits of a doc (README, "Limits"), checked in one pass over its lines before it is
 * parsed: input past them makes the parser slow or deep enough to hang or crash a build, and no
 * real page comes near them (the real site's largest doc is 122 KB, its longest line 12,729
 * characters, its largest code block 2.5 KB, its deepest nesting 3 levels).
 */

/** Deeper nesting (lists, quotes, directives) than this is refused before it can exhaust the stack. */
export const MAX_NESTING = 256;
export const NESTING_HINT = 'Flatten the lists or quotes; no page needs that many levels.';
/** A doc's body, in characters (UTF-16 units). */
export const MAX_DOC_CHARS = 4_000_000;
/** One line, in characters. */
export const MAX_LINE_CHARS = 100_000;
/** One fenced code block's content, in characters (highlighting it is the slowest step). */
export const MAX_CODE_CHARS = 500_000;
/**
 * The run of indentation, `>` and list markers that opens a line: nesting made of quotes and
 * lists, before it is parsed (the parsed tree is checked against MAX_NESTING too).
 */
export const MAX_PREFIX_CHARS = 4 * MAX_NESTING;

export interface LimitProblem {
  /** 1-based line in the body. */
  line: number;
  message: string;
  hint: string;
}

const kb = (n: number) => `${Math.round(n / 1000).toLocaleString('en-US')} KB`;

/** The first limit `body` exceeds, or undefined. Costs one indexOf per line and a look at each line's start. */
export function checkLimits(body: string): LimitProblem | undefined {
  if (body.length > MAX_DOC_CHARS) {
    return {
      line: 1,
      message: `this page is ${kb(body.length)}, over the limit of ${kb(MAX_DOC_CHARS)}`,
      hint: 'Split it into several pages.',
    };
  }
  // Inside a fenced code block: its fence character and length, the line it opened on, its size so far.
  let fence = 0;
  let fenceLength = 0;
  let fenceLine = 0;
  let code = 0;
  for (let start = 0, line = 1; start <= body.length; line++) {
    let end = body.indexOf('\n', start);
    if (end < 0) end = body.length;
    const length = end - start;
    if (length > MAX_LINE_CHARS) {
      return {
        line,
        message: `this line is ${length.toLocaleString('en-US')} characters long, over the limit of ${MAX_LINE_CHARS.toLocaleString('en-US')}`,
        hint: 'Break the paragraph into lines (a single newline does not break it in the page), or move data into a file of its own.',
      };
    }
    // The line's container prefix: indentation, quote markers, list markers.
    let i = start;
    for (; i < end; i++) {
      const c = body.charCodeAt(i);
      // space, tab, > - * + . ) and digits
      if (
        !(
          c === 32 ||
          c === 9 ||
          c === 62 ||
          c === 45 ||
          c === 42 ||
          c === 43 ||
          c === 46 ||
          c === 41 ||
          (c >= 48 && c <= 57)
        )
      )
        break;
    }
    if (i - start > MAX_PREFIX_CHARS) {
      return {
        line,
        message: `content nested too deeply: the line starts with ${(i - start).toLocaleString('en-US')} characters of indentation, quote and list markers (the limit is ${MAX_PREFIX_CHARS.toLocaleString('en-US')})`,
        hint: NESTING_HINT,
      };
    }
    // A fence opens or closes: ``` or ~~~ (a - or * prefix may have eaten the start of neither).
    const c = body.charCodeAt(i);
    if ((c === 96 || c === 126) && body.charCodeAt(i + 1) === c && body.charCodeAt(i + 2) === c) {
      let n = 3;
      while (body.charCodeAt(i + n) === c) n++;
      if (!fence) {
        fence = c;
        fenceLength = n;
        fenceLine = line;
        code = 0;
      } else if (c === fence && n >= fenceLength) fence = 0;
    } else if (fence) {
      code += length + 1;
      if (code > MAX_CODE_CHARS) {
        return {
          line: fenceLine,
          message: `this code block is over the limit of ${kb(MAX_CODE_CHARS)}`,
          hint: 'Show an excerpt, and link to the whole file.',
        };
      }
    }
    start = end + 1;
  }
  return undefined;
}
