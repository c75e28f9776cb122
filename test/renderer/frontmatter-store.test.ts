import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompileCache } from '../../renderer/compile-cache.ts';
import { ProblemList } from '../../renderer/errors.ts';
import { FrontmatterStore } from '../../renderer/frontmatter-store.ts';
import { resolveRoutes } from '../../renderer/routes.ts';

const doc = (relPath: string, source: string) => ({ file: `content/docs/${relPath}`, relPath, source });

/** resolveRoutes over `docs` with the store in `file`, opened and saved as a build does. */
function route(file: string, docs: ReturnType<typeof doc>[]) {
  const store = FrontmatterStore.open(file);
  const problems = new ProblemList();
  const table = resolveRoutes(docs, [], problems, undefined, store);
  store.save();
  return { table, problems: problems.items };
}

describe('frontmatter kept between builds', () => {
  const tempFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-fm-store-')), 'fm.json');

  it('serves a stored doc from the file, with the same route entry a parse gives', () => {
    const file = tempFile();
    const a = doc('guide/a.md', '---\ntitle: A\nsidebar_position: 2\n---\n\n# Body\n');
    const parsed = route(file, [a]).table.docs[0];
    expect(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')))).toHaveLength(1);
    const stored = route(file, [a]).table.docs[0];
    expect(stored).toEqual(parsed);
    expect(stored.body).toBe('\n# Body\n');
    expect(stored.bodyLine).toBe(5);
    // What a later build gets really comes from the file: an entry changed there shows through.
    const entries = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const e of Object.values<any>(entries)) e.frontmatter.title = 'From the store';
    fs.writeFileSync(file, JSON.stringify(entries));
    expect(route(file, [a]).table.docs[0].frontmatter.title).toBe('From the store');
  });

  it('an edited frontmatter is parsed again, and an edit that breaks it is reported', () => {
    const file = tempFile();
    route(file, [doc('a.md', '---\ntitle: Old\nslug: /old\n---\nbody\n')]);
    const edited = route(file, [doc('a.md', '---\ntitle: New\nslug: /new\n---\nbody\n')]);
    expect(edited.table.docs[0].frontmatter.title).toBe('New');
    expect(edited.table.docs[0].route).toBe('/new');
    for (let run = 0; run < 2; run++) {
      const broken = route(file, [doc('a.md', '---\ntitle: 42\n---\nbody\n')]);
      expect(broken.problems.map((p) => p.line)).toEqual([2]);
      expect(broken.table.docs).toEqual([]);
    }
  });

  it('keeps only what the last build used, and survives a corrupt file', () => {
    const file = tempFile();
    const a = doc('a.md', '---\ntitle: A\n---\n');
    const b = doc('b.md', '---\ntitle: B\n---\n');
    route(file, [a, b]);
    route(file, [a]);
    expect(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')))).toHaveLength(1);
    fs.writeFileSync(file, '{not json');
    expect(route(file, [a, b]).table.docs.map((d) => d.frontmatter.title)).toEqual(['A', 'B']);
  });

  it('lives beside the compile cache and outlasts its housekeeping', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-fm-cache-'));
    const cache = CompileCache.open('/some/content', cacheDir);
    const store = cache.frontmatterStore();
    resolveRoutes([doc('a.md', '---\ntitle: A\n---\n')], [], new ProblemList(), undefined, store);
    store.save();
    await cache.save(new Set(['a.md']));
    const kept = cache.frontmatterStore();
    expect(kept.get('---\ntitle: A\n---\n')?.frontmatter.title).toBe('A');
  });
});
