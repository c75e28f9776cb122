import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/site.ts';

// A copy of the engine with the project's packages linked in, so that editing its files and the
// bundles it writes touch neither this worktree's sources nor its bundle cache.
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-engine-bundle-'));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));
for (const entry of ['bin', 'cli', 'renderer', 'theme', 'tsconfig.base.json', 'package.json', 'package-lock.json'])
  fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
fs.mkdirSync(path.join(copy, 'node_modules'));
for (const name of fs.readdirSync(path.join(ROOT, 'node_modules')))
  if (name !== '.cache') fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(copy, 'node_modules', name));

const bundleDir = path.join(copy, 'node_modules/.cache/docs-engine-bundle');
const currentKey = () => JSON.parse(fs.readFileSync(path.join(bundleDir, 'current.json'), 'utf8')).key as string;
const docs = (...args: string[]) => {
  const r = spawnSync(process.execPath, [path.join(copy, 'bin/docs.js'), ...args], { encoding: 'utf8', cwd: copy });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
};
const ORIGINAL = 'Build, preview and check a documentation site.';

describe('the engine bundle (bin/engine-bundle.mjs)', () => {
  it('is built on first use, used while its sources are unchanged, and rebuilt after an edit to any of them', () => {
    expect(docs('--help')).toContain(ORIGINAL);
    const first = currentKey();
    expect(fs.readFileSync(path.join(bundleDir, first, 'cli.mjs'), 'utf8')).toContain(ORIGINAL);
    // Unchanged: the same bundle, no new folder.
    docs('--help');
    expect(currentKey()).toBe(first);
    expect(fs.readdirSync(bundleDir).filter((n) => n !== 'current.json')).toEqual([first]);

    // An edit to a module the CLI imports is what the next run shows.
    const index = path.join(copy, 'cli/index.ts');
    const source = fs.readFileSync(index, 'utf8');
    fs.writeFileSync(index, source.replace(ORIGINAL, 'An edited engine.'));
    expect(docs('--help')).toContain('An edited engine.');
    expect(currentKey()).not.toBe(first);

    // A module deeper in, bundled only into the compile worker's chunks.
    const keyBefore = currentKey();
    fs.appendFileSync(path.join(copy, 'renderer/markdown/pipeline.ts'), '\n// edited\n');
    docs('--help');
    expect(currentKey()).not.toBe(keyBefore);

    // Back as it was: its bundle again, by content.
    fs.writeFileSync(index, source);
    fs.writeFileSync(
      path.join(copy, 'renderer/markdown/pipeline.ts'),
      fs.readFileSync(path.join(ROOT, 'renderer/markdown/pipeline.ts')),
    );
    expect(docs('--help')).toContain(ORIGINAL);
    expect(currentKey()).toBe(first);
  });

  it('DOCS_ENGINE_BUNDLE=off runs the sources through tsx, with the same result', () => {
    const r = spawnSync(process.execPath, [path.join(copy, 'bin/docs.js'), '--help'], {
      encoding: 'utf8',
      cwd: copy,
      env: { ...process.env, DOCS_ENGINE_BUNDLE: 'off' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(docs('--help'));
  });
});
