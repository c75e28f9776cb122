import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScript } from '../../renderer/inline-script.ts';

/** A browser entry importing a helper, in a fresh folder. */
function sources() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-inline-src-'));
  fs.writeFileSync(path.join(dir, 'entry.ts'), "import { word } from './word';\nconsole.log(word + __SUFFIX__);\n");
  fs.writeFileSync(path.join(dir, 'word.ts'), "export const word = 'first';\n");
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-inline-cache-'));
  return { entry: path.join(dir, 'entry.ts'), dir, cacheDir };
}

describe('inlineScript cache', () => {
  it('serves the same code as an uncached build, and keeps it on disk', () => {
    const { entry, cacheDir } = sources();
    const fresh = inlineScript(entry, { __SUFFIX__: '!' }, false);
    expect(inlineScript(entry, { __SUFFIX__: '!' }, cacheDir)).toBe(fresh);
    expect(fs.readdirSync(cacheDir).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    expect(inlineScript(entry, { __SUFFIX__: '!' }, cacheDir)).toBe(fresh);
    expect(fresh).toContain('first');
  });

  it('sees an edited import, an edited entry and other constants', () => {
    const { entry, dir, cacheDir } = sources();
    expect(inlineScript(entry, { __SUFFIX__: '!' }, cacheDir)).toContain('first');
    fs.writeFileSync(path.join(dir, 'word.ts'), "export const word = 'second';\n");
    expect(inlineScript(entry, { __SUFFIX__: '!' }, cacheDir)).toContain('second');
    fs.writeFileSync(entry, "import { word } from './word';\nconsole.info(word + __SUFFIX__);\n");
    expect(inlineScript(entry, { __SUFFIX__: '!' }, cacheDir)).toContain('console.info');
    expect(inlineScript(entry, { __SUFFIX__: '?' }, cacheDir)).toContain('?');
    expect(inlineScript(entry, { __SUFFIX__: '!' }, cacheDir)).not.toContain('?');
  });

  it('sees a new file that an import now resolves to', () => {
    const { entry, dir, cacheDir } = sources();
    fs.rmSync(path.join(dir, 'word.ts'));
    fs.writeFileSync(path.join(dir, 'word.js'), "export const word = 'from-js';\n");
    expect(inlineScript(entry, { __SUFFIX__: '!' }, cacheDir)).toContain('from-js');
    // esbuild tries .ts before .js: the new file wins though no file it read has changed.
    fs.writeFileSync(path.join(dir, 'word.ts'), "export const word = 'from-ts';\n");
    expect(inlineScript(entry, { __SUFFIX__: '!' }, cacheDir)).toContain('from-ts');
  });

  it('builds again over a corrupt cache file', () => {
    const { entry, cacheDir } = sources();
    const code = inlineScript(entry, { __SUFFIX__: '!' }, cacheDir);
    for (const f of fs.readdirSync(cacheDir)) fs.writeFileSync(path.join(cacheDir, f), '{"inputs": [], "code": "x"}');
    expect(inlineScript(entry, { __SUFFIX__: '!' }, cacheDir)).toBe(code);
  });
});
