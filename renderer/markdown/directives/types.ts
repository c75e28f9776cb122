import type { Element } from 'hast';
import type { Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { Node } from 'unist';

/** What remark-directives hands an entry while it renders one page. */
export interface RenderContext {
  /** Markdown → mdast with the page's own processor, for directives that expand into Markdown. */
  parse(markdown: string): Root;
  /** A build problem at the node, with a hint on how to fix it. */
  report(node: Node, message: string, hint: string): void;
  /**
   * A file the directive points to (`/media/demo.mp4` in content/static, or a path relative to the
   * doc): its URL in the page, base URL included. Reports a problem at the node and gives
   * undefined when the URL is not a file of the site or the file does not exist.
   */
  file(node: Node, url: string): string | undefined;
  /** 0, 1, 2, … per page and key: unique ids for elements a directive repeats on a page. */
  sequence(key: string): number;
}

/**
 * How a rendered directive's elements go into search records (renderer/search/records.ts).
 * Without hooks its paragraphs, lists and tables are indexed like any other.
 */
export interface DirectiveSearch {
  /** Elements whose text never reaches the index, not even inside a surrounding record. */
  hidden?(el: Element): boolean;
  /**
   * The content record of an element this directive rendered: a string is recorded (the walk
   * does not enter the element), null records nothing, undefined leaves the element to the walk.
   */
  record?(el: Element, textOf: (el: Element) => string): string | null | undefined;
  /** Tags this directive renders that are blocks of their own: a list item's text stops at them. */
  blocks?: readonly string[];
}

/** What a `:::name` container becomes in the Markdown copy (renderer/markdown/remark-markdown-copy.ts). */
export interface ContainerMarkdown {
  /** Quote the content (`> `), as a reader cannot tell an admonition's end otherwise. */
  quote: boolean;
  /** Bold line heading the content when the author gives no `[label]`. */
  title?: string;
}

interface Entry<Kind extends string, N> {
  /** Directive names as written after the colons; one entry may serve a family. */
  names: readonly string[];
  kind: Kind;
  /** Where the directive belongs when not just anywhere, told in the unknown-directive hint. */
  where?: string;
  /**
   * mdast → hast: sets `data.hName`/`hProperties` on the node and reshapes its children, or
   * returns the nodes that replace it (these are rendered in turn).
   */
  render(node: N, context: RenderContext): RootContent[] | void;
  search?: DirectiveSearch;
}

/** `:::name[label]{attrs}` … `:::` around Markdown. */
export interface ContainerEntry extends Entry<'container', ContainerDirective> {
  markdown(name: string): ContainerMarkdown;
}

/** What the Markdown copy knows of a `::name[label]{attributes}` directive. */
export interface LeafMarkdownContext {
  /** The `{…}` attributes, as remark-directive reads them. */
  attributes: Readonly<Record<string, string>>;
  label?: string;
}

/** `::name` on a line of its own. */
export interface LeafEntry extends Entry<'leaf', LeafDirective> {
  /** The Markdown replacing the directive; undefined drops it. */
  markdown(context: LeafMarkdownContext): string | undefined;
}

/** `:name[label]{attrs}` inside a paragraph. */
export interface TextEntry extends Entry<'text', TextDirective> {
  /** The Markdown replacing the directive in its line. */
  markdown(name: string, label: string | undefined): string;
}

export type DirectiveEntry = ContainerEntry | LeafEntry | TextEntry;
export type DirectiveKind = DirectiveEntry['kind'];
