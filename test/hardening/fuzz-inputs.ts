/**
 * Bad Markdown for the fuzz test (test/hardening/fuzz.test.ts, a few hundred files in `npm test`)
 * and the long run (bench/fuzz.mjs, 10,000 files): fast-check arbitraries, a fixed corpus of
 * pathological pages, and `checkDoc`, which puts one file through the engine the way a build does
 * (frontmatter → route table → Markdown → hast → link check → React HTML) and classifies the result.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { SourceDoc } from '../../renderer/content.ts';
import { BuildError, ProblemList, type Problem } from '../../renderer/errors.ts';
import { checkLinks } from '../../renderer/links.ts';
import type { DocContext } from '../../renderer/markdown/context.ts';
import type { ToHast } from '../../renderer/markdown/pipeline.ts';
import { contentHtml } from '../../renderer/compile-doc.ts';
import { resolveRoutes } from '../../renderer/routes.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Pieces of Markdown, directives, frontmatter and hostile text that fuzzing strings together. */
export const TOKENS = [
  '\n',
  '\n\n',
  ' ',
  '    ',
  '\t',
  '#',
  '## ',
  '### Same heading',
  '## Same heading',
  '# ',
  '---',
  '***',
  '```',
  '```go',
  '```typescript title="main.ts" {1,3-5}',
  '```klingon',
  '````',
  '~~~',
  '`',
  '``',
  ':::',
  '::::',
  ':::note',
  ':::note[Title',
  ':::tip[Title]',
  ':::details[Sum]',
  '::::tabs{group=sdk}',
  ':::tab[Go]',
  ':::tab',
  ':::unknown-directive',
  '::cli-reference',
  '::leaf{a=1}',
  ':text[x]{y="z"}',
  ':',
  '{',
  '}',
  '{group=',
  '[',
  ']',
  '](',
  ')',
  '[x](/nowhere)',
  '[x](#missing)',
  '[x](./other.md)',
  '[x](../../../../etc/passwd.md)',
  '[x](#%E0%A4%A)',
  '[x](javascript:alert(1))',
  '![img](/img/none.png)',
  '![x](',
  '<https://example.com>',
  '[^1]',
  '[^1]: note',
  '[ref]',
  '[ref]: /x',
  '*',
  '**',
  '_',
  '__',
  '~~',
  '*[',
  '|',
  '| a | b |',
  '|---|---|',
  '|-|',
  '> ',
  '>>>',
  '- ',
  '* ',
  '1. ',
  '99999999999. ',
  '- [ ] ',
  '- [x] ',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '</script>',
  '<!--',
  '-->',
  '&amp;',
  '&#0;',
  '&#x110000;',
  '\\',
  '\u0000',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ud800',
  '\u202e',
  '💥',
  'é',
  'title: x',
  'title:',
  'slug: /../..',
  'a:b',
];

const word = fc.constantFrom(...TOKENS);

/** Token soup: strings of Markdown syntax in random order. */
export const tokenSoup = fc
  .array(fc.oneof(word, word, word, fc.string({ maxLength: 8 })), { maxLength: 120 })
  .map((parts) => parts.join(''));

/** Random bytes read as UTF-8, like readDocs does: bad sequences become U+FFFD; NULs stay. */
export const randomBytes = fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes).toString('utf8'));

/** Any Unicode, surrogates and controls included. */
export const randomText = fc.string({ unit: 'binary', maxLength: 300 });

const yamlValue = fc.oneof(
  fc.constantFrom(
    'x',
    '""',
    "''",
    '123',
    '-1.5',
    '.nan',
    '.inf',
    'true',
    'null',
    '~',
    '[1, 2]',
    '{a: 1}',
    '[',
    '{',
    '"unterminated',
    "'",
    '|',
    '>',
    '&a x',
    '*a',
    '*undefined_alias',
    '!!js/function "function(){}"',
    '!!binary aGk=',
    '!!timestamp 2020-01-01',
    '2020-01-01',
    '0x1F',
    '<script>alert(1)</script>',
    '/..',
    '/a/../../b',
    '?',
    '- a',
    ': :',
  ),
  fc.string({ maxLength: 20 }).map((s) => JSON.stringify(s)),
  fc.integer().map(String),
);
const yamlKey = fc.constantFrom(
  'title',
  'description',
  'sidebar_label',
  'sidebar_position',
  'slug',
  'id',
  'hide_table_of_contents',
  'unlisted',
  'unknown_key',
  '__proto__',
  'constructor',
  '? complex',
  '<<',
);

/** Frontmatter of the wrong types and shapes, then a body. */
export const badFrontmatter = fc
  .tuple(
    fc.array(fc.tuple(yamlKey, yamlValue), { maxLength: 6 }),
    fc.boolean(),
    fc.oneof(tokenSoup, fc.constant('Body.')),
  )
  .map(
    ([pairs, closed, body]) =>
      `---\n${pairs.map(([k, v]) => `${k}: ${v}`).join('\n')}\n${closed ? '---\n' : ''}${body}`,
  );

/** A valid page of generated Markdown (title present), so the body goes through the whole pipeline. */
export const titledSoup = tokenSoup.map((body) => `---\ntitle: Fuzz\n---\n${body}`);

/** Real pages of the site, each mutated: cut, duplicated, truncated, or with syntax spliced in. */
function realDocs(): string[] {
  const dir = path.join(ROOT, 'content/docs');
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.md'))
        .sort()
    : [];
  return files.slice(0, 40).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}
let real: string[] | undefined;
export const mutatedRealDoc = fc
  .tuple(
    fc.nat(),
    fc.array(fc.tuple(fc.constantFrom('cut', 'dup', 'insert', 'truncate', 'swap'), fc.nat(), fc.nat(), word), {
      minLength: 1,
      maxLength: 4,
    }),
  )
  .map(([pick, edits]) => {
    real ??= realDocs();
    let s = real.length ? real[pick % real.length] : '---\ntitle: x\n---\n## A\n\nText.\n';
    for (const [op, a, b, token] of edits) {
      const i = a % (s.length + 1);
      const j = Math.min(s.length, i + (b % 400));
      if (op === 'cut') s = s.slice(0, i) + s.slice(j);
      else if (op === 'dup') s = s.slice(0, j) + s.slice(i, j) + s.slice(j);
      else if (op === 'insert') s = s.slice(0, i) + token + s.slice(i);
      else if (op === 'truncate') s = s.slice(0, i);
      else {
        const lines = s.split('\n');
        const x = a % lines.length;
        const y = b % lines.length;
        [lines[x], lines[y]] = [lines[y], lines[x]];
        s = lines.join('\n');
      }
    }
    return s;
  });

/** Everything above, mixed. */
export const anyMarkdown = fc.oneof(
  { arbitrary: titledSoup, weight: 4 },
  { arbitrary: mutatedRealDoc, weight: 3 },
  { arbitrary: badFrontmatter, weight: 2 },
  { arbitrary: randomBytes, weight: 1 },
  { arbitrary: randomText, weight: 1 },
);

const fm = (body: string) => `---\ntitle: Pathological\n---\n${body}`;
const aliasBomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
  .concat('bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`))
  .join('\n');

/** Named pathological pages: each must render or fail with file:line, within the time limit. */
export function pathologicalCorpus(scale = 1): [string, string][] {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return [
    ['10,000-deep nested list', fm('- '.repeat(n(10_000)) + 'deep\n')],
    ['10,000-deep nested blockquote', fm('>'.repeat(n(10_000)) + ' deep\n')],
    ['10,000-deep ordered list', fm('1. '.repeat(n(10_000)) + 'deep\n')],
    [
      '300-deep indented list',
      fm(Array.from({ length: n(300) }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n')),
    ],
    [
      '1,000 nested directives',
      fm(Array.from({ length: n(1_000) }, (_, i) => `${':'.repeat(n(1_000) - i + 2)}note`).join('\n') + '\nx\n'),
    ],
    ['5 MB single line', fm('word '.repeat(n(1_000_000)))],
    ['5 MB single line of code', fm('```js\n' + 'let a = 1;'.repeat(n(500_000)) + '\n```\n')],
    [
      'huge table (100 columns × 2,000 rows)',
      fm(`|${'h|'.repeat(100)}\n|${'-|'.repeat(100)}\n` + `|${'cell|'.repeat(100)}\n`.repeat(n(2_000))),
    ],
    ['thousands of unclosed "*[" (superlinear parse)', fm('*['.repeat(n(40_000)))],
    ['thousands of "](" (superlinear parse)', fm('a' + ']('.repeat(n(30_000)))],
    ['unterminated fence', fm('```go\nfunc main() {\n')],
    ['unterminated directives', fm('::::tabs{group=sdk}\n:::tab[Go]\n```go\nx\n')],
    ['unknown directives', fm(':::warningz[x]\nx\n:::\n\n::leaf\n\n:inline[x]{a=1}\n')],
    ['tab outside tabs, tabs without tabs', fm(':::tab[x]\ny\n:::\n\n::::tabs\ntext\n::::\n')],
    [
      'headings that slug to the same id',
      fm('## Install\n## install\n## Install!\n## install-1\n## Install\n[a](#install-2) [b](#install-3)\n'),
    ],
    [
      'frontmatter of the wrong types',
      '---\ntitle: 42\ndescription: [a, b]\nsidebar_position: "first"\nhide_table_of_contents: maybe\nslug: relative/path\n---\nx\n',
    ],
    ['frontmatter that is a list', '---\n- a\n- b\n---\nx\n'],
    ['frontmatter that is a string', '---\njust a string\n---\nx\n'],
    ['unterminated frontmatter', '---\ntitle: x\ndescription: y\n'],
    ['invalid YAML', '---\ntitle: [oops\n---\nx\n'],
    ['YAML alias bomb', `---\n${aliasBomb}\ntitle: *i\n---\nx\n`],
    ['YAML alias bomb under a known key', `---\n${aliasBomb}\n---\nx\n`],
    ['slug that escapes the output folder', '---\ntitle: x\nslug: /../../escaped\n---\nx\n'],
    ['NUL bytes', fm('a\u0000b\n## h\u0000\n```go\n\u0000\n```\n[x](/a\u0000b)\n')],
    [
      'bad UTF-8',
      Buffer.from([
        0x2d, 0x2d, 0x2d, 0x0a, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x3a, 0x20, 0xff, 0xfe, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a,
        0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x90, 0x28, 0xbc,
      ]).toString('utf8'),
    ],
    ['random binary', Buffer.from(Array.from({ length: n(20_000) }, (_, i) => (i * 7919 + 13) % 256)).toString('utf8')],
    ['malformed anchor escape', fm('[x](#%E0%A4%A) [y](/other#%ZZ)\n')],
    [
      'javascript: links',
      fm(
        '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](<java\tscript:alert(1)>) [d][r]\n\n[r]: javascript:alert(2)\n',
      ),
    ],
    ['huge highlight range', fm('```go {1-99999999999,5-3,a-b,,}\nx\n```\n')],
    ['200,000 footnotes references', fm('[^a]'.repeat(n(200_000)) + '\n\n[^a]: x\n')],
  ];
}

export type Outcome =
  | { kind: 'ok' | 'problems'; ms: number; problems: Problem[]; html: number }
  | { kind: 'crash'; ms: number; error: string };

/** One doc through the engine as a build does it; exceptions other than BuildError are crashes. */
export async function checkDoc(source: string, toHast: ToHast, name = 'fuzz/case.md'): Promise<Outcome> {
  const started = performance.now();
  const doc: SourceDoc = { file: `content/docs/${name}`, relPath: name, source };
  const problems = new ProblemList();
  try {
    const table = resolveRoutes([doc], ['/'], problems);
    let html = 0;
    const route = table.docs[0];
    if (route) {
      const context: DocContext = {
        doc: route,
        table,
        problems,
        baseUrl: '/',
        staticDir: path.join(ROOT, 'test/fixtures/sites/basic/static'),
        docsDir: path.join(ROOT, '.cache/fuzz-docs'),
        files: new Set(),
        links: [],
        ids: new Set(),
        toc: [],
      };
      const hast = await toHast(route.body, context);
      checkLinks([context], table, problems);
      html = contentHtml(hast).length;
    }
    return {
      kind: problems.items.length ? 'problems' : 'ok',
      ms: performance.now() - started,
      problems: problems.items,
      html,
    };
  } catch (error) {
    if (error instanceof BuildError)
      return { kind: 'problems', ms: performance.now() - started, problems: error.problems, html: 0 };
    return { kind: 'crash', ms: performance.now() - started, error: String((error as Error)?.stack ?? error) };
  }
}

/** What a writer must get for every problem: a line, and words rather than a stack trace. */
export function badProblems(problems: Problem[]): string[] {
  return problems
    .filter(
      (p) =>
        !(typeof p.line === 'number' && p.line >= 1) ||
        !p.message ||
        /\n\s+at |\[object Object\]|^\s*$/.test(p.message) ||
        !p.file,
    )
    .map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`);
}
