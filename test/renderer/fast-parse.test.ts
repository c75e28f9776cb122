import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Root } from 'mdast';
import remarkDirectivePackage from 'remark-directive';
import remarkGfmPackage from 'remark-gfm';
import remarkParsePackage from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { readSite } from '../../renderer/load-site.ts';
import { MARKDOWN_PIECES } from '../helpers/markdown-pieces.ts';
import { parseStats } from '../../renderer/markdown/parse/fast-parse.ts';
import remarkDirective from '../../renderer/markdown/remark-directive.ts';
import remarkGfm from '../../renderer/markdown/remark-gfm.ts';
import remarkParse from '../../renderer/markdown/remark-parse.ts';

// The fast parse (renderer/markdown/parse/) must give exactly the tree of remark-parse +
// remark-gfm + remark-directive, positions included, on every body: the site's docs, generated
// bodies near the edge of what it builds itself, and bodies full of what it must leave to micromark.
const ours = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();
const reference = unified().use(remarkParsePackage).use(remarkGfmPackage).use(remarkDirectivePackage).freeze();
const root = path.resolve(import.meta.dirname, '../..');

/** How many chunks went each way while `run` ran. */
function counted(run: () => void) {
  const before = { ...parseStats };
  run();
  return {
    fast: parseStats.fast - before.fast,
    micromark: parseStats.micromark - before.micromark,
    whole: parseStats.wholeBodies - before.wholeBodies,
  };
}

/** The bodies among `bodies` whose trees differ (at most three, for the message). */
function differing(bodies: Iterable<string>): string[] {
  const bad: string[] = [];
  for (const body of bodies) {
    if (!isDeepStrictEqual(ours.parse(body), reference.parse(body))) bad.push(body);
    if (bad.length === 3) break;
  }
  return bad;
}

/** A deterministic generator (an LCG), so a failure names a body that fails again. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick };
}

/** Bodies of the plain Markdown the fast parse builds, with inline constructs at their edges. */
function* plainBodies(count: number, seed: number): Generator<string> {
  const { next, pick } = random(seed);
  const atoms = ['word', 'x', 'snake_case', 'A', '1', '2023', '.', ',', '(', ')', '"', "'", '—', '“', '”', 'é', '😀'];
  const odd = [
    '!',
    '?',
    '-',
    '+',
    '=',
    '/',
    '#',
    '$',
    '%',
    '{',
    '}',
    ';',
    '|',
    '@',
    ':',
    '*',
    '**',
    '_',
    '__',
    '`',
    ']',
    '[',
    '&',
    '\u00a0',
    '…',
  ];
  const token = (): string => {
    const r = next();
    if (r < 0.45) return pick(atoms);
    if (r < 0.7) return pick(odd);
    if (r < 0.78) return `\`${pick(['a', ' b ', '  ', ' c', 'd e', '*x*', '[y]', '|'])}\``;
    if (r < 0.86) {
      const d = pick(['*', '**', '_', '__']);
      return `${pick(['', '(', '“', ' ', 'a'])}${d}${pick(['w', 'w x', '`c`', 'é', '.w', 'w.', '—'])}${d}${pick(['', '.', ',', ')', 'a', ' ', '”'])}`;
    }
    if (r < 0.94)
      return `[${pick(['t', 'two words', '`c`', '**b**', '*i*', 'a_b', ''])}](${pick(['./a.md', '#x', 'https://e.com/p?q=1', 'a_b.md', 'x*y', ''])})`;
    return `![${pick(['alt', 'two words', '', 'a.b'])}](${pick(['p.png', './i/x.svg'])})`;
  };
  const line = () => {
    const words = Array.from({ length: 1 + Math.floor(next() * 10) }, token);
    return words.join(next() < 0.8 ? ' ' : '').trim() || 'w';
  };
  const row = (cells: number) => `|${Array.from({ length: cells }, () => line().replace(/\|/g, '')).join('|')}|`;
  const blocks = [
    line,
    () => `${line()}\n${line()}`,
    () => `${'#'.repeat(1 + Math.floor(next() * 6))}${pick([' ', '  ', ' \t', '\t'])}${line()}`,
    () => `\`\`\`${pick(['', 'js', 'go title="x"'])}\n${line()}\n\n${line()}\n\`\`\``,
    () => Array.from({ length: 1 + Math.floor(next() * 4) }, () => `- ${line()}`).join('\n'),
    () => Array.from({ length: 1 + Math.floor(next() * 4) }, (_, k) => `${k + 1}. ${line()}`).join('\n'),
    () => `- ${line()}\n  ${line()}${pick(['', `\n   ${line()}`, `\n ${line()}`, `\n${line()}`])}`,
    () => `> ${line()}${pick(['', `\n> ${line()}`, `\n${line()}`, '\n> - x'])}`,
    () => {
      const cells = 1 + Math.floor(next() * 3);
      const delimiter = `|${Array.from({ length: cells }, () => pick(['---', ':--', '--:', ':-:'])).join('|')}|`;
      return [row(cells), delimiter, row(cells), row(pick([cells, cells, cells + 1]))].join('\n');
    },
    () =>
      `${pick([':::', '::::'])}${pick(['note', 'tab', 'x-y'])}${pick(['', '[Go]', '[]', `[${line().replace(/[[\]]/g, '')}]`])}${pick(['', '{group=sdk}', '{a="b c"}', '{#i}', '{a=b a=c}'])}\n${pick(['', `${line()}\n`, ':::tab[Go]\nx\n:::\n', '```\n:::\n```\n'])}${pick([':::', '::::', ' :::'])}`,
    () => '---',
  ];
  for (let k = 0; k < count; k++) {
    const parts = Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(blocks)());
    yield parts.join(pick(['\n\n', '\n\n', '\n'])) + pick(['', '\n']);
  }
}

/** Bodies mixing plain blocks with everything the fast parse must leave to micromark, to test where it cuts. */
function* trickyBodies(count: number, seed: number): Generator<string> {
  const { next, pick } = random(seed);
  const fragments = [
    'Plain words here.',
    '# Heading',
    '- a\n- b',
    '```js\nx\n\ny\n```',
    '```\n:::\n```',
    ':::note\ntext\n:::',
    ':::tip[T]\n```\n:::\n```\n:::',
    ':::a\n::::b\nx\n::::\n:::',
    '::::tabs{group=sdk}\n:::tab[Go]\nx\n:::\n::::',
    '- a\n\n  ```js\n  x\n\n  y\n  ```',
    '1. a\n   ```\n   b\n   ```',
    'para\n2. x\n   ```\n   y\n\nz\n   ```',
    '1. a\n\n   more\n3. x\n   ```js\n\ncol0\n   ```',
    '- a\n\n text\n3. z\n   ```\n\nq\n   ```',
    '1. x\n   - y\n     ```\n\nq\n     ```',
    '-\n  ```\n\nc\n  ```',
    '   ```\n   x\n   ```',
    'x\n```\ny\n```',
    '<div>\n```\n\nt\n```',
    '<!--\n\ncomment\n\n-->',
    '<script>\n\nx\n\n</script>',
    '| a | b |\n```',
    'x [a]: b',
    '[repo]:[tag] and [host]/[user]',
    '- [a]:\n  /u',
    'x\n[a\nb]: /u',
    '    indented code',
    '\tTab',
    'text\n===',
    'text\n---',
    '> a\nlazy',
    '- a\n\n- b',
    'trailing  \nbreak',
    'Visit www.example.com or mail a@b.co',
    '<https://auto.link> &copy; \\*',
    '~~struck~~ :abbr[x]',
    '::leaf{a=b}',
  ];
  for (let k = 0; k < count; k++) {
    const parts = Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(fragments));
    yield parts.join(pick(['\n\n', '\n\n', '\n', '\n\n\n'])) + pick(['', '\n', '\n\n']);
  }
}

/** Bodies of random pieces of syntax run together: where the cut and the guards meet what nobody writes on purpose. */
function* pieceBodies(count: number, seed: number): Generator<string> {
  const { next, pick } = random(seed);
  const pieces = MARKDOWN_PIECES;
  for (let k = 0; k < count; k++) yield Array.from({ length: Math.floor(next() * 40) }, () => pick(pieces)).join('');
}

describe('the fast Markdown parse', () => {
  it('gives micromark’s tree on bodies of random pieces of syntax', () => {
    expect(differing(pieceBodies(4000, 3))).toEqual([]);
  });

  it('gives micromark’s tree on bodies near the edge of what it builds itself, building most chunks itself', () => {
    const stats = counted(() => expect(differing(plainBodies(1200, 7))).toEqual([]));
    expect(stats.fast).toBeGreaterThan(stats.micromark * 0.5);
  });

  it('gives micromark’s tree where it must cut around what it leaves to micromark', () => {
    const stats = counted(() => expect(differing(trickyBodies(1500, 11))).toEqual([]));
    expect(stats.fast).toBeGreaterThan(0);
    expect(stats.micromark).toBeGreaterThan(0);
    expect(stats.whole).toBeGreaterThan(0);
  });

  it('gives micromark’s tree on every doc of the site, building most of it itself', async () => {
    const site = await readSite({ root, contentDir: path.join(root, 'content') });
    const bodies = site.table.docs.map((d) => d.body);
    const stats = counted(() => expect(differing(bodies)).toEqual([]));
    expect(stats.fast).toBeGreaterThan(stats.micromark * 5);
  }, 60_000);

  it('builds a plain body without micromark', () => {
    const body = '# Title\n\nSome `code` and **strong** [link](./a.md).\n\n- one\n- two\n\n```ts\nconst x = 1;\n```\n';
    const stats = counted(() => expect(ours.parse(body)).toStrictEqual(reference.parse(body)));
    // Three chunks: the heading; the paragraph with the list (a line that may be a list item is never cut before); the code.
    expect(stats).toEqual({ fast: 3, micromark: 0, whole: 0 });
  });

  it('sends a body parsed with an extension it does not know to micromark whole', () => {
    const unknown = function (this: { data: () => { micromarkExtensions?: unknown[] } }) {
      (this.data().micromarkExtensions ??= []).push({ text: {} });
    };
    const withPlugin = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(unknown).freeze();
    const body = 'Plain *text*.\n';
    const stats = counted(() => expect(withPlugin.parse(body) as Root).toStrictEqual(reference.parse(body)));
    expect(stats).toEqual({ fast: 0, micromark: 0, whole: 1 });
  });
});
