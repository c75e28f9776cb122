import type { Heading, Parents, Root, RootContent, Text } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { defaultHandlers, toMarkdown, type Handle, type Options } from 'mdast-util-to-markdown';
import type { VFile } from 'vfile';
import type { CliData } from './cli-data.ts';
import { ctx } from './context.ts';
import { DIRECTIVES, type DirectiveRegistry } from './directives/index.ts';
import { parseHeadingIds } from './heading-ids.ts';

export interface MarkdownCopyOptions {
  cli?: CliData;
  directives?: DirectiveRegistry;
}

const isLabel = (node: RootContent | undefined) => node?.type === 'paragraph' && (node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel === true;

/** The string attributes of a directive (`{src="…"}`), as its `markdown` hook reads them. */
function attributesOf(node: ContainerDirective | LeafDirective | TextDirective): Record<string, string> {
  return Object.fromEntries(Object.entries(node.attributes ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * The handlers that make directives plain Markdown an agent (or any Markdown reader)
 * understands, through each registry entry's `markdown` hook: admonitions (and GitHub alerts,
 * which remark-alerts has made admonitions by now) become quoted blocks titled in bold, tabs and
 * details bold labels, leaf directives what their hook writes. The registry owns every name, so
 * mdast-util-directive's own serialiser (which would write `:::note` back) is not used.
 */
function directiveHandlers(options: MarkdownCopyOptions): Options['handlers'] {
  const registry = options.directives ?? DIRECTIVES;
  const containerDirective: Handle = (node: ContainerDirective, _parent, state, info) => {
    const exit = state.enter('containerDirective' as never);
    // Unknown names (the build reports them) keep their content, unquoted and untitled.
    const shown = registry.get('container', node.name)?.markdown(node.name) ?? { quote: false };
    const [first, ...rest] = node.children;
    const labelled = isLabel(first);
    const tracker = state.createTracker(info);
    if (shown.quote) {
      tracker.move('> ');
      tracker.shift(2);
    }
    const title = labelled ? state.containerPhrasing(first as Parents & { type: 'paragraph' }, { ...tracker.current(), before: '*', after: '*' }) : shown.title;
    const body = state.containerFlow({ type: 'root', children: labelled ? rest : node.children } as Root, tracker.current());
    const value = [title ? `**${title}**` : '', body].filter(Boolean).join('\n\n');
    exit();
    return shown.quote ? state.indentLines(value, (line, _, blank) => '>' + (blank ? '' : ' ') + line) : value;
  };
  const leafDirective: Handle = (node: LeafDirective) => {
    const label = node.children.length ? toString(node) : undefined;
    // Unknown leaf directives are dropped, as rendering drops them (the build reports them).
    return registry.get('leaf', node.name)?.markdown({ cli: options.cli, attributes: attributesOf(node), label }) ?? '';
  };
  const textDirective: Handle = (node: TextDirective) => {
    const label = node.children.length ? toString(node) : undefined;
    // Unknown text directives are text (`a:b` in prose), as remark-directives puts them back.
    return registry.get('text', node.name)?.markdown(node.name, label) ?? `:${node.name}${label !== undefined ? `[${label}]` : ''}`;
  };
  /** A heading without its `{#id …}`: the copy shows the text a reader sees (remark-heading-ids reads the ids later). */
  const heading: Handle = (node: Heading, parent, state, info) => {
    const last = node.children[node.children.length - 1];
    const parsed = last?.type === 'text' ? parseHeadingIds(last.value) : undefined;
    const shown = parsed ? { ...node, children: [...node.children.slice(0, -1), { ...(last as Text), value: parsed.text }] } : node;
    return defaultHandlers.heading(shown, parent, state, info);
  };
  return { containerDirective, leafDirective, textDirective, heading } as Options['handlers'];
}

/**
 * How the copy is written: the site's own conventions where authors differ (`-` bullets, `*`
 * emphasis, backtick fences), so every copy reads alike.
 */
function serialiser(options: MarkdownCopyOptions): Options {
  return {
    bullet: '-',
    emphasis: '*',
    strong: '*',
    fence: '`',
    fences: true,
    listItemIndent: 'one',
    rule: '-',
    // Columns are not padded to one width: that costs an agent tokens and a reader nothing.
    extensions: [gfmToMarkdown({ tablePipeAlign: false })],
    handlers: directiveHandlers(options),
  };
}

/**
 * Writes the doc's Markdown copy from the tree the page itself is compiled from (one parse per
 * doc), into the doc's context (`markdown`). Runs after remark-alerts and before
 * remark-directives: rendering replaces directives and code with HTML, and the copy needs them
 * as written.
 */
export default function remarkMarkdownCopy(options: MarkdownCopyOptions = {}) {
  const settings = serialiser(options);
  return (tree: Root, file: VFile) => {
    ctx(file).markdown = toMarkdown(tree, settings).trim();
  };
}
