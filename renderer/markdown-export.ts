import { toString } from 'mdast-util-to-string';
import remarkDirective from 'remark-directive';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { MarkdownInput } from './markdown-copy.ts';
import { ALERT_MARKER, alertKind, DIRECTIVES, type DirectiveRegistry } from './markdown/directives/index.ts';
import { stripHeadingIds } from './markdown/heading-ids.ts';

const FENCE = /^\s*(`{3,}|~{3,})/;
const OPEN = /^(\s*)(:{3,})([a-z][\w-]*)(?:\[(.*)\])?(?:\{.*\})?\s*$/;
const CLOSE = /^\s*(:{3,})\s*$/;
const LEAF = /^\s*::([a-z][\w-]*)(\[.*\])?(\{.*\})?\s*$/;
// As remark-directive reads a text directive: a name after a single colon, then an optional label.
const TEXT = /(?<!:):([a-zA-Z][\w-]*)(?:\[([^\]]*)\])?(?:\{[^}]*\})?/g;
const CODE_SPAN = /(`+)[\s\S]*?\1/g;
// A line's quote markers (`> `, `> > `) and the rest of it.
const QUOTED = /^((?:[ \t]{0,3}>[ \t]?)*)(.*)$/;

const quoteDepth = (line: string | undefined) => (line === undefined ? 0 : (QUOTED.exec(line)![1].match(/>/g)?.length ?? 0));

/**
 * A GitHub alert's marker line (`> [!NOTE]`, the first line of its quote, content after it) as
 * the admonition's title line, `> **Note**` then `>`: the form `:::note` exports to.
 */
function alertTitle(lines: string[], i: number, directives: DirectiveRegistry): string[] | undefined {
  const [, quote, rest] = QUOTED.exec(lines[i])!;
  const depth = quoteDepth(lines[i]);
  if (!depth || quoteDepth(lines[i - 1]) >= depth || quoteDepth(lines[i + 1]) < depth) return undefined;
  const marker = ALERT_MARKER.exec(rest);
  const kind = marker && alertKind(marker[1]);
  const title = kind ? directives.get('container', kind)?.markdown(kind).title : undefined;
  if (!title) return undefined;
  const blank = QUOTED.exec(lines[i + 1])![2].trim() === '';
  return blank ? [`${quote}**${title}**`] : [`${quote}**${title}**`, quote.trimEnd()];
}

const directiveParser = unified().use(remarkParse).use(remarkDirective);

/** The label and attributes of a `::name[label]{…}` line, read by remark-directive itself. */
function leafDirective(line: string): { attributes: Record<string, string>; label?: string } {
  const node = directiveParser.parse(line.trim()).children[0];
  if (node?.type !== 'leafDirective') return { attributes: {} };
  const attributes = Object.fromEntries(Object.entries(node.attributes ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { attributes, label: node.children.length ? toString(node) : undefined };
}

/** Registered text directives replaced in a line, code spans left alone. */
function flattenTextDirectives(line: string, directives: DirectiveRegistry): string {
  const replace = (part: string) =>
    part.replace(TEXT, (match, name: string, label?: string) => directives.get('text', name)?.markdown(name, label) ?? match);
  let out = '';
  let last = 0;
  for (const code of line.matchAll(CODE_SPAN)) {
    out += replace(line.slice(last, code.index)) + code[0];
    last = code.index + code[0].length;
  }
  return out + replace(line.slice(last));
}

/**
 * Directives become plain Markdown an agent (or any Markdown reader) understands: admonitions
 * (and GitHub alerts, which render as admonitions) turn into quoted blocks titled in bold, tabs
 * and details into bold labels. Line-based, because directive
 * fences are line-based and parsing then re-serialising every page costs seconds per thousand.
 */
export function flattenDirectives(body: string, directives: DirectiveRegistry = DIRECTIVES): string {
  const hasText = directives.entries.some((e) => e.kind === 'text');
  const out: string[] = [];
  const stack: { colons: number; quote: boolean }[] = [];
  let fence: string | undefined;
  const prefix = () => '> '.repeat(stack.filter((s) => s.quote).length);
  const lines = body.split('\n');
  for (const [i, line] of lines.entries()) {
    if (fence) {
      out.push(prefix() + line);
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
      continue;
    }
    const f = FENCE.exec(line);
    if (f) {
      fence = f[1];
      out.push(prefix() + line);
      continue;
    }
    const leafLine = LEAF.exec(line);
    const leaf = directives.get('leaf', leafLine?.[1] ?? '');
    if (leaf) {
      const markdown = leaf.markdown({ ...(leafLine![2] || leafLine![3] ? leafDirective(line) : { attributes: {} }) });
      if (markdown !== undefined) out.push(...markdown.split('\n').map((l) => prefix() + l));
      continue;
    }
    const open = OPEN.exec(line);
    if (open) {
      const [, , colons, name, label] = open;
      // Unknown names (the build reports them) keep their content, unquoted and untitled.
      const { quote, title: defaultTitle } = directives.get('container', name)?.markdown(name) ?? { quote: false };
      const title = label ?? defaultTitle;
      stack.push({ colons: colons.length, quote });
      if (title) out.push(`${prefix()}**${title}**`, prefix().trimEnd());
      continue;
    }
    const alert = line.includes('[!') ? alertTitle(lines, i, directives) : undefined;
    if (alert) {
      out.push(...alert.map((l) => prefix() + l));
      continue;
    }
    const close = CLOSE.exec(line);
    if (close && stack.length && close[1].length >= stack[stack.length - 1].colons) {
      stack.pop();
      out.push(prefix().trimEnd());
      continue;
    }
    const plain = stripHeadingIds(line);
    const text = hasText ? flattenTextDirectives(plain, directives) : plain;
    out.push(text === '' ? prefix().trimEnd() : prefix() + text);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * A doc as plain Markdown: its title, description, canonical URL and where the index of every
 * page is (llms.txt), so a copy read on its own says where it belongs; then the flattened body.
 */
export function docToMarkdown(doc: MarkdownInput, directives: DirectiveRegistry = DIRECTIVES): string {
  const front = [`# ${doc.title}`, ...(doc.description ? [`> ${doc.description}`] : []), `Canonical URL: ${doc.url}\nIndex of every page, as Markdown (llms.txt): ${doc.llmsUrl}`];
  return `${front.join('\n\n')}\n\n${flattenDirectives(doc.body, directives)}\n`;
}
