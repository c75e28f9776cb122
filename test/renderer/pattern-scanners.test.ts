import fs from 'node:fs';
import path from 'node:path';
import { createHighlighter, type RegexEngine } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { beforeAll, describe, expect, it } from 'vitest';
import { MERGED_THEME } from '../../renderer/markdown/highlight.ts';
import { sharingPatterns } from '../../renderer/markdown/pattern-scanners.ts';
import { LANGUAGES, resolveLanguage } from '../../renderer/markdown/shiki.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

// Anchors at the search position (\G), before and after it (lookbehind, ^, \A, $), zero-width
// and empty patterns, and patterns that start matching together.
const PATTERNS = ['\\G\\s*x', 'a', 'ab', '(?<=a)b', '^b', '\\Ab', 'b$', '\\bfoo\\b', 'x|y', '(?=z)', '', 'o+'];
const SCANNERS = [
  [0, 1, 2, 3],
  [2, 1, 4, 5, 6],
  [3, 7, 8, 9],
  [10, 1],
  [11, 7, 0, 6, 2],
  PATTERNS.map((_, i) => i),
].map((indices) => indices.map((i) => PATTERNS[i]));
const STRINGS = ['ab ab xab', 'b foo xfoo yz', '  x ab\n', 'booo ab b', ''];
/** FindOption: none, NotBeginString, NotBeginPosition. */
const OPTIONS = [0, 1, 4];

let raw: RegexEngine;
beforeAll(async () => {
  raw = await createOnigurumaEngine(import('shiki/wasm'));
});

describe('scanners sharing their patterns', () => {
  it('find what the engine finds: the first match from the position, the first pattern among equals', () => {
    const shared = sharingPatterns(raw);
    const plain = SCANNERS.map((list) => raw.createScanner(list));
    const sharing = SCANNERS.map((list) => shared.createScanner(list));
    let searches = 0;
    for (const text of STRINGS) {
      // One string object per line, searched again and again, as the tokenizer does.
      const plainString = raw.createString(text);
      const sharedString = shared.createString(text);
      const forth = Array.from({ length: text.length + 1 }, (_, i) => i);
      // Forwards, backwards, and back and forth, each scanner in turn: the patterns' remembered
      // searches are shared between scanners and must not answer for another position or option.
      for (const positions of [forth, [...forth].reverse(), forth.flatMap((i) => [i, Math.max(0, i - 2)])])
        for (const options of OPTIONS)
          for (const from of positions)
            for (let s = 0; s < SCANNERS.length; s++) {
              const expected = plain[s].findNextMatchSync(plainString, from, options);
              const actual = sharing[s].findNextMatchSync(sharedString, from, options);
              expect(
                actual,
                `${JSON.stringify(SCANNERS[s])} on ${JSON.stringify(text)} from ${from}, options ${options}`,
              ).toEqual(expected);
              searches++;
            }
    }
    expect(searches).toBeGreaterThan(1000);
  });

  it("colour every fenced block of the site's docs as the engine alone does", async () => {
    const blocks = new Map<string, string[]>();
    const fence = /^(`{3,})[ \t]*([^\s`{]+)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;
    for (const file of fs.readdirSync(path.join(ROOT, 'content'), { recursive: true }) as string[]) {
      if (!/\.mdx?$/.test(file)) continue;
      for (const m of fs.readFileSync(path.join(ROOT, 'content', file), 'utf8').matchAll(fence)) {
        const lang = resolveLanguage(m[2]);
        if (!lang || lang === 'text') continue;
        const list = blocks.get(lang) ?? blocks.set(lang, []).get(lang)!;
        if (list.length < 40) list.push(m[3]);
      }
    }
    // The site's own languages are most of them; the others' grammars come in as they are embedded.
    expect(blocks.size).toBeGreaterThan(12);
    const langs = [...LANGUAGES];
    const plain = await createHighlighter({ themes: [MERGED_THEME], langs });
    const sharing = await createHighlighter({ themes: [MERGED_THEME], langs, engine: sharingPatterns(raw) });
    const options = (lang: string) => ({
      lang: lang as 'text',
      theme: MERGED_THEME.name as 'none',
      tokenizeTimeLimit: 0,
    });
    for (const [lang, codes] of blocks)
      for (const code of codes)
        expect(sharing.codeToTokensBase(code, options(lang)), `${lang}: ${code.slice(0, 80)}`).toEqual(
          plain.codeToTokensBase(code, options(lang)),
        );
  });
});
