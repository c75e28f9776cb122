/**
 * What a body must contain for each optional micromark extension to find anything (see
 * optionalSyntax in remark-parse.ts). Each test looks at the raw body, code blocks included, so it
 * can only say "may hold" too often, never too rarely: every token these extensions make covers
 * consecutive characters of the source (none spans a container prefix, and character references
 * are not read as the character they name), so the text a test looks for is in the body whenever
 * the token is. Each reason cites the tokenizer's rule; test/renderer/syntax-presence.test.ts
 * checks the trees against a parse with every extension on.
 */

/**
 * GFM autolink literals (micromark-extension-gfm-autolink-literal): "www." (each letter either
 * case), "http://" or "https://" (either case), or an address: an atext character (alphanumeric,
 * `+`, `-`, `.`, `_`), `@`, a domain whose first dot comes after only alphanumerics, `-` or `_`
 * and is followed by an alphanumeric.
 */
const AUTOLINK_LITERAL = /www\.|https?:\/\/|[\w+.-]@[\w-]*\.[a-z\d]/i;
export const mayHoldAutolinkLiteral = (body: string) => AUTOLINK_LITERAL.test(body);

/** GFM footnotes: a definition and a call both open with `[` directly followed by `^`. */
export const mayHoldFootnote = (body: string) => body.includes('[^');

/** GFM strikethrough: its only marker is `~`. */
export const mayHoldStrikethrough = (body: string) => body.includes('~');

/**
 * GFM tables: the delimiter row needs a `|`, or an alignment colon, which is written against its
 * dashes (`:-` or `-:`); a row of dashes alone is a thematic break or a setext underline.
 */
const TABLE = /\||:-|-:/;
export const mayHoldTable = (body: string) => TABLE.test(body);

/**
 * Directives (micromark-extension-directive): one to three or more `:` and then a name, whose
 * first character is anything but a line ending, whitespace or punctuation. The test leaves out
 * only space, line feed, carriage return and ASCII punctuation (a tab does start a name: micromark
 * turns it into a code no whitespace check matches).
 */
const DIRECTIVE = /:[^ \n\r!-/:-@[-`{-~]/;
export const mayHoldDirective = (body: string) => DIRECTIVE.test(body);
