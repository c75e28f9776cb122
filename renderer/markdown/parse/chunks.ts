import { BLANK, CLOSING_FENCE, CONTAINER_CLOSE, THEMATIC_BREAK } from './line-shapes.ts';
import type { Lines } from './lines.ts';
import type { Syntax } from './syntax.ts';

/**
 * Lines `first`–`last` (0-based, inclusive) of a body: blocks no other chunk's lines can change,
 * and the blank lines after them (an unclosed fence in a list item takes one of them in).
 */
export interface Chunk {
  first: number;
  last: number;
}

/**
 * Cuts a body into chunks that parse the same alone as in the body, or says it cannot (undefined:
 * the body goes to micromark whole). A cut goes only before a line at the first column after a
 * blank line: such a line ends every open paragraph, list item, blockquote, table and indented
 * code, so what comes before cannot reach past it, unless it is inside fenced code, an HTML block
 * of kinds 1–5 (`<!--`, `<script`, …, which run to their end marker) or a directive container,
 * which this tracks, or continues a list, which a line that may be a list item never cuts.
 * What comes after cannot look back either, except at link reference definitions (a body with
 * anything like one is not cut) and footnote definitions (the caller never cuts a body with
 * footnote syntax).
 *
 * Fences, HTML blocks and containers opened with one to three spaces are the ambiguous ones: they
 * are tracked only when the line is inside a list item (the lines above say so); otherwise the
 * body is not cut.
 */
export function chunks(lines: Lines, syntax: Syntax): Chunk[] | undefined {
  const out: Chunk[] = [];
  let first = -1;
  let blankBefore = false;
  let fence: { marker: string; length: number } | undefined;
  let htmlEnd: RegExp | undefined;
  const containers: number[] = [];
  /** Lines inside fenced code or an HTML block (their closing line included): no list item starts there. */
  const opaque = new Uint8Array(lines.count);
  /** Whether a line of the current run of non-blank lines starts with `<`, and whether the line before held a pipe. */
  let runHasHtml = false;
  let previousHadPipe = false;

  for (let line = 0; line < lines.count; line++) {
    const text = lines.text(line);
    const blank = BLANK.test(text);
    if (!blank && (fence || htmlEnd) && containers.length > 0) {
      const closed = closedContainers(containers, text);
      if (closed !== -1) {
        containers.length = closed;
        fence = undefined;
        htmlEnd = undefined;
        continue;
      }
    }
    if (fence) {
      opaque[line] = 1;
      if (closesFence(text, fence)) fence = undefined;
      continue;
    }
    if (htmlEnd) {
      opaque[line] = 1;
      if (htmlEnd.test(text)) htmlEnd = undefined;
      continue;
    }
    if (blank) {
      blankBefore = true;
      runHasHtml = false;
      previousHadPipe = false;
      continue;
    }
    if (first === -1) first = line;
    else if (blankBefore && containers.length === 0 && !WHITESPACE_START.test(text) && !MAY_BE_LIST_ITEM.test(text)) {
      out.push({ first, last: line - 1 });
      first = line;
    }
    if (text.includes(']:') && mayDefine(lines, line, text)) return undefined;
    blankBefore = false;
    const indent = indentOf(text);
    const htmlAbove = runHasHtml;
    const hadPipe = previousHadPipe;
    previousHadPipe = text.includes('|');
    if (indent > 3) continue;
    const rest = text.slice(indent);

    const opensFence = FENCE_OPEN.exec(rest);
    if (opensFence && !(opensFence[1][0] === '`' && opensFence[2].includes('`'))) {
      if (indent > 0) {
        if (!insideListItem(lines, opaque, line, indent)) return undefined;
        continue;
      }
      // Inside an HTML block of kinds 6–7 or a table a fence is not a fence: give up there.
      if (htmlAbove || hadPipe) return undefined;
      fence = { marker: opensFence[1][0], length: opensFence[1].length };
      continue;
    }
    if (rest[0] === '<') {
      runHasHtml = true;
      const kind = HTML_STARTS.find(([start]) => start.test(rest));
      if (kind) {
        if (indent > 0 && !insideListItem(lines, opaque, line, indent)) return undefined;
        if (indent === 0 && !kind[1].test(rest.slice(1))) htmlEnd = kind[1];
      }
      continue;
    }
    if (syntax.directive && rest[0] === ':') {
      const closed = closedContainers(containers, text);
      if (closed !== -1) {
        if (indent > 0) return undefined;
        containers.length = closed;
        continue;
      }
      if (NAME_AFTER_FENCE.test(rest)) {
        // micromark-extension-directive's name, then a label and attributes: only a line that
        // surely opens a container is tracked; one that might, or might not, is not guessed at.
        const open = CONTAINER_OPEN.exec(rest);
        if (!open) return undefined;
        if (indent > 0 && !insideListItem(lines, opaque, line, indent)) return undefined;
        if (indent === 0) containers.push(open[1].length);
      }
    }
  }
  if (first !== -1) out.push({ first, last: lines.count - 1 });
  return out;
}

/**
 * Whether a line indented by one to three spaces is inside a list item: the nearest line above
 * it indented less is a list item whose content starts at or before the line's indent, and
 * every line between is blank or indented at least as much. An ordered item numbered other than
 * 1 right after a paragraph line is that paragraph's text, not an item, so it does not count.
 */
function insideListItem(lines: Lines, opaque: Uint8Array, line: number, indent: number): boolean {
  for (let above = line - 1; above >= 0; above--) {
    if (opaque[above]) return false;
    const text = lines.text(above);
    if (BLANK.test(text) || indentOf(text) >= indent) continue;
    const item = LIST_ITEM.exec(text);
    if (!item || item[2] === '' || item[0].length > indent || THEMATIC_BREAK.test(text)) return false;
    return item[1] === undefined || item[1] === '1' || !continuesParagraph(lines, above);
  }
  return false;
}

/**
 * Whether line `at` (an ordered list item numbered other than 1) may instead continue a paragraph
 * outside any list (such an item cannot interrupt one): unless the lines above, back to a blank
 * line, are a list item and lines indented to its content, it may.
 */
function continuesParagraph(lines: Lines, at: number): boolean {
  let least = Number.POSITIVE_INFINITY;
  for (let above = at - 1; above >= 0; above--) {
    const text = lines.text(above);
    if (BLANK.test(text)) return above !== at - 1; // only indented lines back to a blank: cannot tell
    const indent = indentOf(text);
    if (indent > 0) {
      least = Math.min(least, indent);
      continue;
    }
    const item = LIST_ITEM.exec(text);
    if (!item || item[2] === '' || least < item[0].length) return true;
    return item[1] !== undefined && item[1] !== '1' && continuesParagraph(lines, above);
  }
  return true;
}

/**
 * How many open containers stay open after `text`, or -1 when it closes none: the outermost
 * container whose fence it is long enough to close, with everything inside it (micromark checks a
 * container's closing fence before handing the line to its content).
 */
function closedContainers(containers: number[], text: string): number {
  const close = CONTAINER_CLOSE.exec(text);
  return close ? containers.findIndex((length) => close[1].length >= length) : -1;
}

/**
 * Whether a `]:` on `line` may end a link reference definition's label: the label's `[` is the
 * nearest bracket before it (labels hold no unescaped brackets) and starts its line, after
 * container markers at most. Backslashes, and labels reaching back past the body's start or
 * over 999 characters, count as "may".
 */
function mayDefine(lines: Lines, line: number, text: string): boolean {
  const src = lines.src;
  const base = lines.starts[line];
  for (let colon = text.indexOf(']:'); colon !== -1; colon = text.indexOf(']:', colon + 1)) {
    const end = base + colon;
    let at = end - 1;
    for (; at >= 0 && end - at <= 1000; at--) {
      const c = src[at];
      if (c === '[' || c === ']' || c === '\\') break;
    }
    if (at < 0 || end - at > 1000 || src[at] !== '[') return true;
    if (src[at - 1] === '\\') return true;
    if (BEFORE_DEFINITION.test(src.slice(src.lastIndexOf('\n', at) + 1, at))) return true;
  }
  return false;
}

function closesFence(text: string, fence: { marker: string; length: number }): boolean {
  const match = CLOSING_FENCE.exec(text);
  return !!match && match[1][0] === fence.marker && match[1].length >= fence.length;
}

/** Columns of leading whitespace; a tab counts as reaching the fourth column (the most a tab can be short of it is nothing). */
function indentOf(text: string): number {
  let n = 0;
  while (text[n] === ' ') n++;
  return text[n] === '\t' ? 4 : n;
}

const WHITESPACE_START = /^[ \t]/;
/** What may begin a list item (and so continue a list across a blank line): never cut before it. */
const MAY_BE_LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const LIST_ITEM = /^(?:[-*+]|(\d{1,9})[.)])( {1,4}|$)/;
/** What may come before a definition's `[` on its line: indentation and container markers. */
const BEFORE_DEFINITION = /^[ \t>*+\-\d.)]*$/;
const FENCE_OPEN = /^(`{3,}|~{3,})(.*)$/;
/**
 * A fence of colons and what may be the first character of a name (micromark: anything but
 * whitespace and punctuation, one UTF-16 unit at a time; this takes in every non-ASCII one).
 */
const NAME_AFTER_FENCE = /^:{3,}[^\s!-/:-@[-`{-~]/;
/**
 * A line that opens a container for sure: its name (letters, digits and inner `-`/`_`), a label
 * without brackets or escapes, attributes of plain `key=value`, `key="value"`, `#id` or `.class`.
 */
const CONTAINER_OPEN =
  /^(:{3,})[^\s\p{P}\p{S}](?:[-_]*[^\s\p{P}\p{S}])*(?:\[[^[\]\\\n]*\])?(?:\{(?:(?:[A-Za-z][\w-]*=(?:[\w.-]+|"[^"\\&\n]*")|[#.][\w-]+)(?: (?=[^}])|(?=\})))*\})?[ \t]*$/u;
/** HTML blocks of kinds 1–5 (CommonMark 4.6): their start, and the end marker that closes them. */
const HTML_STARTS: [RegExp, RegExp][] = [
  [/^<(?:script|pre|style|textarea)(?:[ \t>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<![A-Za-z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
];
