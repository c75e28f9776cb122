import { createHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { MERGED_THEME } from '../../renderer/markdown/highlight.ts';
import { cacheLineTokens } from '../../renderer/markdown/line-token-cache.ts';

const options = (lang: string) => ({ lang: lang as 'text', theme: MERGED_THEME.name as 'none', tokenizeTimeLimit: 0 });

// The same lines in different states: inside a block comment, a template literal and a heredoc
// the text of a line means something else than outside, so a cache keyed by text alone would colour it wrongly.
const BLOCKS: [string, string][] = [
  ['typescript', 'const a = 1; /* start\nconst a = 1; */\nconst a = 1;\nconst s = `x\nconst a = 1;\n`;\nconst a = 1;'],
  ['typescript', 'const a = 1;\nconst a = 1; /* start\nconst a = 1;\n*/ const a = 1;'],
  ['python', 'x = 1\n"""\nx = 1\n"""\nx = 1\ndef f():\n    x = 1'],
  ['bash', 'echo hi\ncat <<EOF\necho hi\nEOF\necho hi'],
  ['go', 'package main\n\nfunc f() {\n\ts := `\nfunc f() {\n`\n}'],
  ['markdown', '# T\n\n```go\nfunc f() {}\n```\n\nfunc f() {}'],
];

describe('the line token cache', () => {
  it('colours every line as the highlighter does without it, whatever state the line starts in', async () => {
    const plain = await createHighlighter({
      themes: [MERGED_THEME],
      langs: ['typescript', 'python', 'bash', 'go', 'markdown'],
    });
    const cached = await createHighlighter({
      themes: [MERGED_THEME],
      langs: ['typescript', 'python', 'bash', 'go', 'markdown'],
    });
    for (const lang of ['typescript', 'python', 'bash', 'go', 'markdown']) cacheLineTokens(cached, lang);
    // Twice over, so the second pass comes from the cache, in another order than the first.
    for (const blocks of [BLOCKS, [...BLOCKS].reverse()])
      for (const [lang, code] of blocks)
        expect(cached.codeToTokensBase(code, options(lang)), `${lang}: ${code}`).toEqual(
          plain.codeToTokensBase(code, options(lang)),
        );
  });

  it('tokenizes a line met again in the same state only once', async () => {
    const highlighter = await createHighlighter({ themes: [MERGED_THEME], langs: ['typescript'] });
    const grammar = highlighter.getLanguage('typescript') as unknown as {
      tokenizeLine2: (...args: unknown[]) => unknown;
    };
    const original = grammar.tokenizeLine2.bind(grammar);
    const seen: string[] = [];
    grammar.tokenizeLine2 = (...args: unknown[]) => {
      seen.push(args[0] as string);
      return original(...args);
    };
    cacheLineTokens(highlighter, 'typescript');
    highlighter.codeToTokensBase('const a = 1;\nconst b = 2;', options('typescript'));
    highlighter.codeToTokensBase('const a = 1;\nconst c = 3;', options('typescript'));
    expect(seen).toEqual(['const a = 1;', 'const b = 2;', 'const c = 3;']);
  });
});
