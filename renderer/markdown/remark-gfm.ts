import type { Root, Text } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';
import { knownTreeExtension, namedSyntax, optionalSyntax } from './remark-parse.ts';
import { mayHoldAutolinkLiteral, mayHoldFootnote, mayHoldStrikethrough, mayHoldTable } from './syntax-presence.ts';
import { SKIP, walk } from './walk.ts';

type FromMarkdownExtension = ReturnType<typeof gfmFromMarkdown>[number];
type Transform = NonNullable<FromMarkdownExtension['transforms']>[number];

/**
 * What each of the autolink-literal pass's patterns needs in a text node: a URL's "http://",
 * "https://" or "www." (matched case-insensitively there too), or an address's "@".
 */
const MAY_HOLD_LITERAL = /@|https?:\/\/|www\./i;

/** Whether any text node of the tree could hold a literal the pass would turn into a link. */
function mayHoldLiteral(tree: Root): boolean {
  let found = false;
  walk<Text>(tree, 'text', (node) => {
    if (found) return SKIP;
    if (MAY_HOLD_LITERAL.test(node.value)) found = true;
  });
  return found;
}

/** The pass, run only on trees where it can find something: it walks every node of every doc, ~8 % of compiling one. */
function guarded(transform: Transform): Transform {
  return (tree) => (mayHoldLiteral(tree) ? transform(tree) : undefined);
}

const autolinkTransforms = new Set(gfmAutolinkLiteralFromMarkdown().transforms ?? []);

/**
 * GitHub Flavored Markdown parsed as remark-gfm parses it (same syntax, same trees; this
 * pipeline never serialises through unified, so no stringify extension), except that the autolink-literal pass (bare URLs and e-mail addresses in text become links) is
 * skipped on trees whose text holds none of what it looks for, and that the syntax extensions
 * are given one by one (in micromark-extension-gfm's order), each but task lists' with the test
 * that lets remark-parse.ts leave it out of a body that cannot hold its syntax. Task list items
 * stay: their check is tried only at the start of a list item, and its syntax is harder to rule out.
 */
export default function remarkGfm(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(
    optionalSyntax(gfmAutolinkLiteral(), mayHoldAutolinkLiteral, 'autolinkLiteral'),
    optionalSyntax(gfmFootnote(), mayHoldFootnote, 'footnote'),
    optionalSyntax(gfmStrikethrough(), mayHoldStrikethrough, 'strikethrough'),
    optionalSyntax(gfmTable(), mayHoldTable, 'table'),
    namedSyntax(gfmTaskListItem(), 'taskListItem'),
  );
  const fromMarkdown = gfmFromMarkdown().map((extension) =>
    extension.transforms?.some((t) => autolinkTransforms.has(t))
      ? { ...extension, transforms: extension.transforms.map((t) => (autolinkTransforms.has(t) ? guarded(t) : t)) }
      : extension,
  );
  (data.fromMarkdownExtensions ??= []).push(knownTreeExtension(fromMarkdown));
}
