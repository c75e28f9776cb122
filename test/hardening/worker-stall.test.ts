/**
 * The compile worker's supervisor (renderer/compile-in-parallel.ts) with a real worker stuck on a
 * doc: past the stall limit it is stopped, that doc becomes a problem naming it, and a new worker
 * and this thread compile every other doc. The page time limit is raised first, in this file's
 * own process environment (the worker inherits it), so the worker's own watchdog cannot fire
 * before the supervisor's.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledDoc } from '../../renderer/compile-doc.ts';
import { fixtureCopy, ROOT } from '../helpers/site.ts';

process.env.DOCS_PAGE_TIME_LIMIT_S = '120';
const { compileEnvOf, readSite } = await import('../../renderer/load-site.ts');
const { createCompiler } = await import('../../renderer/compile-doc.ts');
const { compileInParallel } = await import('../../renderer/compile-in-parallel.ts');

describe('a compile worker that stops making progress', () => {
  it('is stopped after the stall limit; the doc it was on is a problem, every other doc compiles', {
    timeout: 120_000,
  }, async () => {
    // Docs with a 100-line Go block: this thread claims them first and is busy with them while
    // the worker, started later, reaches the plain docs (the stuck one among them).
    const block = Array.from({ length: 100 }, (_, j) => `\tfmt.Println("line", ${j})`).join('\n');
    const fillers = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [
        `docs/filler/p${i}.md`,
        `---\ntitle: F${i}\ndescription: Filler ${i}.\n---\n\nText.\n\n\`\`\`go\nfunc f${i}() {\n${block}\n}\n\`\`\`\n`,
      ]),
    );
    // Thousands of unclosed "*[": the parser takes tens of seconds (superlinear); plain, so the worker's end of the queue.
    const stuck = `---\ntitle: Stuck\ndescription: A page the parser takes long on.\n---\n\n${'*['.repeat(15_000)}\n`;
    const base = await readSite({
      root: ROOT,
      contentDir: fixtureCopy({ ...fillers, 'docs/zz/stuck.md': stuck }),
      env: {},
    });
    const env = compileEnvOf(base);
    const compiler = await createCompiler(env, { plugins: base.plugins });
    const { table, ...shared } = env;
    const got = new Map<string, CompiledDoc>();
    await compileInParallel(
      { ...shared, pageRoutes: base.pages.map((p) => p.route) },
      table,
      table.docs,
      compiler,
      async (doc, c) => void got.set(doc.doc.relPath, c),
      undefined,
      { stallMs: 3_000 },
    );
    expect([...got.keys()].sort()).toEqual(table.docs.map((d) => d.doc.relPath).sort());
    const problem = got.get('zz/stuck.md')!.problems;
    expect(problem).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/zz\/stuck\.md$/),
        line: 5,
        message: expect.stringMatching(/made no progress for 3 s/),
      }),
    ]);
    expect(got.get('zz/stuck.md')!.transient).toBe(true);
    for (const [relPath, c] of got) if (relPath !== 'zz/stuck.md') expect(c.problems, relPath).toEqual([]);
  });
});
