import type { Root } from 'mdast';
import type { Extension as MdastExtension } from 'mdast-util-from-markdown';
import type { Extension } from 'micromark-util-types';
import type { Plugin } from 'unified';
import { parseMarkdown } from './parse/fast-parse.ts';
import { NO_SYNTAX, type Syntax, type SyntaxName } from './parse/syntax.ts';

/** Whether a body may hold the syntax of an extension: false only when no token of it can come out of the body. */
export type MayHold = (body: string) => boolean;

const optional = new WeakMap<Extension, MayHold>();
const names = new WeakMap<Extension, SyntaxName>();
const knownTreeExtensions = new WeakSet<object>();

/**
 * Marks a micromark extension that the parse may leave out of a body `mayHold` says cannot hold
 * its syntax. Leaving out an extension none of whose constructs can succeed gives the same tree:
 * micromark tries every construct hooked on a character wherever that character comes, a failed
 * attempt leaves no event behind, and the text it would have split stays one `data` run (runs are
 * merged before the tree is built). `name` tells the fast parse (parse/fast-parse.ts) which syntax
 * it is; an extension without one makes every body it is used for go to micromark whole.
 */
export function optionalSyntax(extension: Extension, mayHold: MayHold, name?: SyntaxName): Extension {
  optional.set(extension, mayHold);
  if (name) names.set(extension, name);
  return extension;
}

/** Names the syntax of an extension used on every body (see optionalSyntax). */
export function namedSyntax(extension: Extension, name: SyntaxName): Extension {
  names.set(extension, name);
  return extension;
}

/** Marks mdast extensions that only build the nodes of named syntax (and run transforms, which the fast parse runs too). */
export function knownTreeExtension<T extends MdastExtension | MdastExtension[]>(extension: T): T {
  knownTreeExtensions.add(extension);
  return extension;
}

/** The syntax of a body's extensions, or undefined when one of them is not known to the fast parse. */
function syntaxOf(extensions: Extension[], mdastExtensions: (MdastExtension | MdastExtension[])[]): Syntax | undefined {
  const syntax = { ...NO_SYNTAX };
  for (const extension of extensions) {
    const name = names.get(extension);
    if (!name) return undefined;
    syntax[name] = true;
  }
  return mdastExtensions.every((extension) => knownTreeExtensions.has(extension)) ? syntax : undefined;
}

/**
 * remark-parse, except that each body is tokenized only with the micromark extensions whose syntax
 * it may hold (optionalSyntax): GFM's autolink literals alone try a construct at every word of
 * every paragraph, ~40 % of tokenizing a doc without one. Extensions added without a check, and
 * every mdast extension, are always used. The tree is built by parse/fast-parse.ts, which gives
 * micromark's tree.
 */
const remarkParse: Plugin<[], string, Root> = function () {
  const data = this.data();
  this.parser = (body) => {
    const extensions = (data.micromarkExtensions ?? []).filter((extension) => optional.get(extension)?.(body) ?? true);
    const mdastExtensions = data.fromMarkdownExtensions ?? [];
    return parseMarkdown(body, { extensions, mdastExtensions, syntax: syntaxOf(extensions, mdastExtensions) });
  };
};
export default remarkParse;
