import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const FIXTURE = path.join(ROOT, 'test/fixtures/sites/basic');
/** What the tests keep between files and runs (real-site.ts, api-reference/sdk-model.ts); `npm ci` empties it. */
export const TEST_CACHE_DIR = path.join(ROOT, 'node_modules/.cache/docs-test');

/** Copies the basic fixture site to a temp folder, applies edits, returns its path. */
const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

export function fixtureCopy(edits: Record<string, string | null> = {}): string {
  // Inside the project so tsx compiles pages/*.tsx with the project's tsconfig (react-jsx).
  fs.mkdirSync(path.join(ROOT, '.cache/fixtures'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, '.cache/fixtures/docs-fixture-'));
  made.push(dir);
  fs.cpSync(FIXTURE, dir, { recursive: true });
  for (const [file, content] of Object.entries(edits)) {
    const target = path.join(dir, file);
    if (content === null) fs.rmSync(target, { force: true });
    else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, content);
    }
  }
  return dir;
}

export function tempOut(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-out-')), 'dist');
}
