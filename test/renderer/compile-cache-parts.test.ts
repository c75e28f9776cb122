/**
 * The compile cache's two lines per doc (renderer/compile-cache.ts): a build reads a doc's head
 * and its HTML and search records only when asked, and then never from a file that changed since.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompileCache, unreadParts } from '../../renderer/compile-cache.ts';
import type { CompiledDoc } from '../../renderer/compile-doc.ts';
import { BuildError } from '../../renderer/errors.ts';
import { sha1 } from '../../renderer/hash.ts';

const compiled = (html: string): CompiledDoc => ({
  relPath: 'guide/a.md',
  html,
  records: [{ objectID: 'a', content: html } as any],
  links: [],
  ids: ['intro'],
  toc: [{ depth: 2, id: 'intro', text: 'Intro' } as any],
  files: [],
  markdown: '# A\n',
  problems: [],
});

async function cacheWith(dir: string, key: string, doc: CompiledDoc): Promise<void> {
  const cache = CompileCache.open('/content', dir);
  cache.set(doc.relPath, key, doc);
  await cache.save();
}

describe('compile cache: head first, body when asked', () => {
  it('serves the head at once and the HTML and records from the body, with the HTML hash', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cache-parts-'));
    await cacheWith(dir, 'k1', compiled('<p>one</p>'));
    const doc = CompileCache.open('/content', dir).get('guide/a.md', 'k1')!;
    expect(doc.toc).toEqual(compiled('').toc);
    expect(unreadParts(doc)?.htmlHash).toBe(sha1('<p>one</p>'));
    expect(doc.html).toBe('<p>one</p>');
    expect(doc.records).toEqual(compiled('<p>one</p>').records);
    expect(CompileCache.open('/content', dir).get('guide/a.md', 'k2')).toBeUndefined(); // another key: a miss
  });

  it('a body replaced with another key after the head was read is an error, never the other HTML', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cache-parts-'));
    await cacheWith(dir, 'k1', compiled('<p>one</p>'));
    const doc = CompileCache.open('/content', dir).get('guide/a.md', 'k1')!;
    await cacheWith(dir, 'k2', compiled('<p>two</p>')); // another build of changed content
    expect(() => doc.html).toThrow(BuildError);
    expect(() => unreadParts(doc)!.records()).toThrow(/changed or went during this build/);
  });

  it('docs dev (memory) reads the whole doc once and serves it from memory after', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cache-parts-'));
    await cacheWith(dir, 'k1', compiled('<p>one</p>'));
    const cache = CompileCache.open('/content', dir, { memory: true });
    const doc = cache.get('guide/a.md', 'k1')!;
    expect(unreadParts(doc)).toBeUndefined();
    fs.rmSync(dir, { recursive: true });
    expect(cache.get('guide/a.md', 'k1')?.html).toBe('<p>one</p>');
  });
});
