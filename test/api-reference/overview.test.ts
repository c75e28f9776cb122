import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { visit } from 'unist-util-visit';
import { beforeAll, describe, expect, it } from 'vitest';
import { overviewDoc } from '../../renderer/api-reference/markdown/overview-page.ts';
import type { ApiModel } from '../../renderer/api-reference/model.ts';
import { DOCS_VERSION, SDK_VERSION, reference, render } from './helpers.ts';

// Generates the reference once if the cache is cold; the tests then read it from memory.
beforeAll(() => reference(), 180_000);

// The overview is the one hand-written page of the reference: its TypeScript examples must
// compile against the SDK version it documents, like every example in content/.
describe('reference overview', () => {
  it('installs the documented version', async () => {
    const overview = (await reference()).docs.find((d) => d.relPath === 'reference/typescript/index.md')!;
    expect(overview.source).toContain(`npm install --save-dev @dagger.io/dagger@${DOCS_VERSION}`);
    for (const section of ['## Install', '## Import', '## Connect', '## Handle errors', '## Where to go next']) {
      expect(overview.source).toContain(section);
    }
  });

  it('is the site\'s template (content/api-reference/overview.md), its declaration names linked', async () => {
    const overview = (await reference()).docs.find((d) => d.relPath === 'reference/typescript/index.md')!;
    expect(overview.source).toMatch(/^---\ntitle: "TypeScript SDK Reference"\n/);
    expect(overview.source).toContain('an instance of [`Client`](/reference/typescript/api/client.gen/classes/Client)');
    expect(overview.source).toContain('wraps its work in [`connection()`](/reference/typescript/connect/functions/connection)');
    expect(overview.source).not.toContain('{{');
  });

  it('fails on a placeholder it does not know, and leaves a name missing from the SDK unlinked', () => {
    const model = { version: '1.0.0', pages: [], modules: [] } as unknown as ApiModel;
    const template = (body: string) => `---\ntitle: T\ndescription: D {{version}}\nsidebar_label: O\n---\n\n${body}\n`;
    expect(() => overviewDoc(model, template('{{verison}}'))).toThrow('unknown placeholder {{verison}}');
    expect(overviewDoc(model, template('{{ref:connect:gone}} in {{version}}')).source).toBe('---\ntitle: "T"\ndescription: "D 1.0.0"\nsidebar_label: "O"\n---\n\n`gone` in 1.0.0\n');
  });

  it(`has TypeScript examples that type-check against @dagger.io/dagger ${SDK_VERSION}`, async () => {
    const overview = (await reference()).docs.find((d) => d.relPath === 'reference/typescript/index.md')!;
    const { mdast } = await render(overview);
    const blocks: string[] = [];
    visit(mdast, 'code', (node) => {
      if (node.lang === 'typescript' || node.lang === 'ts') blocks.push(node.value);
    });
    expect(blocks.length).toBeGreaterThanOrEqual(3);

    const dir = path.resolve('node_modules/.cache/api-reference-overview');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const files = blocks.map((code, i) => {
      const file = path.join(dir, `block-${i}.ts`);
      fs.writeFileSync(file, `${code}\nexport {};\n`);
      return file;
    });
    const program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    fs.rmSync(dir, { recursive: true, force: true });
    expect(problems).toEqual([]);
  });
});
