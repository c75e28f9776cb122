import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CodeBlock } from './code-blocks.ts';

// Parses Go, Python, PHP and shell code blocks with the languages' own parsers, one process per
// language. The tolerance rules for fragments are described in code-blocks-parse.test.ts.

/** `posix`: POSIX shell, the grammar of Dagger Shell (`shell` blocks) and of `sh`. */
export type ParseLanguage = 'go' | 'python' | 'php' | 'bash' | 'posix';

/** Fence languages (and aliases, renderer/markdown/shiki.ts) → the parser that checks them. */
export const PARSED_LANGUAGES: Record<string, ParseLanguage> = {
  go: 'go',
  golang: 'go',
  python: 'python',
  py: 'python',
  php: 'php',
  bash: 'bash',
  shellscript: 'bash',
  shell: 'posix',
  sh: 'posix',
};

/** How a block was checked: parsed as written, parsed after a fragment rule, or skipped. */
export type Outcome = 'as-is' | 'wrapped' | 'no-check' | 'error';

export interface BlockResult {
  block: CodeBlock;
  language: ParseLanguage;
  outcome: Outcome;
  /** The fragment rule that made it parse (outcome `wrapped`). */
  rule?: string;
  /** `file.md:line: message`, the line being the Markdown line (outcome `error`). */
  problem?: string;
}

/** True when the fence meta opts the block out of checks (a deliberate fragment). */
export const isNoCheck = (block: CodeBlock): boolean => /\bno-check\b/.test(block.meta);

/** Parses every Go, Python, PHP and shell block of `blocks` (others are ignored), in their order. */
export function parseBlocks(blocks: CodeBlock[]): BlockResult[] {
  const byLanguage = new Map<ParseLanguage, CodeBlock[]>();
  const results = new Map<CodeBlock, BlockResult>();
  for (const block of blocks) {
    const language = PARSED_LANGUAGES[block.lang.toLowerCase()];
    if (!language) continue;
    if (isNoCheck(block)) results.set(block, { block, language, outcome: 'no-check' });
    else byLanguage.set(language, [...(byLanguage.get(language) ?? []), block]);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-blocks-'));
  try {
    for (const [language, list] of byLanguage) {
      const verdicts = CHECKERS[language](list, path.join(dir, language));
      list.forEach((block, i) => {
        const { rule, error } = verdicts[i];
        results.set(
          block,
          error
            ? {
                block,
                language,
                outcome: 'error',
                problem: `${block.file}:${block.line + error.line - 1}: ${error.message}`,
              }
            : { block, language, outcome: rule ? 'wrapped' : 'as-is', rule },
        );
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return blocks.flatMap((block) => results.get(block) ?? []);
}

/** A parser's verdict on one block; `line` is 1-based within the block as written. */
interface Verdict {
  rule?: string;
  error?: { line: number; message: string };
}

type Checker = (blocks: CodeBlock[], dir: string) => Verdict[];

const CHECKERS: Record<ParseLanguage, Checker> = {
  go: checkGo,
  python: checkPython,
  php: checkPhp,
  bash: (blocks, dir) => checkShell('bash', 'bash', blocks, dir),
  posix: (blocks, dir) => checkShell('dash', 'dash', blocks, dir),
};

/** Runs a parser; a missing program fails with how to install it, never a silent skip. */
function run(
  command: string,
  args: string[],
  pkg: string,
  input?: string,
): { stdout: string; stderr: string; status: number | null } {
  const result = spawnSync(command, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) {
    const missing = (result.error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(
      missing
        ? `${command} is not installed: run \`bash test/ensure-tools.sh parsers\` (Debian package ${pkg}) — npm test does it for you`
        : `${command} failed to run: ${result.error.message}`,
    );
  }
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** Writes one file per source into `dir` and returns their paths. */
function writeFiles(dir: string, sources: string[], ext: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return sources.map((source, i) => {
    const file = path.join(dir, `block-${i}.${ext}`);
    fs.writeFileSync(file, source.endsWith('\n') ? source : `${source}\n`);
    return file;
  });
}

interface ParserError {
  line: number;
  column: number;
  message: string;
}

/**
 * A parser's errors per file, keyed by the file's index, from its `path:line…: message` lines. Any
 * other output means the parser failed in a way this code does not know: it throws rather than
 * let a block pass unchecked.
 */
function errorsByFile(tool: string, output: string, files: string[], pattern: RegExp): Map<number, ParserError[]> {
  const index = new Map(files.map((f, i) => [f, i]));
  const errors = new Map<number, ParserError[]>();
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    const m = pattern.exec(line);
    const i = m?.groups ? index.get(m.groups.file) : undefined;
    if (!m?.groups || i === undefined) throw new Error(`unexpected output from ${tool}: ${line}`);
    const error = { line: Number(m.groups.line), column: Number(m.groups.column ?? 0), message: m.groups.message };
    errors.set(i, [...(errors.get(i) ?? []), error]);
  }
  return errors;
}

const GO_ERROR = /^(?<file>.+\.go):(?<line>\d+):(?<column>\d+): (?<message>.*)$/;

function checkGo(blocks: CodeBlock[], dir: string): Verdict[] {
  // Prefixes go on the block's first line, so the parser's line numbers are the block's.
  const hasPackage = blocks.map((b) => /^package\s+\w+/m.test(b.code));
  const gofmt = (sources: string[], sub: string) => {
    const files = writeFiles(path.join(dir, sub), sources, 'go');
    const { stderr } = run('gofmt', ['-e', '-l', path.join(dir, sub)], 'golang-go');
    return errorsByFile('gofmt', stderr, files, GO_ERROR);
  };
  const asFile = 'package main; ';
  const asBody = 'package main; func _() { ';
  const first = gofmt(
    blocks.map((b, i) => (hasPackage[i] ? b.code : asFile + b.code)),
    'file',
  );
  const retry = [...first.keys()].filter((i) => !hasPackage[i]);
  const second = retry.length
    ? gofmt(
        retry.map((i) => `${asBody}${blocks[i].code}\n}`),
        'body',
      )
    : new Map<number, ParserError[]>();
  // A column on the first line counts from the block's start, without the prefix.
  const unprefix = (e: ParserError, prefix: string): ParserError =>
    e.line === 1 ? { ...e, column: e.column - prefix.length } : e;
  return blocks.map((_, i) => {
    const errors = first.get(i);
    if (!errors) return { rule: hasPackage[i] ? undefined : 'package main' };
    const r = retry.indexOf(i);
    if (r < 0) return { error: errors[0] };
    const bodyErrors = second.get(r);
    if (!bodyErrors) return { rule: 'function body' };
    // Report the reading that got further: it is the one the writer meant.
    const [a, b] = [unprefix(errors[0], asFile), unprefix(bodyErrors[0], asBody)];
    return { error: b.line > a.line || (b.line === a.line && b.column > a.column) ? b : a };
  });
}

// Reads a JSON list of sources on stdin; prints, per source, the rule that made it parse or the
// error (line within the source as written).
const PYTHON_CHECK = String.raw`
import ast, json, sys, textwrap

def attempt(source):
    try:
        ast.parse(source)
        return None
    except SyntaxError as e:
        return e

def indent(line):
    return len(line) - len(line.lstrip())

def code_line(line):
    stripped = line.strip()
    return stripped != "" and not stripped.startswith("#")

def check(source):
    error = attempt(source)
    if error is None:
        return {"rule": None}
    first = error
    rule = None
    dedented = textwrap.dedent(source)
    if dedented != source:
        rule = "dedent"
        error = attempt(dedented)
    lines = dedented.split("\n")
    inserted = []  # indexes, in lines, of the class headers added
    while (error is not None and isinstance(error, IndentationError)
           and error.msg == "unexpected indent" and error.lineno and len(inserted) < 50):
        at = error.lineno - 1
        before = [l for l in lines[:at] if code_line(l)]
        if before and indent(before[-1]) > 0:
            break  # indented under indented code: a real mistake, not a cut-out class body
        lines.insert(at, "class _Fragment:")
        inserted.append(at)
        rule = "class body"
        error = attempt("\n".join(lines))
    if error is None:
        return {"rule": rule}
    line = error.lineno or 1
    line -= sum(1 for at in inserted if at < line - 1)
    if (first.lineno or 1) >= line:  # report the reading that got further
        error, line = first, first.lineno or 1
    return {"error": {"line": line, "message": f"{type(error).__name__}: {error.msg}"}}

print(json.dumps([check(source) for source in json.load(sys.stdin)]))
`;

function checkPython(blocks: CodeBlock[]): Verdict[] {
  const { stdout, stderr, status } = run(
    'python3',
    ['-c', PYTHON_CHECK],
    'python3',
    JSON.stringify(blocks.map((b) => b.code)),
  );
  if (status !== 0) throw new Error(`the Python parse check failed: ${stderr}`);
  return (JSON.parse(stdout) as { rule: string | null; error?: Verdict['error'] }[]).map((v) =>
    v.error ? { error: v.error } : { rule: v.rule ?? undefined },
  );
}

// token_get_all(…, TOKEN_PARSE) runs PHP's parser and throws ParseError on a syntax error: the
// check `php -l` makes, in one process instead of one per block (60 blocks: 20 ms against 1.2 s).
// Compile-time errors php -l would also report (a duplicate method, say) are not caught.
const PHP_CHECK = String.raw`
function attempt(string $source): ?array {
    try {
        token_get_all($source, TOKEN_PARSE);
        return null;
    } catch (ParseError $e) {
        return ['line' => $e->getLine(), 'message' => $e->getMessage()];
    }
}
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $source) {
    if (preg_match('/^\s*<\?php/', $source)) {
        $error = attempt($source);
        $out[] = $error ? ['error' => $error] : ['rule' => null];
        continue;
    }
    $error = attempt('<?php ' . $source);
    if (!$error) { $out[] = ['rule' => '<?php']; continue; }
    $member = attempt('<?php class _Fragment { ' . $source . "\n}");
    if (!$member) { $out[] = ['rule' => 'class body']; continue; }
    $out[] = ['error' => $member['line'] > $error['line'] ? $member : $error];
}
echo json_encode($out);
`;

function checkPhp(blocks: CodeBlock[]): Verdict[] {
  const { stdout, stderr, status } = run(
    'php',
    ['-d', 'display_errors=stderr', '-r', PHP_CHECK],
    'php-cli',
    JSON.stringify(blocks.map((b) => b.code)),
  );
  if (status !== 0) throw new Error(`the PHP parse check failed: ${stderr}`);
  return (JSON.parse(stdout) as { rule: string | null; error?: Verdict['error'] }[]).map((v) =>
    v.error ? { error: v.error } : { rule: v.rule ?? undefined },
  );
}

// bash: `file: line 3: message`; dash: `file: 3: message`.
const SHELL_ERROR = /^(?<file>.+\.sh): (?:line )?(?<line>\d+): (?<message>.*)$/;

function checkShell(shell: string, pkg: string, blocks: CodeBlock[], dir: string): Verdict[] {
  run(shell, ['-n', '/dev/null'], pkg); // fails with how to install it when it is missing
  // `-n` takes one script; one bash runs the parser on each file (≈2 ms a block).
  const files = writeFiles(
    dir,
    blocks.map((b) => b.code),
    'sh',
  );
  const { stdout } = run('bash', ['-c', `for f; do ${shell} -n "$f" 2>&1; done`, 'bash', ...files], 'bash');
  const errors = errorsByFile(`${shell} -n`, stdout, files, SHELL_ERROR);
  return blocks.map((_, i) => {
    const list = errors.get(i);
    if (!list) return {};
    // bash prints the error, then the offending line quoted (or a warning, such as a here-document
    // its delimiter never closes): keep them on one report.
    return { error: { line: list[0].line, message: list.map((e) => e.message).join(' — ') } };
  });
}
