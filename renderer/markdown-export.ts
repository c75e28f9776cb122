import { cliMarkdown, type CliData } from './markdown/cli-data.ts';
import { TEXTS } from '../theme/shared/texts.ts';

const LABELS: Record<string, string> = TEXTS.admonitions;
const FENCE = /^\s*(`{3,}|~{3,})/;
const OPEN = /^(\s*)(:{3,})([a-z][\w-]*)(?:\[(.*)\])?(?:\{.*\})?\s*$/;
const CLOSE = /^\s*(:{3,})\s*$/;

/**
 * Directives become plain Markdown an agent (or any Markdown reader) understands: admonitions
 * turn into quoted blocks, tabs and details into bold labels. Line-based, because directive
 * fences are line-based and parsing then re-serialising every page costs seconds per thousand.
 */
export function flattenDirectives(body: string, cli?: CliData): string {
  const out: string[] = [];
  const stack: { colons: number; quote: boolean }[] = [];
  let fence: string | undefined;
  const prefix = () => '> '.repeat(stack.filter((s) => s.quote).length);
  for (const line of body.split('\n')) {
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
    if (line.trim() === '::cli-reference') {
      if (cli) out.push(...cliMarkdown(cli).split('\n').map((l) => prefix() + l));
      continue;
    }
    const open = OPEN.exec(line);
    if (open) {
      const [, , colons, name, label] = open;
      const quote = name in LABELS;
      const title = label ?? LABELS[name] ?? (name === 'details' ? 'Details' : undefined);
      stack.push({ colons: colons.length, quote });
      if (title) out.push(`${prefix()}**${title}**`, prefix().trimEnd());
      continue;
    }
    const close = CLOSE.exec(line);
    if (close && stack.length && close[1].length >= stack[stack.length - 1].colons) {
      stack.pop();
      out.push(prefix().trimEnd());
      continue;
    }
    out.push(line === '' ? prefix().trimEnd() : prefix() + line);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** A doc as plain Markdown: title, description, source URL, then the flattened body. */
export function docToMarkdown(doc: { title: string; description?: string; body: string; url: string }, cli?: CliData): string {
  return `# ${doc.title}\n\n${doc.description ? `> ${doc.description}\n\n` : ''}Source: ${doc.url}\n\n${flattenDirectives(doc.body, cli)}\n`;
}
