import type { Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Extension as MdastExtension } from 'mdast-util-from-markdown';
import type { Extension } from 'micromark-util-types';
import type { Node } from 'unist';
import { BlockParser } from './blocks.ts';
import { chunks } from './chunks.ts';
import { InlineParser } from './inline.ts';
import { Lines } from './lines.ts';
import type { Syntax } from './syntax.ts';

export interface ParseOptions {
  /** The micromark extensions this body is parsed with. */
  extensions: Extension[];
  mdastExtensions: (MdastExtension | MdastExtension[])[];
  /** What those extensions are, or undefined when one is not known to the fast parse. */
  syntax: Syntax | undefined;
}

/** Counts of chunks parsed each way, for the parse-trees script. */
export const parseStats = { fast: 0, micromark: 0, wholeBodies: 0 };

/**
 * mdast-util-from-markdown's tree, built faster: the body is cut into chunks that parse alike
 * alone (chunks.ts); the chunks the fast block and inline parsers cover (blocks.ts, inline.ts:
 * the plain Markdown most docs are made of) are built directly, the others by micromark on that
 * chunk alone, positions shifted into the body. The extensions' tree transforms run once, on the
 * whole tree, as from-markdown runs them. A body the cut cannot be sure of, or one parsed with an
 * extension the fast parse does not know, goes to micromark whole.
 */
export function parseMarkdown(body: string, options: ParseOptions): Root {
  const whole = () => {
    parseStats.wholeBodies++;
    return fromMarkdown(body, { extensions: options.extensions, mdastExtensions: options.mdastExtensions });
  };
  const syntax = options.syntax;
  if (!syntax || syntax.footnote || UNSAFE_CHARACTERS.test(body)) return whole();
  const lines = new Lines(body);
  const parts = chunks(lines, syntax);
  if (!parts) return whole();

  const flat = options.mdastExtensions.flat();
  // Only for chunks micromark parses: the transforms run once, on the whole tree, below.
  let withoutTransforms: MdastExtension[] | undefined;
  const blocks = new BlockParser(lines, syntax, new InlineParser(lines, syntax));
  const children: RootContent[] = [];
  for (const { first, last } of parts) {
    const fast = blocks.parse(first, last);
    if (fast) {
      parseStats.fast++;
      for (const node of fast) children.push(node);
      continue;
    }
    parseStats.micromark++;
    const start = lines.starts[first];
    const tree = fromMarkdown(body.slice(start, lines.ends[last]), {
      extensions: options.extensions,
      mdastExtensions: (withoutTransforms ??= flat.map((extension) =>
        extension.transforms ? { ...extension, transforms: [] } : extension,
      )),
    });
    for (const node of tree.children) {
      shift(node, first, start);
      children.push(node);
    }
  }
  let tree: Root = {
    type: 'root',
    children,
    position: {
      start: { line: 1, column: 1, offset: 0 },
      end: body.length > 0 ? lines.point(lines.count - 1, body.length) : { line: 1, column: 1, offset: 0 },
    },
  };
  for (const extension of flat)
    for (const transform of extension.transforms ?? []) tree = (transform(tree) as Root | undefined) ?? tree;
  return tree;
}

/**
 * Carriage returns (line endings other than "\n" shift columns), NUL (micromark replaces it) and
 * a byte order mark (skipped at the start): bodies holding one go to micromark whole.
 */
const UNSAFE_CHARACTERS = /[\r\0\uFEFF]/;

/** Moves a chunk's node and its descendants by `lines` lines and `offset` characters. */
function shift(node: Node, lines: number, offset: number): void {
  const position = node.position;
  if (position) {
    position.start.line += lines;
    position.start.offset! += offset;
    position.end.line += lines;
    position.end.offset! += offset;
  }
  const children = (node as { children?: Node[] }).children;
  if (children) for (const child of children) shift(child, lines, offset);
}
