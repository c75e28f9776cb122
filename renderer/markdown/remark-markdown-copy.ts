import type { Heading, Parents, Root, RootContent, Text } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { defaultHandlers, toMarkdown, type Handle, type Options } from 'mdast-util-to-markdown';
import type { VFile } from 'vfile';
import { ctx } from './context.ts';
import { DIRECTIVES, type DirectiveRegistry } from './directives/index.ts';
import { parseHeadingIds, stripHeadingIds } from './heading-ids.ts';

export interface MarkdownCopyOptions {
  directives?: DirectiveRegistry;
}

const isLabel = (node: RootContent | undefined) =>
  node?.type === 'paragraph' && (node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel === true;

/** The string attributes of a directive (`{src="…"}`), as its `markdown` hook reads them. */
function attributesOf(node: ContainerDirective | LeafDirective | TextDirective): Record<string, string> {
  return Object.fromEntries(
    Object.entries(node.attributes ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** What a leaf directive's hook writes; unknown ones are dropped, as rendering drops them (the build reports them). */
function leafMarkdown(node: LeafDirective, registry: DirectiveRegistry): string {
  const label = node.children.length ? toString(node) : undefined;
  return registry.get('leaf', node.name)?.markdown({ attributes: attributesOf(node), label }) ?? '';
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
    const title = labelled
      ? state.containerPhrasing(first as Parents & { type: 'paragraph' }, {
          ...tracker.current(),
          before: '*',
          after: '*',
        })
      : shown.title;
    const body = state.containerFlow(
      { type: 'root', children: labelled ? rest : node.children } as Root,
      tracker.current(),
    );
    const value = [title ? `**${title}**` : '', body].filter(Boolean).join('\n\n');
    exit();
    return shown.quote ? state.indentLines(value, (line, _, blank) => '>' + (blank ? '' : ' ') + line) : value;
  };
  const leafDirective: Handle = (node: LeafDirective) => leafMarkdown(node, registry);
  const textDirective: Handle = (node: TextDirective) => {
    const label = node.children.length ? toString(node) : undefined;
    // Unknown text directives are text (`a:b` in prose), as remark-directives puts them back.
    return (
      registry.get('text', node.name)?.markdown(node.name, label) ??
      `:${node.name}${label !== undefined ? `[${label}]` : ''}`
    );
  };
  /** A heading without its `{#id …}`: the copy shows the text a reader sees (remark-heading-ids reads the ids later). */
  const heading: Handle = (node: Heading, parent, state, info) => {
    const last = node.children[node.children.length - 1];
    const parsed = last?.type === 'text' ? parseHeadingIds(last.value) : undefined;
    const shown = parsed
      ? { ...node, children: [...node.children.slice(0, -1), { ...(last as Text), value: parsed.text }] }
      : node;
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

const MAY_REWRITE = /:[A-Za-z]|\{[ \t]*#/;

/** Whether a node's copy differs from its source: it holds a directive or a heading's `{#id}`. */
function rewritten(node: RootContent, registry: DirectiveRegistry): boolean {
  const stack: RootContent[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'containerDirective' || n.type === 'leafDirective') return true;
    if (n.type === 'textDirective' && registry.get('text', n.name)) return true;
    if (n.type === 'heading') {
      const last = n.children[n.children.length - 1];
      if (last?.type === 'text' && parseHeadingIds(last.value)) return true;
    }
    if ('children' in n) stack.push(...(n.children as RootContent[]));
  }
  return false;
}

/**
 * Writes a doc's copy from its tree. A block that needs no rewriting is its own source text,
 * cut out by its position: the author's Markdown as written, and nearly free. Serialising every
 * block with mdast-util-to-markdown cost 40 times the regex export it replaced (730 ms against
 * 18 ms of CPU for the real site's 323 docs), so it serialises only the blocks that change:
 * directives (through their hooks), headings with `{#id}` that are not one `#` line, and what
 * holds them below the top level (a list with a directive inside, a GitHub alert).
 */
class CopyWriter {
  private readonly registry: DirectiveRegistry;
  private readonly settings: Options;
  private source = '';

  constructor(options: MarkdownCopyOptions) {
    this.registry = options.directives ?? DIRECTIVES;
    this.settings = serialiser(options);
  }

  write(tree: Root, source: string): string {
    this.source = source;
    return this.flow(tree.children).trim();
  }

  /** Where a node's first line starts: its indent is part of its source. */
  private lineStart(node: RootContent): number {
    return node.position!.start.offset! - (node.position!.start.column - 1);
  }

  /** Sibling blocks, apart as in the source when both are cut from it (blank lines collapsed to one), else by a blank line. */
  private flow(nodes: RootContent[]): string {
    let out = '';
    let previous: RootContent | undefined;
    for (const node of nodes) {
      const text = this.block(node);
      const cut = text !== undefined;
      const value = text ?? this.rewrite(node);
      if (value === '') continue;
      let gap = '\n\n';
      if (
        cut &&
        previous &&
        /^[ \t]*\n[ \t]*$/.test(this.source.slice(previous.position!.end.offset, this.lineStart(node)))
      )
        gap = '\n';
      out += out === '' ? value : gap + value;
      previous = cut ? node : undefined;
    }
    return out;
  }

  /** The block's own source, when the copy shows it as written (an ATX heading less its `{#…}`); else undefined. */
  private block(node: RootContent): string | undefined {
    const position = node.position;
    if (
      position?.start.offset === undefined ||
      position.end.offset === undefined ||
      node.type === 'containerDirective' ||
      node.type === 'leafDirective'
    )
      return undefined;
    const text = this.source.slice(this.lineStart(node), position.end.offset);
    // Only a directive (`:name`) or a heading id (`{#id}`) is rewritten: most blocks have neither and are not walked.
    if (!MAY_REWRITE.test(text)) return text;
    if (
      node.type === 'heading' &&
      this.source[position.start.offset] === '#' &&
      !rewritten({ ...node, children: node.children.slice(0, -1) }, this.registry)
    )
      return stripHeadingIds(text);
    return rewritten(node, this.registry) ? undefined : text;
  }

  private rewrite(node: RootContent): string {
    if (node.type === 'leafDirective') return leafMarkdown(node, this.registry);
    // A directive written at the start of a line: its content lines stand in the source as they will in the copy.
    if (
      node.type === 'containerDirective' &&
      node.position?.start.column === 1 &&
      this.source[node.position.start.offset!] === ':'
    )
      return this.container(node);
    return toMarkdown({ type: 'root', children: [node] }, this.settings).trim();
  }

  private container(node: ContainerDirective): string {
    const shown = this.registry.get('container', node.name)?.markdown(node.name) ?? { quote: false };
    const [first, ...rest] = node.children;
    const label = isLabel(first) ? (first as { children: RootContent[] }).children : undefined;
    const title = label?.length
      ? this.source.slice(label[0].position!.start.offset, label[label.length - 1].position!.end.offset)
      : shown.title;
    const body = this.flow(label ? rest : node.children);
    const value = [title ? `**${title}**` : '', body].filter(Boolean).join('\n\n');
    return shown.quote
      ? value
          .split('\n')
          .map((line) => (line === '' ? '>' : `> ${line}`))
          .join('\n')
      : value;
  }
}

/**
 * Writes the doc's Markdown copy from the tree the page itself is compiled from (one parse per
 * doc), into the doc's context (`markdown`). Runs after remark-alerts and before
 * remark-directives: rendering replaces directives and code with HTML, and the copy needs them
 * as written.
 */
export default function remarkMarkdownCopy(options: MarkdownCopyOptions = {}) {
  const writer = new CopyWriter(options);
  return (tree: Root, file: VFile) => {
    ctx(file).markdown = writer.write(tree, String(file.value));
  };
}
