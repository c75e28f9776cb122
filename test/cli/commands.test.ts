import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../cli/index.ts';
import { DEFAULT_COMPILE_CACHE_DIR } from '../../renderer/compile-cache.ts';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';

function captureStderr() {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
    lines.push(String(chunk));
    return true;
  });
  return { text: () => lines.join(''), restore: () => spy.mockRestore() };
}

describe('cli', () => {
  it('docs build prints progress and a summary; check-links passes on the result', async () => {
    const out = tempOut();
    const err = captureStderr();
    try {
      expect(
        await run(['node', 'docs', '--root', ROOT, '--content', fixtureCopy(), 'build', '--no-cache', '--out', out]),
      ).toBe(0);
      expect(err.text()).toMatch(/✔ 5 pages in \d+\.\d\d s, [\d.]+ KB/);
      expect(await run(['node', 'docs', 'check-links', out])).toBe(0);
      expect(err.text()).toContain('no broken internal links');
    } finally {
      err.restore();
    }
  });

  it('docs build keeps compiled pages for the next build; --no-cache neither reads nor writes them', async () => {
    const content = fixtureCopy();
    const dir = path.join(
      DEFAULT_COMPILE_CACHE_DIR,
      crypto.createHash('sha1').update(path.resolve(content)).digest('hex').slice(0, 12),
    );
    const err = captureStderr();
    try {
      await run(['node', 'docs', '--root', ROOT, '--content', content, 'build', '--no-cache', '--out', tempOut()]);
      expect(fs.existsSync(dir)).toBe(false);
      await run(['node', 'docs', '--root', ROOT, '--content', content, 'build', '--out', tempOut()]);
      await run(['node', 'docs', '--root', ROOT, '--content', content, 'build', '--out', tempOut()]);
      expect(err.text()).toContain('compiled 4 docs (0 from the cache)');
      expect(err.text()).toContain('compiled 0 docs (4 from the cache)');
    } finally {
      err.restore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('docs check-links exits 1 and names the page of a broken link', async () => {
    const out = tempOut();
    await run(['node', 'docs', '--root', ROOT, '--content', fixtureCopy(), 'build', '--no-cache', '--out', out]);
    fs.appendFileSync(path.join(out, 'guide/index.html'), '<a href="/gone-away">x</a>');
    const err = captureStderr();
    try {
      expect(await run(['node', 'docs', 'check-links', out])).toBe(1);
      expect(err.text()).toMatch(/\/guide\/?: broken link \/gone-away \(HTTP 404\)/);
    } finally {
      err.restore();
    }
  });

  it('a failed build prints each problem with file:line:col and exits 1, without a stack trace', async () => {
    const err = captureStderr();
    try {
      const code = await run([
        'node',
        'docs',
        '--root',
        ROOT,
        '--content',
        fixtureCopy({ 'docs/guide/usage.md': '---\ntitle: U\n---\n\n```klingon\nx\n```\n' }),
        'build',
        '--no-cache',
        '--out',
        tempOut(),
      ]);
      expect(code).toBe(1);
      expect(err.text()).toMatch(/docs\/guide\/usage\.md:5:1: unknown code language "klingon"/);
      expect(err.text()).not.toMatch(/\n\s+at /);
    } finally {
      err.restore();
    }
  });
});
