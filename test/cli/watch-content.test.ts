import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchContent } from '../../cli/watch-content.ts';

/** Resolves when `onChange` has fired after an edit of a nested file, or rejects after 5 s. */
async function seesNestedEdit(recursive: boolean): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-watch-'));
  fs.mkdirSync(path.join(dir, 'docs/deep'), { recursive: true });
  const file = path.join(dir, 'docs/deep/page.md');
  fs.writeFileSync(file, 'one');
  let changed!: () => void;
  const seen = new Promise<void>((resolve, reject) => {
    changed = resolve;
    setTimeout(() => reject(new Error(`no change event (recursive: ${recursive})`)), 5000);
  });
  const watcher = watchContent(dir, () => changed(), { recursive });
  try {
    // chokidar reports only changes after its initial scan: give both kinds a moment.
    await new Promise((r) => setTimeout(r, 300));
    fs.writeFileSync(file, 'two');
    await seen;
  } finally {
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
