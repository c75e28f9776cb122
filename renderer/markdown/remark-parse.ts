import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Extension } from 'micromark-util-types';
import type { Plugin } from 'unified';

/** Whether a body may hold the syntax of an extension: false only when no token of it can come out of the body. */
export type MayHold = (body: string) => boolean;

const optional = new WeakMap<Extension, MayHold>();

/**
 * Marks a micromark extension that the parse may leave out of a body `mayHold` says cannot hold
 * its syntax. Leaving out an extension none of whose constructs can succeed gives the same tree:
 * micromark tries every construct hooked on a character wherever that character comes, a failed
 * attempt leaves no event behind, and the text it would have split stays one `data` run (runs are
 * merged before the tree is built).
 */
export function optionalSyntax(extension: Extension, mayHold: MayHold): Extension {
  optional.set(extension, mayHold);
  return extension;
}

/**
 * remark-parse, except that each body is tokenized only with the micromark extensions whose syntax
 * it may hold (optionalSyntax): GFM's autolink literals alone try a construct at every word of
 * every paragraph, ~40 % of tokenizing a doc without one. Extensions added without a check, and
 * every mdast extension, are always used.
 */
const remarkParse: Plugin<[], string, Root> = function () {
  const data = this.data();
  this.parser = (body) =>
    fromMarkdown(body, {
      extensions: (data.micromarkExtensions ?? []).filter((extension) => optional.get(extension)?.(body) ?? true),
      mdastExtensions: data.fromMarkdownExtensions ?? [],
    });
};
export default remarkParse;
