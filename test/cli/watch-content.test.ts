import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchContent } from '../../cli/watch-content.ts';

/** Resolves when `onChange` has fired after an edit of a nested file, or rejects 5 s after the edit. */
async function seesNestedEdit(recursive: boolean): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-watch-'));
  fs.mkdirSync(path.join(dir, 'docs/deep'), { recursive: true });
  const file = path.join(dir, 'docs/deep/page.md');
  fs.writeFileSync(file, 'one');
  let changed!: () => void;
  const seen = new Promise<void>((resolve) => (changed = resolve));
  const watcher = watchContent(dir, () => changed(), { recursive });
  let timer: NodeJS.Timeout | undefined;
  try {
    // chokidar reports only changes after its first scan (a busy machine took more than 300 ms).
    await watcher.ready;
    fs.writeFileSync(file, 'two');
    await Promise.race([
      seen,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no change event (recursive: ${recursive})`)), 5000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    watcher.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('cli/watch-content: docs dev sees edits in nested folders', () => {
  it('with one recursive fs.watch (macOS: one handle instead of a descriptor per file)', async () => {
    await expect(seesNestedEdit(true)).resolves.toBeUndefined();
  });
  it('with chokidar (Linux)', async () => {
    await expect(seesNestedEdit(false)).resolves.toBeUndefined();
  });
});
