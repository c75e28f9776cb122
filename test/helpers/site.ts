import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const FIXTURE = path.join(ROOT, 'test/fixtures/sites/basic');
/** What the tests keep between files and runs (real-site.ts, api-reference/sdk-model.ts); `npm ci` empties it. */
export const TEST_CACHE_DIR = path.join(ROOT, 'node_modules/.cache/docs-test');

const FIXTURE_COPIES = path.join(ROOT, '.cache/fixtures');
const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: any) {
    return error.code === 'EPERM';
  }
};

/**
 * Copies left by test processes that are gone: vitest ends its workers without the 'exit' event
 * above, so each run left its copies behind (hundreds, and `tsc` read them all).
 */
function removeOrphanCopies(): void {
  let names: string[];
  try {
    names = fs.readdirSync(FIXTURE_COPIES);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^docs-fixture-(\d+)-/.exec(name)?.[1]);
    if (!pid || !alive(pid)) fs.rmSync(path.join(FIXTURE_COPIES, name), { recursive: true, force: true });
  }
}
removeOrphanCopies();

/** Copies the basic fixture site to a temp folder, applies edits, returns its path. */
export function fixtureCopy(edits: Record<string, string | null> = {}): string {
  // Inside the project so tsx compiles pages/*.tsx with the project's tsconfig (react-jsx).
  fs.mkdirSync(FIXTURE_COPIES, { recursive: true });
  const dir = fs.mkdtempSync(path.join(FIXTURE_COPIES, `docs-fixture-${process.pid}-`));
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
