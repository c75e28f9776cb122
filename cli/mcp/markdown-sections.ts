import { toString } from 'mdast-util-to-string';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

export interface MarkdownHeading {
  /** Line index in the text. */
  line: number;
  level: number;
  /** The heading as plain text (inline Markdown dropped), as the rendered page shows it. */
  text: string;
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const inline = unified().use(remarkParse);

/** Plain text of a heading's inline Markdown: `` `withExec` options`` → "withExec options". */
export function plainText(markdown: string): string {
  return toString(inline.parse(markdown)).replace(/\s+/g, ' ').trim();
}

/** The ATX headings of a Markdown text outside code fences, the page title (the first `#`) included. */
export function headingsOf(markdown: string): MarkdownHeading[] {
  const out: MarkdownHeading[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((line, i) => {
    const f = FENCE.exec(line);
    if (fence) {
      if (f && line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
      return;
    }
    if (f) {
      fence = f[1];
      return;
    }
    const m = ATX.exec(line);
    if (m) out.push({ line: i, level: m[1].length, text: plainText(m[2]) });
  });
  return out;
}

/** The lines of a heading's section: the heading and everything up to the next heading of its level or above. */
export function sectionAt(markdown: string, headings: MarkdownHeading[], index: number): string {
  const lines = markdown.split('\n');
  const heading = headings[index];
  const next = headings.slice(index + 1).find((h) => h.level <= heading.level);
  return lines
    .slice(heading.line, next ? next.line : lines.length)
    .join('\n')
    .trim();
}

/**
 * The `n`th heading (0-based) of a level with this plain text. Headings are matched by text
 * rather than by slug: a heading's id may be set by hand (`{#id}`, dropped from the copy).
 */
export function findHeading(headings: MarkdownHeading[], level: number, text: string, n: number): number {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const want = norm(text);
  const same = headings.map((h, i) => [h, i] as const).filter(([h]) => h.level === level && norm(h.text) === want);
  return same[Math.min(n, same.length - 1)]?.[1] ?? -1;
}
