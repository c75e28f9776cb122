/**
 * `docs build` through the real CLI on hostile doc files and faults inside the compiler: every
 * bad file is one `file:line` problem with a hint, the other docs go on (their own problems are
 * listed too), the command exits 1 and prints no stack, and the previous output stays. Both
 * compile paths: this thread alone (a small site) and two threads (over 120 docs to compile).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';
import { EXPECTED_PROBLEMS, generatedHostileFiles, keptHostileFiles } from './hostile-files.ts';
import { anyMarkdown, titledSoup } from './fuzz-inputs.ts';

const BIN = path.join(ROOT, 'bin/docs.js');

/** Docs with a code fence: on the two-thread path this thread claims them first, the worker the plain (hostile) ones. */
function fillers(count: number): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `docs/filler/page-${i}.md`,
      `---\ntitle: Filler ${i}\ndescription: Filler page ${i}.\n---\n\n## Section\n\nText ${i}.\n\n\`\`\`go\nfmt.Println(${i})\n\`\`\`\n`,
    ]),
  );
}

/** A good doc with one broken link: its problem must be listed beside the hostile ones (the others went on). */
const BROKEN_LINK = {
  'docs/zz/good-but-broken-link.md':
    '---\ntitle: Good\ndescription: A good page with one broken link.\n---\n\nSee [nowhere](/no-such-page).\n',
};

interface Built {
  status: number | null;
  stderr: string;
  out: string;
  /** The previous build's marker file is still in the output folder. */
  kept: boolean;
}

/**
 * Runs `docs build` into an output folder that already holds a previous build (a marker file).
 * Asynchronously: a test worker blocked for a minute misses vitest's own messages.
 */
async function build(content: string, env: NodeJS.ProcessEnv = {}, during?: () => Promise<void>): Promise<Built> {
  const out = tempOut();
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'previous-build.txt'), 'kept');
  const child = spawn(
    process.execPath,
    [BIN, '--root', ROOT, '--content', content, 'build', '--no-cache', '--out', out],
    { cwd: ROOT, env: { ...process.env, ...env } },
  );
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  await during?.();
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { status, stderr, out, kept: fs.existsSync(path.join(out, 'previous-build.txt')) };
}

/** The problem lines `docs build` printed (`  file:line[:col]: message`). */
const problemLines = (stderr: string) => stderr.split('\n').filter((l) => /^ {2}\S/.test(l));

function expectPlainFailure(r: Built) {
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr).toMatch(/✖ \d+ problems? found:/);
  expect(r.stderr).not.toMatch(/\n\s+at |run with --debug|Error:|node:internal/);
  for (const line of problemLines(r.stderr)) expect(line).toMatch(/^ {2}\S+\.md:\d+(:\d+)?: \S/);
  expect(r.kept).toBe(true);
}

function expectEveryHostileFile(stderr: string) {
  const lines = problemLines(stderr);
  const about = (name: string) => lines.filter((l) => l.includes(`/zz/${name}:`));
  for (const [name, expected] of Object.entries(EXPECTED_PROBLEMS))
    expect(about(name).join('\n'), name).toMatch(expected);
  expect(about('unclosed-brackets.md').join('\n')).toMatch(/took more than 2 s/);
  expect(about('good-but-broken-link.md').join('\n')).toMatch(/no-such-page/);
}

describe('docs build on hostile files: each one a problem, the rest goes on', () => {
  const hostile = () => {
    const files = { ...keptHostileFiles(), ...generatedHostileFiles() };
    return Object.fromEntries(Object.entries(files).map(([name, content]) => [`docs/zz/${name}`, content]));
  };

  it('this thread alone (a small site): every hostile file named with its line, exit 1, no stack, previous output kept', {
    timeout: 180_000,
  }, async () => {
    const r = await build(fixtureCopy({ ...hostile(), ...BROKEN_LINK } as Record<string, string>), {
      DOCS_PAGE_TIME_LIMIT_S: '2',
    });
    expectPlainFailure(r);
    expectEveryHostileFile(r.stderr);
  });

  it('two threads (125 more docs, the hostile ones on the worker): the same problems', {
    timeout: 180_000,
  }, async () => {
    const r = await build(fixtureCopy({ ...fillers(125), ...hostile(), ...BROKEN_LINK } as Record<string, string>), {
      DOCS_PAGE_TIME_LIMIT_S: '2',
    });
    expectPlainFailure(r);
    expectEveryHostileFile(r.stderr);
    expect(r.stderr).not.toMatch(/filler\/page-/);
  });

  it("a doc that exhausts the worker's heap: that doc is the problem, a new worker and this thread build the rest", {
    timeout: 180_000,
  }, async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `| [a${i}](/x${i}) | **b** | _c_ | \`d\` |`).join('\n');
    const hog = `---\ntitle: Hog\ndescription: A table that fills a small heap.\n---\n\n| a | b | c | d |\n| - | - | - | - |\n${rows}\n`;
    const r = await build(fixtureCopy({ ...fillers(125), 'docs/zz/hog.md': hog, ...BROKEN_LINK }), {
      DOCS_WORKER_HEAP_MB: '96',
    });
    expectPlainFailure(r);
    const lines = problemLines(r.stderr);
    expect(lines.filter((l) => l.includes('/zz/hog.md:'))).toEqual([
      expect.stringMatching(/hog\.md:5: compiling this page exhausted the compiler's memory/),
    ]);
    expect(lines.some((l) => l.includes('good-but-broken-link.md') && l.includes('no-such-page'))).toBe(true);
    expect(lines).toHaveLength(2);
  });

  it('fuzz: whole generated files through the real CLI exit 0 or 1, never a stack, every problem at file:line', {
    timeout: 180_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(titledSoup, anyMarkdown), { minLength: 1, maxLength: 6 }), async (pages) => {
        const edits = Object.fromEntries(pages.map((source, i) => [`docs/fuzz/p${i}.md`, source]));
        const r = await build(fixtureCopy(edits));
        expect([0, 1]).toContain(r.status);
        expect(r.stderr).not.toMatch(/\n\s+at |run with --debug|node:internal/);
        if (r.status === 1) {
          expect(problemLines(r.stderr).length).toBeGreaterThan(0);
          for (const line of problemLines(r.stderr)) expect(line).toMatch(/^ {2}\S+:\d+(:\d+)?: \S/);
          expect(r.kept).toBe(true);
        }
      }),
      // Each run is a whole build (a few seconds): few runs, a fixed seed so a failure reproduces.
      { numRuns: 4, seed: 20261127, endOnFailure: true },
    );
  });
});

describe('docs build around faults outside the docs', () => {
  it('a git that hangs is stopped after DOCS_GIT_TIMEOUT_S: the build succeeds without commit dates', {
    timeout: 180_000,
  }, async () => {
    const bin = fs.mkdtempSync(path.join(ROOT, '.cache/fake-git-'));
    try {
      fs.writeFileSync(path.join(bin, 'git'), '#!/bin/sh\nsleep 600\n', { mode: 0o755 });
      // The fake git sleeps 600 s, beyond this test's time limit: the build must not wait for it.
      const r = await build(fixtureCopy(), { PATH: `${bin}:${process.env.PATH}`, DOCS_GIT_TIMEOUT_S: '2' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/✔ \d+ pages/);
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });

  it('the share-card thread dies (its heap capped at 2 MB): this thread draws the cards, the same pictures', {
    timeout: 180_000,
  }, async () => {
    const content = fixtureCopy();
    const normal = await build(content);
    const starved = await build(content, { DOCS_WORKER_HEAP_MB: '2' });
    expect(starved.status, starved.stderr).toBe(0);
    expect(starved.stderr).toMatch(/share cards: \d+ \(\d+ drawn, 0 from the cache; their thread busy 0 ms\)/);
    const cards = fs.readdirSync(path.join(normal.out, 'og')).sort();
    expect(cards.length).toBeGreaterThanOrEqual(2);
    expect(fs.readdirSync(path.join(starved.out, 'og')).sort()).toEqual(cards);
    for (const card of cards)
      expect(
        fs.readFileSync(path.join(starved.out, 'og', card)).equals(fs.readFileSync(path.join(normal.out, 'og', card))),
        card,
      ).toBe(true);
  });

  it('content files deleted while the build runs: it succeeds without them or reports them plainly, never a stack', {
    timeout: 180_000,
  }, async () => {
    for (const delay of [0, 400, 1500]) {
      const content = fixtureCopy(
        Object.fromEntries(
          Array.from({ length: 150 }, (_, i) => [
            `docs/bulk/p${i}.md`,
            `---\ntitle: Bulk ${i}\ndescription: Bulk page ${i}.\n---\n\nText ${i}.\n`,
          ]),
        ),
      );
      const r = await build(content, {}, async () => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        fs.rmSync(path.join(content, 'docs/bulk'), { recursive: true, force: true });
      });
      expect([0, 1], r.stderr).toContain(r.status);
      expect(r.stderr).not.toMatch(/\n\s+at |run with --debug|node:internal/);
      if (r.status === 1) {
        expect(r.kept).toBe(true);
        for (const line of problemLines(r.stderr)) expect(line).toMatch(/^ {2}\S+:\d*:? ?\S/);
      }
    }
  });
});
