import type { JSONOutput as J } from 'typedoc';
import rehypeSlug from 'rehype-slug';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { firstSentence, partsToMarkdown } from '../../content/plugins/typescript-api/markdown/comment.ts';
import {
  escapeCommentText,
  escapeLiteral,
  inlineCode,
  table,
} from '../../content/plugins/typescript-api/markdown/escape.ts';
import {
  signatureToText,
  typeToMarkdown,
  typeToText,
} from '../../content/plugins/typescript-api/markdown/type-format.ts';
import { hastText } from './helpers.ts';

/** TypeDoc's reflection ids are branded numbers. */
const rid = (n: number) => n as J.ReflectionId;

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkRehype).use(rehypeSlug);

/** Markdown → the text a reader sees, through the engine's dialect. */
async function rendered(markdown: string): Promise<string> {
  return hastText(await processor.run(processor.parse(markdown)));
}

async function nodeTypes(markdown: string): Promise<string[]> {
  const types: string[] = [];
  const walk = (n: { type: string; children?: unknown[] }) => {
    types.push(n.type);
    (n.children as { type: string }[] | undefined)?.forEach(walk);
  };
  walk(processor.parse(markdown) as never);
  return types;
}

const TRICKY = [
  'a | b',
  'Replace "${VAR}" or "$VAR"',
  'registry.example.com/user/repo:tag',
  'A user:group to set',
  'owner 1000:1000 at 2023-01-01T00:00:00Z',
  '<div>html</div> & &amp; more',
  '["node_modules/**", "*.go", ".git*"]',
  'API_SECRET and REGULAR_TYPE',
  '`code` and *stars* and [brackets](not-a-link)',
  '~tilde~ and ~~double~~',
  '\\ backslash \\n and \\|',
  '# not a heading',
];

describe('escapeLiteral', () => {
  it.each(TRICKY)('renders %j exactly as written, in prose and in a table cell', async (text) => {
    expect((await rendered(`Text: ${escapeLiteral(text)}`)).trim()).toBe(`Text: ${text}`);
    const md = table(['Value'], [[escapeLiteral(text)]]);
    expect((await rendered(md)).replace(/\s+/g, ' ').trim()).toBe(`Value ${text}`.replace(/\s+/g, ' '));
    expect(await nodeTypes(md)).not.toContain('textDirective');
  });
});

describe('escapeCommentText', () => {
  it('keeps Markdown a TSDoc author meant, and makes the rest literal', async () => {
    expect(await rendered(escapeCommentText('See [the docs](https://docs.dagger.io) for **bold** advice.'))).toBe(
      'See the docs for bold advice.',
    );
    expect(await nodeTypes(escapeCommentText('Use **bold** and _emphasis_.'))).toEqual(
      expect.arrayContaining(['strong', 'emphasis']),
    );
    const globs = 'Exclude patterns (e.g. ["node_modules/**", ".git*"]) for API_SECRET.';
    expect((await rendered(escapeCommentText(globs))).trim()).toBe(globs);
    expect(await nodeTypes(escapeCommentText(globs))).not.toContain('emphasis');
  });

  it('never leaves a text directive, raw HTML or heading', async () => {
    const text = '# Title\nExample:"registry.dagger.io/engine:latest" and user:group, <b>bold</b> {x}';
    const md = escapeCommentText(text);
    const types = await nodeTypes(md);
    expect(types).not.toContain('textDirective');
    expect(types).not.toContain('html');
    expect(types).not.toContain('heading');
    expect((await rendered(md)).trim()).toBe(text);
  });

  it('keeps an escape the author wrote', async () => {
    expect((await rendered(escapeCommentText('a \\* b'))).trim()).toBe('a * b');
  });
});

describe('comment parts', () => {
  const resolve = (id: number) =>
    id === 7 ? { route: '/reference/typescript/x/classes/Seven', anchor: 'run' } : undefined;

  it('links {@link} targets in the reference and keeps others as code', () => {
    const parts: J.CommentDisplayPart[] = [
      { kind: 'text', text: 'Call ' },
      { kind: 'inline-tag', tag: '@link', text: 'Seven.run', target: rid(7) },
      { kind: 'text', text: ' or ' },
      { kind: 'inline-tag', tag: '@link', text: 'Elsewhere', target: rid(99) },
      { kind: 'text', text: '.' },
    ];
    expect(partsToMarkdown(parts, resolve)).toBe(
      'Call [Seven.run](/reference/typescript/x/classes/Seven#run) or `Elsewhere`.',
    );
  });

  it('squeezes fenced code and paragraphs into one table cell', () => {
    const parts: J.CommentDisplayPart[] = [
      { kind: 'text', text: 'First | second.\n\nThen:\n' },
      { kind: 'code', text: '```sh\necho a | wc -l\n```' },
    ];
    expect(partsToMarkdown(parts, resolve, 'cell')).toBe('First \\| second. Then: `echo a \\| wc -l`');
  });

  it('gives unknown fence languages the text language', () => {
    const parts: J.CommentDisplayPart[] = [{ kind: 'code', text: '```mylang title="x"\ncode\n```' }];
    expect(partsToMarkdown(parts, resolve)).toBe('```text title="x"\ncode\n```');
  });

  it('takes the first sentence as description, ignoring e.g. and cutting long ones', () => {
    const comment = (text: string): J.Comment => ({ summary: [{ kind: 'text', text }] });
    expect(firstSentence(comment('Mount a cache (e.g. for npm) at a path. Then more.'))).toBe(
      'Mount a cache (e.g. for npm) at a path.',
    );
    const parts: J.CommentDisplayPart[] = [
      { kind: 'text', text: 'Uses ' },
      { kind: 'code', text: '`code`' },
      { kind: 'text', text: ' and [a link](https://x.y). More.' },
    ];
    expect(firstSentence({ summary: parts })).toBe('Uses code and a link.');
    const long = firstSentence(comment(`${'word '.repeat(60)}end.`));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('type formatting', () => {
  const ref = (name: string, target: J.ReferenceType['target'], typeArguments?: J.SomeType[]): J.ReferenceType => ({
    type: 'reference',
    name,
    target,
    typeArguments,
  });
  const resolve = (id: number) => (id === 1 ? { route: '/reference/typescript/m/classes/Box' } : undefined);
  const external = { packageName: 'typescript', packagePath: 'lib/lib.es5.d.ts', qualifiedName: 'Promise' };

  it('links SDK types and leaves outside types as plain text', async () => {
    const t: J.SomeType = ref('Promise', external as never, [{ type: 'array', elementType: ref('Box', rid(1)) }]);
    expect(typeToText(t)).toBe('Promise<Box[]>');
    const md = typeToMarkdown(t, resolve);
    expect(md).toBe('Promise\\<[Box](/reference/typescript/m/classes/Box)\\[\\]\\>');
    expect((await rendered(md)).trim()).toBe('Promise<Box[]>');
  });

  it('escapes unions for table cells and parenthesises where TypeScript needs it', async () => {
    const union: J.SomeType = {
      type: 'union',
      types: [
        { type: 'literal', value: 'a' },
        { type: 'intrinsic', name: 'number' },
      ],
    };
    expect(typeToText({ type: 'array', elementType: union })).toBe('("a" | number)[]');
    const cell = table(['Type'], [[typeToMarkdown(union, resolve)]]);
    expect((await rendered(cell)).replace(/\s+/g, ' ').trim()).toBe('Type "a" | number');
  });

  it('writes signatures on one line, or one parameter per line when long', () => {
    const param = (name: string, optional = false): J.ParameterReflection => ({
      id: rid(0),
      name,
      variant: 'param',
      kind: 32768,
      flags: optional ? { isOptional: true } : {},
      type: { type: 'intrinsic', name: 'string' },
    });
    const sig = (params: J.ParameterReflection[]): J.SignatureReflection => ({
      id: rid(0),
      name: 'f',
      variant: 'signature',
      kind: 4096,
      flags: {},
      parameters: params,
      type: ref('Box', rid(1)),
    });
    expect(signatureToText('', 'withExec', sig([param('a'), param('b', true)]))).toBe(
      'withExec(a: string, b?: string): Box',
    );
    const long = signatureToText('new ', 'Box', sig(Array.from({ length: 8 }, (_, i) => param(`parameterNumber${i}`))));
    expect(long.split('\n')).toHaveLength(10);
    expect(long.startsWith('new Box(\n  parameterNumber0: string,\n')).toBe(true);
  });

  it('builds code spans that survive backticks', () => {
    expect(inlineCode('a`b')).toBe('``a`b``');
  });
});
