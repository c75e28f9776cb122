import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectCodeBlocks, type CodeBlock } from './code-blocks.ts';
import { parseBlocks, type BlockResult, type ParseLanguage } from './code-parse.ts';

// Every Go, Python, PHP and shell example in the docs at least parses, so a reader who copies one
// never starts from a syntax error. The parsers are the languages' own, installed from Debian by
// test/ensure-tools.sh (npm test runs it first); a missing parser fails the test, never skips it.
//
//   go, golang                    gofmt -e (golang-go), one process for all blocks
//   python, py                    ast.parse in one python3 process
//   php                           token_get_all(…, TOKEN_PARSE), PHP's parser, in one php process
//   bash, shellscript             bash -n on each block: system shell and `dagger` command lines
//   shell, sh                     dash -n on each block. `shell` is the site's tag for Dagger Shell,
//                                 whose parser (mvdan.cc/sh in its POSIX variant, cmd/dagger/shell.go)
//                                 rejects bash-only syntax such as arrays and here-strings, as dash
//                                 does; `sh` is POSIX sh.
// Shell blocks hold commands only: a terminal session with prompts or output belongs in `console`
// or `text`, which are not checked. The grammar follows the tag, so a "Dagger Shell" tab must hold
// a `shell` block and "System shell" and "Dagger CLI" tabs `bash` ones (checked below).
//
// Many examples are deliberately parts of a file. Before a block counts as broken, these readings
// are tried, in order, each only when the one before fails:
//   Go      no `package` clause: `package main` is assumed (a function or type shown on its own);
//           still failing: the block is read as the body of a function (statements shown on
//           their own, `client, err := dagger.Connect(…)`).
//   Python  the block's common indentation is removed (a method cut out of its class); then a run
//           of indented lines that opens the block, or whose previous code line (comments aside)
//           is at the top level, is read as the body of a class (an import, `# inside the
//           MyModule class:`, then methods). Indented lines under indented code stay an error.
//   PHP     no `<?php` tag: one is assumed; still failing: the block is read as the body of a class
//           (methods with their attributes, shown on their own).
//   shells  none.
// When no reading parses, the error of the reading that got furthest is reported, as
// `content/docs/page.md:<line>: <parser message>` with the line in the Markdown file. What no
// reading can parse is either wrong (fix it) or a deliberate sketch with placeholders (`...`):
// only then add `no-check` to the fence meta (```go no-check), as for TypeScript blocks.

const LANGUAGES: ParseLanguage[] = ['go', 'python', 'php', 'bash', 'posix'];

function summary(results: BlockResult[]): string {
  return LANGUAGES.map((language) => {
    const mine = results.filter((r) => r.language === language);
    const count = (outcome: BlockResult['outcome']) => mine.filter((r) => r.outcome === outcome).length;
    return `${language === 'posix' ? 'shell/sh (POSIX)' : language} ${mine.length} (as written ${count('as-is')}, as a fragment ${count('wrapped')}, no-check ${count('no-check')}, errors ${count('error')})`;
  }).join('; ');
}

describe('Go, Python, PHP and shell code blocks in content/', () => {
  it('parse', () => {
    const results = parseBlocks(collectCodeBlocks(path.resolve('content')));
    console.log(`parsed code blocks: ${summary(results)}`);
    for (const language of LANGUAGES) {
      expect(
        results.filter((r) => r.language === language && r.outcome !== 'no-check').length,
        language,
      ).toBeGreaterThan(0);
    }
    expect(results.flatMap((r) => r.problem ?? [])).toEqual([]);
  });

  it('tag Dagger Shell as `shell` and system-shell and CLI commands as `bash`, so each gets its grammar', () => {
    const expected: Record<string, string> = { 'Dagger Shell': 'shell', 'System shell': 'bash', 'Dagger CLI': 'bash' };
    const lines = new Map<string, string[]>();
    const mistagged = collectCodeBlocks(path.resolve('content')).flatMap((block) => {
      if (!lines.has(block.file)) lines.set(block.file, fs.readFileSync(block.file, 'utf8').split('\n'));
      const tab = /^:{3,}tab\[(.+)\]/.exec(lines.get(block.file)![block.line - 3] ?? '')?.[1]; // the line above the fence
      const want = tab ? expected[tab] : undefined;
      return want && block.lang !== want
        ? [`${block.file}:${block.line - 1}: a "${tab}" tab holds \`${block.lang}\`, not \`${want}\``]
        : [];
    });
    expect(mistagged).toEqual([]);
  });
});

describe('the parse check', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-check-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  /** Writes a Markdown page and returns its blocks, as the content test collects them. */
  function page(markdown: string): CodeBlock[] {
    const dir = fs.mkdtempSync(path.join(root, 'page-'));
    fs.writeFileSync(path.join(dir, 'page.md'), markdown);
    return collectCodeBlocks(dir);
  }

  /** The Markdown line, 1-based, of the first line of `markdown` containing `text`. */
  const lineOf = (markdown: string, text: string) => markdown.split('\n').findIndex((l) => l.includes(text)) + 1;

  const broken: Record<ParseLanguage, { fence: string; code: string; bad: string }> = {
    go: {
      fence: 'go',
      code: 'package main\n\nfunc main() {\n\tx := []int{1, 2\n\tprintln(x)\n}',
      bad: 'x := []int{1, 2', // gofmt: missing ',' before newline in composite literal
    },
    python: { fence: 'python', code: 'import dagger\n\ndef build(:\n    pass', bad: 'def build(:' },
    php: { fence: 'php', code: '<?php\n\nfunction build() {\n    return 1 +;\n}', bad: 'return 1 +;' },
    bash: { fence: 'bash', code: 'dagger call build\nif true; then\n  echo yes\nfi fi', bad: 'fi fi' },
    // valid bash, but Dagger Shell has no arrays
    posix: {
      fence: 'shell',
      code: 'base=$(container | from alpine)\ntags=(v1 v2)\n$base | publish ttl.sh/x',
      bad: 'tags=(v1 v2)',
    },
  };

  for (const language of LANGUAGES) {
    it(`fails on a broken ${language} block, at its Markdown line`, () => {
      const { fence, code, bad } = broken[language];
      const markdown = `---\ntitle: Broken\n---\n\n# Broken\n\nSome prose.\n\n\`\`\`${fence} title="x"\n${code}\n\`\`\`\n`;
      const [result] = parseBlocks(page(markdown));
      expect(result.outcome).toBe('error');
      expect(result.problem).toMatch(new RegExp(`^.*page\\.md:${lineOf(markdown, bad)}: \\S`));
    });
  }

  it('skips a block marked no-check, and only that one', () => {
    const results = parseBlocks(page('```go no-check\nfunc (m *X) Y( {\n```\n\n```go\nfunc (m *X) Y( {\n```\n'));
    expect(results.map((r) => r.outcome)).toEqual(['no-check', 'error']);
  });

  it('reads fragments as parts of a file, and says which reading parsed', () => {
    const blocks = page(
      [
        '```go',
        'func (m *MyModule) Hello() string {',
        '\treturn "hi"',
        '}',
        '```',
        '```go',
        'ctr := dag.Container().From("alpine")',
        'out, err := ctr.Stdout(ctx)',
        '```',
        '```python',
        '    @function',
        '    def hello(self) -> str:',
        '        return "hi"',
        '```',
        '```python',
        'from typing import Self',
        '',
        '# inside the class:',
        '',
        '    @function',
        '    def me(self) -> Self:',
        '        return self',
        '```',
        '```php',
        "$ctr = dag()->container()->from('alpine');",
        '```',
        '```php',
        '#[DaggerFunction]',
        'public function hello(): string',
        '{',
        "    return 'hi';",
        '}',
        '```',
        '```bash',
        'dagger call hello',
        '```',
        '```shell',
        'container | from alpine | with-exec uname | stdout',
        '```',
      ].join('\n'),
    );
    expect(parseBlocks(blocks).map((r) => `${r.language}:${r.outcome}:${r.rule ?? ''}`)).toEqual([
      'go:wrapped:package main',
      'go:wrapped:function body',
      'python:wrapped:dedent',
      'python:wrapped:class body',
      'php:wrapped:<?php',
      'php:wrapped:class body',
      'bash:as-is:',
      'posix:as-is:',
    ]);
  });

  it('keeps real mistakes inside fragments errors, at their line', () => {
    const markdown = [
      '```python',
      'def build():',
      '    x = 1',
      '        y = 2',
      '```', // indented under indented code
      '```go',
      'out, err := ctr.Stdout(ctx',
      'if err != nil {',
      '}',
      '```', // statements, unclosed call
      '```php',
      '#[DaggerFunction]',
      'public function hello(): string',
      '{',
      "    return 'hi'",
      '}',
      '```', // missing ;
      '```python',
      'import dagger',
      '',
      '    @function',
      '    def build(self):',
      '        return (',
      '```', // read as a class body, then unclosed
    ].join('\n');
    const problems = parseBlocks(page(markdown)).map((r) => r.problem?.replace(/^.*page\.md:/, ''));
    expect(problems[0]).toMatch(
      new RegExp(`^${lineOf(markdown, '        y = 2')}: IndentationError: unexpected indent`),
    );
    expect(problems[1]).toMatch(new RegExp(`^${lineOf(markdown, 'out, err := ctr.Stdout(ctx')}: missing ','`));
    expect(problems[2]).toMatch(new RegExp(`^${lineOf(markdown, "    return 'hi'") + 1}: syntax error`)); // at the next token
    expect(problems[3]).toMatch(
      new RegExp(`^${lineOf(markdown, '        return (')}: SyntaxError: '\\(' was never closed`),
    );
  });

  it('fails with how to install a parser that is missing, instead of skipping', () => {
    const saved = process.env.PATH;
    process.env.PATH = root; // an empty folder: no gofmt on it
    try {
      expect(() => parseBlocks(page('```go\npackage main\n```\n'))).toThrow(
        /gofmt is not installed: run `bash test\/ensure-tools\.sh parsers` \(Debian package golang-go\)/,
      );
    } finally {
      process.env.PATH = saved;
    }
  });
});
