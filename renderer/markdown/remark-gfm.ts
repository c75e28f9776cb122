import type { Root, Text } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Processor } from 'unified';
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
 * skipped on trees whose text holds none of what it looks for.
 */
export default function remarkGfm(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfm());
  const fromMarkdown = gfmFromMarkdown().map((extension) =>
    extension.transforms?.some((t) => autolinkTransforms.has(t))
      ? { ...extension, transforms: extension.transforms.map((t) => (autolinkTransforms.has(t) ? guarded(t) : t)) }
      : extension,
  );
  (data.fromMarkdownExtensions ??= []).push(fromMarkdown);
}
