import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import remarkDirectivePackage from 'remark-directive';
import remarkGfmPackage from 'remark-gfm';
import remarkParsePackage from 'remark-parse';
import { unified } from 'unified';
import remarkDirective from '../../renderer/markdown/remark-directive.ts';
import remarkGfm from '../../renderer/markdown/remark-gfm.ts';
import remarkParse from '../../renderer/markdown/remark-parse.ts';
import { MARKDOWN_PIECES } from '../helpers/markdown-pieces.ts';
import {
  mayHoldAutolinkLiteral,
  mayHoldDirective,
  mayHoldFootnote,
  mayHoldStrikethrough,
  mayHoldTable,
} from '../../renderer/markdown/syntax-presence.ts';

// The pipeline's parse (syntax extensions left out of bodies that cannot hold their syntax)
// against the packages' (every extension on every body): the trees must be equal, positions included.
const ours = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();
const reference = unified().use(remarkParsePackage).use(remarkGfmPackage).use(remarkDirectivePackage).freeze();
const expectSameTree = (body: string) =>
  expect(ours.parse(body), JSON.stringify(body)).toStrictEqual(reference.parse(body));
const types = (body: string) =>
  JSON.stringify(ours.parse(body))
    .match(/"type":"\w+"/g)
    ?.join(' ') ?? '';

/** Each construct at the edge of what its test looks for, with whether the test must say "may hold". */
const EDGES: [string, (body: string) => boolean, boolean, string][] = [
  ['a user@example.com b', mayHoldAutolinkLiteral, true, 'link'],
  ['a x@y.z b', mayHoldAutolinkLiteral, true, 'link'],
  ['a x@.z b', mayHoldAutolinkLiteral, true, 'link'],
  ['see WwW.Example.com', mayHoldAutolinkLiteral, true, 'link'],
  ['see HTTPS://example.com and HtTp://x.y', mayHoldAutolinkLiteral, true, 'link'],
  ['@decorator() and @scope/pkg and x@y. and ftp://host and ww.x', mayHoldAutolinkLiteral, false, ''],
  ['a[^1]\n\n[^1]: note', mayHoldFootnote, true, 'footnoteReference'],
  ['a ^[1] [ ^1] !^[1]', mayHoldFootnote, false, ''],
  ['a ~b~ c', mayHoldStrikethrough, true, 'delete'],
  ['a\n:-', mayHoldTable, true, 'table'],
  ['a\n-:', mayHoldTable, true, 'table'],
  ['| a |\n| - |', mayHoldTable, true, 'table'],
  ['a\n---\n\nb\n- -', mayHoldTable, false, ''],
  [':name and alpine:3.20', mayHoldDirective, true, 'textDirective'],
  ['::leaf', mayHoldDirective, true, 'leafDirective'],
  [':::note\nx\n:::', mayHoldDirective, true, 'containerDirective'],
  ['a:\tb', mayHoldDirective, true, 'textDirective'],
  ['a: b, a:: b, ::: x, a:-b, https://x', mayHoldDirective, false, ''],
];

// Every character the optional constructs look at, and the CommonMark ones around them.
const SYNTAX = [...':[]^~|-@.wWhHtTpPsS/xX_+ \t\n\r!*`()>#{}="\\a1é'];

describe('syntax extensions left out where their syntax cannot be (renderer/markdown/syntax-presence.ts)', () => {
  it('finds each construct that is there, and its tree is the reference tree', () => {
    for (const [body, mayHold, expected, type] of EDGES) {
      expect(mayHold(body), body).toBe(expected);
      if (type) expect(types(body), body).toContain(`"type":"${type}"`);
      expectSameTree(body);
    }
  });

  it('gives the reference tree on random bodies made of the syntax characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SYNTAX), { maxLength: 60 }), (chars) => {
        expectSameTree(chars.join(''));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the reference tree on random lines of Markdown', () => {
    const piece = fc.constantFrom(...MARKDOWN_PIECES);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        expectSameTree(pieces.join(''));
      }),
      { numRuns: 1000 },
    );
  });
});
