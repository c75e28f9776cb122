/**
 * Escaping for the Markdown dialect the engine renders (CommonMark + remark-gfm +
 * remark-directive, raw HTML dropped). Generated text must never turn into markup by accident:
 * a `|` would split a table cell, a `<` would start raw HTML that the engine drops, and `a:b`
 * would start a remark-directive text directive.
 */

/** Characters that are always escaped in literal text (names, type text, plain strings). */
const LITERAL_SPECIALS = /[\\`*_{}[\]<>|~&:#!]/g;

/** Escapes literal text so that every character renders as itself, in prose or a table cell. */
export function escapeLiteral(text: string): string {
  return text.replace(LITERAL_SPECIALS, (ch) => `\\${ch}`);
}

/** ASCII punctuation: the characters a backslash can escape in CommonMark. */
const PUNCTUATION = /[!-/:-@[-`{-~]/;

/**
 * Emphasis a TSDoc author plausibly meant: `*x*`, `**x**`, `_x_`, `__x__` opened after a space or
 * `(` and closed before a space or punctuation. Every other `*` and `_` (globs such as
 * `node_modules/**`, names such as `API_SECRET`) is escaped so it renders literally.
 */
const EMPHASIS = /(^|[\s(])(\*\*|__|\*|_)(?=[A-Za-z0-9`])([^\n]*?[A-Za-z0-9`.!?)])\2(?=$|[\s.,;:!?)])/gm;

/** Offsets of `*`/`_` characters that belong to intended emphasis delimiters. */
function emphasisDelimiters(text: string): Set<number> {
  const keep = new Set<number>();
  for (const m of text.matchAll(EMPHASIS)) {
    const open = m.index + m[1].length;
    const close = open + m[2].length + m[3].length;
    for (let i = 0; i < m[2].length; i++) {
      keep.add(open + i);
      keep.add(close + i);
    }
  }
  return keep;
}

/**
 * Escapes the text parts of a TSDoc comment while keeping them Markdown: links, lists, line
 * breaks and deliberate emphasis survive; characters the comment meant literally are escaped.
 * `atLineStart` tells whether the text begins a line of the output (a `#` or `>` there would
 * start a heading or quote).
 */
export function escapeCommentText(text: string, atLineStart = true): string {
  const keep = emphasisDelimiters(text);
  let out = '';
  let lineStart = atLineStart;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const next = text[i + 1] ?? '';
    if (ch === '\\' && PUNCTUATION.test(next)) {
      // The author already escaped this character: keep the pair as written.
      out += ch + next;
      i++;
      lineStart = false;
      continue;
    }
    if (ch === '\n') {
      out += ch;
      lineStart = true;
      continue;
    }
    if (lineStart && (ch === ' ' || ch === '\t')) {
      out += ch;
      continue;
    }
    if ('{}|<~'.includes(ch)) out += `\\${ch}`;
    // remark-directive reads `:name` as a directive, and names may start with a digit (`1000:1000`).
    else if (ch === ':' && /[\w-]/.test(next)) out += '\\:';
    else if ((ch === '*' || ch === '_') && !keep.has(i)) out += `\\${ch}`;
    else if (lineStart && (ch === '#' || ch === '>')) out += `\\${ch}`;
    else out += ch;
    lineStart = false;
  }
  return out;
}

/** A code span around `code` that survives backticks inside it. */
export function inlineCode(code: string): string {
  const runs = code.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

/**
 * Makes inline Markdown safe for one GFM table cell: a cell is one line, and `|` ends it even
 * inside a code span unless escaped (GFM unescapes `\|` in code spans within tables).
 */
export function tableCell(markdown: string): string {
  const oneLine = markdown.replace(/\s*\n\s*/g, ' ').trim();
  let out = '';
  let backslashes = 0;
  for (const ch of oneLine) {
    // A pipe after an odd number of backslashes is already escaped.
    if (ch === '|' && backslashes % 2 === 0) out += '\\';
    out += ch;
    backslashes = ch === '\\' ? backslashes + 1 : 0;
  }
  return out;
}

/** A GFM table; every cell must already be inline Markdown (see {@link tableCell}). */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => tableCell(c) || ' ').join(' | ')} |`;
  return [line(header), `| ${header.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** Markdown link; the text is inline Markdown, the route an absolute site route. */
export function link(text: string, route: string, anchor?: string): string {
  return `[${text}](${route}${anchor ? `#${anchor}` : ''})`;
}

/** YAML frontmatter. JSON strings are valid YAML scalars, so no value can break the block. */
export function frontmatter(fields: Record<string, string>): string {
  const lines = Object.entries(fields).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return ['---', ...lines, '---', ''].join('\n');
}
