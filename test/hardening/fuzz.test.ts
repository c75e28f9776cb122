import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import fc from 'fast-check';
import matter from 'gray-matter';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { BuildError, ProblemList } from '../../renderer/errors.ts';
import { createPipeline, type ToHast } from '../../renderer/markdown/pipeline.ts';
import { resolveRoutes } from '../../renderer/routes.ts';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';
import { anyMarkdown, badProblems, checkDoc, pathologicalCorpus, titledSoup, tokenSoup } from './fuzz-inputs.ts';

/** Fixed seed: a failure names its input and reproduces; bench/fuzz.mjs runs 10,000 with others. */
const SEED = 20251123;
/** The engine's per-page limit, lowered so the pathological pages cost seconds, not minutes. */
const LIMIT_MS = 1_500;
/** Rendering to HTML happens after the guarded parse; it must stay well within this too. */
const SLACK_MS = 4_000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

/** What some of the named pages must produce (a problem mentioning this), not merely "no crash". */
const EXPECTED: Record<string, RegExp> = {
  '10,000-deep nested list': /nested too deeply|took more than/,
  '10,000-deep nested blockquote': /nested too deeply|took more than/,
  '10,000-deep ordered list': /nested too deeply|took more than/,
  '300-deep indented list': /nested too deeply|took more than/,
  'thousands of unclosed "*[" (superlinear parse)': /took more than 1.5 s/,
  'unknown directives': /unknown directive ":::warningz"/,
  'frontmatter of the wrong types': /title: expected string, received number/,
  'invalid YAML': /invalid frontmatter/,
  'YAML alias bomb': /title: expected string, received array/,
  'slug that escapes the output folder': /slug: a route such as/,
  'malformed anchor escape': /broken anchor: #%E0%A4%A is not valid percent-encoding/,
  'javascript: links': /unsafe link: javascript:/,
};

describe('fuzz: bad Markdown never crashes or hangs the build', () => {
  let toHast: ToHast;
  beforeAll(async () => {
    toHast = await createPipeline({ timeLimitMs: LIMIT_MS });
  });

  it('each pathological page renders or fails with file:line and plain words, within the time limit', {
    timeout: 180_000,
  }, async () => {
    const report: string[] = [];
    for (const [name, source] of pathologicalCorpus()) {
      const r = await checkDoc(source, toHast);
      report.push(`${name}: ${r.kind} in ${Math.round(r.ms)} ms`);
      expect(r.kind, `${name}: ${r.kind === 'crash' ? r.error : ''}`).not.toBe('crash');
      if (r.kind === 'crash') continue;
      expect(badProblems(r.problems), name).toEqual([]);
      expect(r.ms, name).toBeLessThan(LIMIT_MS + SLACK_MS);
      if (EXPECTED[name]) expect(r.problems.map((p) => p.message).join('\n'), name).toMatch(EXPECTED[name]);
    }
    expect(report).toHaveLength(pathologicalCorpus().length);
  });

  it('300 generated and mutated files (seeded): no crash, every problem has a line, no file over the limit', {
    timeout: 120_000,
  }, async () => {
    const kinds = { ok: 0, problems: 0 };
    await fc.assert(
      fc.asyncProperty(anyMarkdown, async (source) => {
        const r = await checkDoc(source, toHast);
        if (r.kind === 'crash') throw new Error(`crash: ${r.error}`);
        const bad = badProblems(r.problems);
        if (bad.length) throw new Error(`problems without a line or with a stack:\n${bad.join('\n')}`);
        if (r.ms > LIMIT_MS + SLACK_MS) throw new Error(`took ${Math.round(r.ms)} ms`);
        kinds[r.kind]++;
      }),
      { seed: SEED, numRuns: 300 },
    );
    // Both outcomes occur: the generators reach valid pages and broken ones.
    expect(kinds.ok).toBeGreaterThan(10);
    expect(kinds.problems).toBeGreaterThan(10);
  });

  it('memory stays bounded: fuzzing 120 more pages leaves the heap where it was, gray-matter keeps no copies', {
    timeout: 120_000,
  }, async () => {
    for (const source of fc.sample(anyMarkdown, { seed: SEED + 1, numRuns: 30 })) await checkDoc(source, toHast);
    const before = heapMb();
    for (const source of fc.sample(anyMarkdown, { seed: SEED + 2, numRuns: 120 })) await checkDoc(source, toHast);
    await checkDoc(`---\ntitle: big\n---\n${'word '.repeat(200_000)}`, toHast);
    const after = heapMb();
    expect(Object.keys((matter as unknown as { cache: object }).cache)).toHaveLength(0);
    expect(after - before).toBeLessThan(64);
  });

  it('invalid frontmatter is reported the same way on every parse (no cached half-result)', () => {
    const doc = { file: 'content/docs/a.md', relPath: 'a.md', source: '---\ntitle: [oops\n---\nBody\n' };
    for (let i = 0; i < 3; i++) {
      const problems = new ProblemList();
      const table = resolveRoutes([doc], [], problems);
      expect(table.docs).toHaveLength(0);
      expect(problems.items.map((p) => `${p.line}: ${p.message}`)).toEqual([
        '4: invalid frontmatter: unexpected end of the stream within a flow collection',
      ]);
    }
  });

  it('a whole two-thread build of 130 fuzzed pages succeeds or fails once, with file:line for every problem', {
    timeout: 120_000,
  }, async () => {
    const pages = fc.sample(fc.oneof(titledSoup, anyMarkdown), { seed: SEED + 3, numRuns: 130 });
    const edits = Object.fromEntries(
      pages.map((source, i) => [`docs/fuzz/page-${String(i).padStart(3, '0')}.md`, source]),
    );
    let error: unknown;
    try {
      await buildSite({ root: ROOT, contentDir: fixtureCopy(edits), outDir: tempOut(), env: {} });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BuildError);
    const problems = (error as BuildError).problems;
    expect(problems.length).toBeGreaterThan(0);
    expect(badProblems(problems)).toEqual([]);
    expect(problems.every((p) => /docs\/fuzz\/page-\d{3}\.md$/.test(p.file))).toBe(true);
  });

  it('`docs build` on fuzzed pages exits 1 listing file:line problems, never a stack trace', {
    timeout: 120_000,
  }, () => {
    const corpus = pathologicalCorpus(0.01).map(([, s]) => s);
    const soup = fc.sample(tokenSoup, { seed: SEED + 4, numRuns: 20 }).map((s) => `---\ntitle: Soup\n---\n${s}`);
    const edits = Object.fromEntries([...corpus, ...soup].map((source, i) => [`docs/fuzz/p${i}.md`, source]));
    const content = fixtureCopy(edits);
    const out = tempOut();
    const r = spawnSync(
      process.execPath,
      [path.join(ROOT, 'bin/docs.js'), '--root', ROOT, '--content', content, 'build', '--no-cache', '--out', out],
      { cwd: ROOT, encoding: 'utf8', timeout: 100_000 },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/✖ \d+ problems found:/);
    expect(r.stderr).not.toMatch(/\n\s+at |run with --debug/);
    const listed = r.stderr.split('\n').filter((l) => /^ {2}\S/.test(l));
    expect(listed.length).toBeGreaterThan(5);
    for (const line of listed) expect(line).toMatch(/^ {2}\S+\.md:\d+(:\d+)?: \S/);
    expect(fs.existsSync(out)).toBe(false);
  });
});
