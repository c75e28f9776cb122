import type { List, ListItem, Paragraph, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { InlineParser } from './inline.ts';
import { BLANK, CLOSING_FENCE, CONTAINER_CLOSE, THEMATIC_BREAK } from './line-shapes.ts';
import type { Lines } from './lines.ts';
import type { Syntax } from './syntax.ts';

/**
 * The block half of the fast parse, for one chunk of lines (chunks.ts): ATX headings, fenced
 * code, paragraphs, one-line blockquotes, tight lists of one-line items, thematic breaks and
 * pipe-edged GFM tables, all starting at the first column. On anything else — indentation, a
 * line a paragraph cannot continue with, lazy lines, loose or nested lists, HTML, directives,
 * setext headings, trailing whitespace — it gives up and the chunk goes to micromark.
 */
export class BlockParser {
  constructor(
    private readonly lines: Lines,
    private readonly syntax: Syntax,
    private readonly inline: InlineParser,
  ) {}

  /** The nodes of lines `first`–`last` (0-based, inclusive), or undefined when the chunk needs micromark. */
  parse(first: number, last: number): RootContent[] | undefined {
    const out: RootContent[] = [];
    let line = first;
    // What the previous block was, when no blank line came after it: only a heading or fenced code
    // may be followed directly by another block here.
    let open: Open = 'closed';
    let afterList = false;
    while (line <= last) {
      const text = this.lines.text(line);
      if (BLANK.test(text)) {
        if (open !== 'closed') open = 'closed';
        line++;
        continue;
      }
      if (open === 'other' || (open === 'paragraph' && !INTERRUPTS_PARAGRAPH.test(text))) return undefined;
      if (TRAILING_SPACE.test(text)) return undefined;
      const c = text.charCodeAt(0);
      let next: number | undefined;
      let kind: Open = 'other';
      if (afterList && LIST_ITEM.test(text)) return undefined; // maybe the same list, made loose
      afterList = false;
      if ((c === 96 || c === 126) && FENCE.test(text)) {
        next = this.fence(line, last, out);
        kind = 'closed';
      } else if (c === 35 /* # */) {
        next = this.heading(line, out);
        kind = 'closed';
      } else if (c === 62 /* > */) {
        next = this.blockquote(line, last, out);
      } else if (c === 58 /* : */ && this.syntax.directive) {
        next = this.container(line, last, out);
        kind = 'closed';
      } else if (LIST_ITEM.test(text)) {
        next = this.list(line, last, out);
        afterList = true;
      } else if (c === 124 /* | */ && this.syntax.table) {
        next = this.table(line, last, out);
      } else if (THEMATIC_BREAK.test(text)) {
        const position = { start: this.point(line, 0), end: this.lineEnd(line) };
        out.push({ type: 'thematicBreak', position });
        next = line + 1;
      } else if (PARAGRAPH_START.test(text)) {
        next = this.paragraph(line, last, out);
        kind = 'paragraph';
      }
      if (next === undefined) return undefined;
      line = next;
      open = kind;
    }
    return out;
  }

  private point(line: number, column0: number) {
    return this.lines.point(line, this.lines.starts[line] + column0);
  }

  private lineEnd(line: number) {
    return this.lines.point(line, this.lines.ends[line]);
  }

  private fence(line: number, last: number, out: RootContent[]): number | undefined {
    const text = this.lines.text(line);
    const marker = text[0];
    let n = 1;
    while (text[n] === marker) n++;
    const info = text.slice(n).trim();
    if ((marker === '`' && info.includes('`')) || /[\\&]/.test(info)) return undefined;
    for (let close = line + 1; close <= last; close++) {
      const candidate = this.lines.text(close);
      if (!CLOSING_FENCE.test(candidate)) continue;
      const run = candidate.trim();
      if (run[0] !== marker || run.length < n || [...run].some((ch) => ch !== marker)) continue;
      if (candidate !== run) return undefined; // indented or trailed closing fence
      const space = info.search(/[ \t]/);
      out.push({
        type: 'code',
        lang: info === '' ? null : space === -1 ? info : info.slice(0, space),
        meta: space === -1 ? null : info.slice(space).trim() || null,
        value: close > line + 1 ? this.lines.src.slice(this.lines.starts[line + 1], this.lines.ends[close - 1]) : '',
        position: { start: this.point(line, 0), end: this.lineEnd(close) },
      });
      return close + 1;
    }
    return undefined; // unclosed: runs to the end of the body
  }

  private heading(line: number, out: RootContent[]): number | undefined {
    const text = this.lines.text(line);
    const match = ATX.exec(text);
    if (!match) return undefined;
    const depth = match[1].length as 1 | 2 | 3 | 4 | 5 | 6;
    const from = this.lines.starts[line] + match[0].length;
    const to = this.lines.ends[line];
    if (CLOSING_SEQUENCE.test(text) || (from < to && !HEADING_TEXT_START.test(text[match[0].length]))) return undefined;
    const children = from < to ? this.inline.parse(from, to, line) : [];
    if (!children) return undefined;
    out.push({ type: 'heading', depth, children, position: { start: this.point(line, 0), end: this.lineEnd(line) } });
    return line + 1;
  }

  /** A blockquote holding one paragraph, each line starting with "> ". */
  private blockquote(line: number, last: number, out: RootContent[]): number | undefined {
    if (!this.paragraphLine(this.lines.text(line), 2, '> ')) return undefined;
    let end = line;
    while (end < last && this.paragraphLine(this.lines.text(end + 1), 2, '> ')) end++;
    const paragraph = this.inlineParagraph(line, end, 2);
    if (!paragraph) return undefined;
    out.push({
      type: 'blockquote',
      children: [paragraph],
      position: { start: this.point(line, 0), end: this.lineEnd(end) },
    });
    return end + 1;
  }

  /** Whether `text` is `prefix` (`width` characters) followed by paragraph text no block construct could take. */
  private paragraphLine(text: string, width: number, prefix: string): boolean {
    if (!text.startsWith(prefix) || TRAILING_SPACE.test(text)) return false;
    const content = text.slice(width);
    return PARAGRAPH_START.test(content) && !LIST_ITEM.test(content) && !THEMATIC_BREAK.test(content);
  }

  /** A paragraph from column `skip` of `line` to the end of `end`, each line after the first starting with `skip` characters of prefix. */
  private inlineParagraph(line: number, end: number, skip: number): Paragraph | undefined {
    const from = this.lines.starts[line] + skip;
    const children = this.inline.parse(from, this.lines.ends[end], line, skip);
    if (!children) return undefined;
    return { type: 'paragraph', children, position: { start: this.point(line, skip), end: this.lineEnd(end) } };
  }

  /** A directive container `:::name[label]{attributes}` … `:::`, its content parsed as a body of its own. */
  private container(line: number, last: number, out: RootContent[]): number | undefined {
    const text = this.lines.text(line);
    const match = CONTAINER.exec(text);
    if (!match) return undefined;
    const [, fence, name, label, attributeList] = match;
    const attributes = attributeList === undefined ? {} : parseAttributes(attributeList);
    if (!attributes) return undefined;
    // The first line closing this container ends it, whatever is open inside (micromark checks
    // a container's closing fence before its content).
    let close = line + 1;
    for (; close <= last; close++) {
      const candidate = CONTAINER_CLOSE.exec(this.lines.text(close));
      if (!candidate || candidate[1].length < fence.length) continue;
      if (candidate[0] !== candidate[1]) return undefined;
      break;
    }
    if (close > last) return undefined;
    const children: RootContent[] = [];
    if (label !== undefined) {
      const from = this.lines.starts[line] + fence.length + name.length + 1;
      const phrasing = label === '' ? undefined : this.inline.parse(from, from + label.length, line);
      if (!phrasing) return undefined;
      children.push({
        type: 'paragraph',
        data: { directiveLabel: true },
        children: phrasing,
        position: { start: this.lines.point(line, from - 1), end: this.lines.point(line, from + label.length + 1) },
      } as Paragraph);
    }
    if (close > line + 1) {
      const content = this.parse(line + 1, close - 1);
      if (!content) return undefined;
      for (const node of content) children.push(node);
    }
    out.push({
      type: 'containerDirective',
      name,
      attributes,
      children,
      position: { start: this.point(line, 0), end: this.lineEnd(close) },
    } as RootContent);
    return close + 1;
  }

  private paragraph(line: number, last: number, out: RootContent[]): number | undefined {
    let end = line;
    while (end < last) {
      const next = this.lines.text(end + 1);
      if (BLANK.test(next) || !PARAGRAPH_START.test(next) || LIST_ITEM.test(next) || THEMATIC_BREAK.test(next)) break;
      if (TRAILING_SPACE.test(next) || FENCE.test(next)) return undefined;
      end++;
    }
    const children = this.inline.parse(this.lines.starts[line], this.lines.ends[end], line);
    if (!children) return undefined;
    out.push({ type: 'paragraph', children, position: { start: this.point(line, 0), end: this.lineEnd(end) } });
    return end + 1;
  }

  private list(line: number, last: number, out: RootContent[]): number | undefined {
    const first = LIST_ITEM.exec(this.lines.text(line))!;
    const items: ListItem[] = [];
    let at = line;
    for (; at <= last; at++) {
      const text = this.lines.text(at);
      if (BLANK.test(text)) break;
      const match = LIST_ITEM.exec(text);
      if (!match || match[1] !== first[1] || match[3] !== first[3]) return undefined;
      const width = match[0].length;
      if (THEMATIC_BREAK.test(text) || !this.paragraphLine(text, width, match[0]) || TASK.test(text.slice(width)))
        return undefined;
      // Lines indented to the item's content continue its paragraph.
      const indent = ' '.repeat(width);
      let end = at;
      while (end < last && this.paragraphLine(this.lines.text(end + 1), width, indent)) end++;
      const paragraph = this.inlineParagraph(at, end, width);
      if (!paragraph) return undefined;
      items.push({
        type: 'listItem',
        spread: false,
        checked: null,
        children: [paragraph],
        position: { start: this.point(at, 0), end: this.lineEnd(end) },
      });
      at = end;
    }
    const ordered = first[2] !== undefined;
    const list: List = {
      type: 'list',
      ordered,
      start: ordered ? Number(first[2]) : null,
      spread: false,
      children: items,
      position: { start: this.point(line, 0), end: this.lineEnd(at - 1) },
    };
    out.push(list);
    return at;
  }

  private table(line: number, last: number, out: RootContent[]): number | undefined {
    if (line + 1 > last) return undefined;
    const header = this.row(line);
    const delimiter = this.cells(this.lines.text(line + 1));
    if (!header || !delimiter || delimiter.length !== header.children.length) return undefined;
    const align: Table['align'] = [];
    for (const [from, to] of delimiter) {
      const cell = this.lines.text(line + 1).slice(from, to);
      const match = DELIMITER_CELL.exec(cell);
      if (!match) return undefined;
      align.push(match[1] ? (match[2] ? 'center' : 'left') : match[2] ? 'right' : null);
    }
    const rows = [header];
    let at = line + 2;
    for (; at <= last; at++) {
      const text = this.lines.text(at);
      if (BLANK.test(text)) break;
      const row = this.row(at);
      if (!row || row.children.length !== header.children.length) return undefined;
      rows.push(row);
    }
    out.push({
      type: 'table',
      align,
      children: rows,
      position: { start: this.point(line, 0), end: this.lineEnd(at - 1) },
    });
    return at;
  }

  /** A pipe-edged row's cells as [from, to) columns between pipes, or undefined. */
  private cells(text: string): [number, number][] | undefined {
    if (text.length < 2 || text[0] !== '|' || text[text.length - 1] !== '|' || /[\\\t]/.test(text)) return undefined;
    const cells: [number, number][] = [];
    let from = 1;
    for (let at = text.indexOf('|', 1); at !== -1; at = text.indexOf('|', at + 1)) {
      cells.push([from, at]);
      from = at + 1;
    }
    return cells;
  }

  private row(line: number): TableRow | undefined {
    const text = this.lines.text(line);
    const cells = this.cells(text);
    if (!cells || TRAILING_SPACE.test(text)) return undefined;
    const base = this.lines.starts[line];
    const children: TableCell[] = [];
    for (let k = 0; k < cells.length; k++) {
      const [from, to] = cells[k];
      const raw = text.slice(from, to);
      const lead = raw.length - raw.trimStart().length;
      const content = raw.trim();
      let phrasing: TableCell['children'] | undefined = [];
      if (content) {
        if (content.includes('`') && !balancedBackticks(content)) return undefined;
        phrasing = this.inline.parse(base + from + lead, base + from + lead + content.length, line);
        if (!phrasing) return undefined;
      }
      children.push({
        type: 'tableCell',
        children: phrasing,
        position: { start: this.point(line, from - 1), end: this.point(line, k === cells.length - 1 ? to + 1 : to) },
      });
    }
    return { type: 'tableRow', children, position: { start: this.point(line, 0), end: this.lineEnd(line) } };
  }
}

type Open = 'paragraph' | 'other' | 'closed';

/**
 * Directive attributes the fast parse takes: `key=value` or `key="value"` separated by one space,
 * names and values without escapes, references or repeats (`#id` and `.class` go to micromark).
 */
function parseAttributes(list: string): Record<string, string> | undefined {
  const attributes: Record<string, string> = {};
  if (list === '') return attributes;
  for (const part of list.split(' ')) {
    const match = ATTRIBUTE.exec(part);
    if (!match || Object.hasOwn(attributes, match[1])) return undefined;
    attributes[match[1]] = match[2] ?? match[3];
  }
  return attributes;
}

const ATTRIBUTE = /^([A-Za-z][\w-]*)=(?:([\w.-]+)|"([^"\\&\n]*)")$/;

/** Whether every backtick run in a cell is closed by a run of the same length (a pipe inside a code span splits the cell). */
function balancedBackticks(content: string): boolean {
  const runs = content.match(/`+/g) ?? [];
  const counts = new Map<number, number>();
  for (const run of runs) counts.set(run.length, (counts.get(run.length) ?? 0) + 1);
  return [...counts.values()].every((count) => count % 2 === 0);
}

const TRAILING_SPACE = /[ \t]$/;
const FENCE = /^(`{3,}|~{3,})/;
const ATX = /^(#{1,6})(?: +|$)/;
/** A closing sequence of `#`s, which the fast parse leaves to micromark. */
const CLOSING_SEQUENCE = /(^|[ \t])#+$/;
/** What heading text may start with here: not a `#` (a closing sequence) nor whitespace micromark would skip. */
const HEADING_TEXT_START = /[^#\s]/;
/** A bullet or ordered list item's marker and one space, followed by content. */
const LIST_ITEM = /^(?:([-*+])|(\d{1,9})([.)])) (?=\S)/;
const TASK = /^\[[ \txX]\]/;
/**
 * How a paragraph line may start here: with a character no block construct starts with (a list
 * marker or thematic break made of `*` or `_` is ruled out separately).
 */
const PARAGRAPH_START = /^(?:[A-Za-z"'(![]|\d(?!\d{0,8}[.)])|`(?!``)|[*_](?![ \t]|$))/;
/** What may follow a paragraph directly (no blank line) in a chunk the fast parse takes. */
const INTERRUPTS_PARAGRAPH = /^(?:#{1,6}(?: |$)|`{3,}|~{3,})/;
/** A container directive's opening: fence, name, optional label of plain text, optional attributes. */
const CONTAINER = /^(:{3,})([A-Za-z][\w-]*)(?:\[([^[\]\\\n]*)\])?(?:\{([^}\n]*)\})?$/;
const DELIMITER_CELL = /^ *(:?)-+(:?) *$/;
