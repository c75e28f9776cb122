import type { Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { cliMarkdown, type CliData } from './markdown/cli-data.ts';

const LABELS: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

function labelOf(node: ContainerDirective): { label?: RootContent[]; rest: RootContent[] } {
  const [first, ...rest] = node.children as RootContent[];
  if (first?.type === 'paragraph' && (first.data as any)?.directiveLabel) return { label: first.children as RootContent[], rest };
  return { rest: node.children as RootContent[] };
}

/** Directives become plain Markdown an agent (or any Markdown reader) understands. */
function plainDirectives(options: { cli?: CliData; parse: (md: string) => Root }) {
  return (tree: Root) => {
    const walk = (children: RootContent[]): RootContent[] =>
      children.flatMap((node): RootContent[] => {
        const n = node as any;
        if (n.type === 'leafDirective' && n.name === 'cli-reference') return options.cli ? options.parse(cliMarkdown(options.cli)).children : [];
        if (n.type === 'textDirective') return [{ type: 'text', value: `:${n.name}` }];
        if (n.type !== 'containerDirective') {
          if (Array.isArray(n.children)) n.children = walk(n.children);
          return [node];
        }
        const { label, rest } = labelOf(n);
        const body = walk(rest);
        if (n.name in LABELS) {
          const title = label ?? [{ type: 'text', value: LABELS[n.name] }];
          return [{ type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'strong', children: title as any }] }, ...body] as any }];
        }
        if (n.name === 'details') return [{ type: 'paragraph', children: [{ type: 'strong', children: (label ?? [{ type: 'text', value: 'Details' }]) as any }] }, ...body];
        if (n.name === 'tabs') return body;
        if (n.name === 'tab') return [{ type: 'paragraph', children: [{ type: 'strong', children: (label ?? [{ type: 'text', value: 'Tab' }]) as any }] }, ...body];
        return body;
      });
    tree.children = walk(tree.children) as any;
  };
}

/** A doc as plain Markdown: title, description, then the body with directives flattened. */
export function docToMarkdown(doc: { title: string; description?: string; body: string; url: string }, cli?: CliData): string {
  const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
  const parse = (md: string) => parser.parse(md) as Root;
  const tree = parse(doc.body);
  plainDirectives({ cli, parse })(tree);
  // Stringify without the directive extension: nothing is a directive any more, so ':' needs no escape.
  const body = unified().use(remarkGfm).use(remarkStringify, { bullet: '-', fences: true }).stringify(tree).trim();
  return `# ${doc.title}\n\n${doc.description ? `> ${doc.description}\n\n` : ''}Source: ${doc.url}\n\n${body}\n`;
}
