/**
 * The site's TypeScript imported fresh (renderer/import-fresh.ts): its bundle is kept with the
 * hash of every file bundled and used again only while each file is the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFresh } from '../../renderer/import-fresh.ts';
import { sha1 } from '../../renderer/hash.ts';
import { ROOT } from '../helpers/site.ts';

const KEPT = path.join(ROOT, 'node_modules/.cache/docs-site-code-kept');
const keptOf = (file: string) => path.join(KEPT, `${sha1(path.resolve(file)).slice(0, 20)}.json`);

describe('importFresh: the kept bundle', () => {
  it('runs the module again each time, from the kept bundle until a file it imports changes', async () => {
    // Inside the project, as the site's modules are (packages resolve from its node_modules).
    fs.mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(ROOT, '.cache', 'import-fresh-'));
    try {
      const entry = path.join(dir, 'entry.ts');
      const data = path.join(dir, 'data.ts');
      fs.writeFileSync(
        entry,
        "import { value } from './data';\n(globalThis as any).runs = ((globalThis as any).runs ?? 0) + 1;\nexport default value;\n",
      );
      fs.writeFileSync(data, 'export const value: number = 1;\n');
      const sources = new Map<string, string>();
      expect((await importFresh(entry, sources)).default).toBe(1);
      expect([...sources.keys()].sort()).toEqual([data, entry].sort());
      const kept = fs.statSync(keptOf(entry)).mtimeMs;
      const runs = (globalThis as any).runs;

      // Unchanged: the kept bundle, run again (a fresh module), with the same sources told.
      const again = new Map<string, string>();
      expect((await importFresh(entry, again)).default).toBe(1);
      expect((globalThis as any).runs).toBe(runs + 1);
      expect(again).toEqual(sources);
      expect(fs.statSync(keptOf(entry)).mtimeMs).toBe(kept);

      // A file the entry imports changed: bundled again, the new value.
      fs.writeFileSync(data, 'export const value: number = 2;\n');
      expect((await importFresh(entry)).default).toBe(2);
      // A file added beside it that the import now resolves to (esbuild tries .tsx before .ts).
      fs.writeFileSync(path.join(dir, 'data.tsx'), 'export const value: number = 3;\n');
      expect((await importFresh(entry)).default).toBe(3);
      fs.rmSync(path.join(dir, 'data.tsx'));
      expect((await importFresh(entry)).default).toBe(2);
      // And an error in it is reported at its line, not hidden by the kept bundle.
      fs.writeFileSync(data, 'export const value: number = ;\n');
      await expect(importFresh(entry)).rejects.toMatchObject({
        problems: [{ file: expect.stringContaining('data.ts'), line: 1 }],
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
