import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectCodeBlocks, type CodeBlock } from './code-blocks.ts';
import { dataBlockProblems } from './data-blocks.ts';

describe('YAML, JSON and TOML code blocks in content/', () => {
  it('parse, and so do the files embedded in YAML under a .toml or .json key', () => {
    const { checked, problems } = dataBlockProblems(collectCodeBlocks(path.resolve('content')));
    console.log(`parsed ${checked} YAML, JSON and TOML blocks`);
    expect(checked).toBeGreaterThan(50);
    expect(problems.map((p) => `${p.where}: ${p.message}`)).toEqual([]);
  });
});

describe('the data-block check', () => {
  const block = (lang: string, code: string, meta = ''): CodeBlock => ({ file: 'page.md', line: 10, lang, meta, code });
  it('reports a broken block at its Markdown line, and a broken embedded config.toml', () => {
    const { problems } = dataBlockProblems([
      block('yaml', 'ok: 1\nlist: [a, b\n'),
      block('json', '{"a": 1,}'),
      block('toml', '[runners\n'),
      block('yaml', 'kind: Secret\nstringData:\n  config.toml: |\n    concurrent = \n'),
    ]);
    expect(problems.map((p) => p.where)).toEqual([
      'page.md:12',
      'page.md:10',
      'page.md:10',
      'page.md:10 (config.toml)',
    ]);
  });
  it('accepts multi-document YAML, {{version}} and no-check sketches', () => {
    const { checked, problems } = dataBlockProblems([
      block('yaml', 'a: 1\n---\nimage: registry.dagger.io/engine:v{{version}}\n'),
      block('toml', 'version = "{{version}}"\n'),
      block('json', '{ ... }', 'no-check'),
    ]);
    expect([checked, problems]).toEqual([2, []]);
  });
});
