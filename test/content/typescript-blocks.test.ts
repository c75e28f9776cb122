import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { collectCodeBlocks } from './code-blocks.ts';

// Every TypeScript example in the docs compiles against the SDK version the site documents, so a
// renamed method or a wrong argument type fails the tests instead of reaching a reader.
const SDK_VERSION = '0.18.19';
const root = path.resolve('content');
const workDir = path.resolve('node_modules/.cache/ts-blocks');

describe('TypeScript code blocks in content/', () => {
  it(`type-check against @dagger.io/dagger ${SDK_VERSION}`, () => {
    const installed = JSON.parse(fs.readFileSync('node_modules/@dagger.io/dagger/package.json', 'utf8'));
    expect(installed.version).toBe(SDK_VERSION);

    const blocks = collectCodeBlocks(root).filter(
      (b) => ['typescript', 'ts'].includes(b.lang) && !/\bno-check\b/.test(b.meta),
    );
    fs.rmSync(workDir, { recursive: true, force: true });
    fs.mkdirSync(workDir, { recursive: true });
    const files = blocks.map((block, i) => {
      const file = path.join(workDir, `block-${i}.ts`);
      // Each block is its own module; `export {}` keeps import-free snippets module-scoped.
      fs.writeFileSync(file, `${block.code}\nexport {};\n`);
      return file;
    });

    const program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      experimentalDecorators: true, // Dagger TypeScript modules use legacy decorators
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const index = d.file ? files.indexOf(path.resolve(d.file.fileName)) : -1;
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      if (index < 0 || !d.file || d.start === undefined) return message;
      const { line } = d.file.getLineAndCharacterOfPosition(d.start);
      const block = blocks[index];
      return `${block.file}:${block.line + line}: ${message}`;
    });
    console.log(`type-checked ${blocks.length} TypeScript blocks`);
    expect(problems).toEqual([]);
  });
});
