import path from 'node:path';
import { visit } from 'unist-util-visit';
import { beforeAll, describe, expect, it } from 'vitest';
import { overviewDoc } from '../../content/plugins/typescript-api/markdown/overview-page.ts';
import type { ApiModel } from '../../content/plugins/typescript-api/model.ts';
import type { CodeBlock } from '../content/code-blocks.ts';
import { checkTypeScriptBlocks } from '../content/typescript-check.ts';
import { DOCS_VERSION, EXCLUSIONS, SDK_VERSION, reference, render } from './helpers.ts';

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

  it("is the site's template (content/api-reference/overview.md), its declaration names linked", async () => {
    const overview = (await reference()).docs.find((d) => d.relPath === 'reference/typescript/index.md')!;
    expect(overview.source).toMatch(/^---\ntitle: "TypeScript SDK Reference"\n/);
    expect(overview.source).toContain('an instance of [`Client`](/reference/typescript/api/client.gen/classes/Client)');
    expect(overview.source).toContain(
      'wraps its work in [`connection()`](/reference/typescript/connect/functions/connection)',
    );
    expect(overview.source).not.toContain('{{');
  });

  it('fails on a placeholder it does not know, and leaves a name missing from the SDK unlinked', () => {
    const model = { version: '1.0.0', pages: [], modules: [] } as unknown as ApiModel;
    const template = (body: string) => `---\ntitle: T\ndescription: D {{version}}\nsidebar_label: O\n---\n\n${body}\n`;
    expect(() => overviewDoc(model, template('{{verison}}'))).toThrow('unknown placeholder {{verison}}');
    expect(overviewDoc(model, template('{{ref:connect:gone}} in {{version}}')).source).toBe(
      '---\ntitle: "T"\ndescription: "D 1.0.0"\nsidebar_label: "O"\n---\n\n`gone` in 1.0.0\n',
    );
  });

  it(`has TypeScript examples that type-check against @dagger.io/dagger ${SDK_VERSION} and use only the API of ${DOCS_VERSION}`, async () => {
    const overview = (await reference()).docs.find((d) => d.relPath === 'reference/typescript/index.md')!;
    const { mdast } = await render(overview);
    // Type-checked like the examples in content/, and held to the documented API version.
    const blocks: CodeBlock[] = [];
    visit(mdast, 'code', (node) => {
      if (node.lang === 'typescript' || node.lang === 'ts')
        blocks.push({
          file: 'reference/typescript (generated overview)',
          line: (node.position?.start.line ?? 0) + 1,
          lang: node.lang,
          meta: '',
          code: node.value,
        });
    });
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const problems = checkTypeScriptBlocks(
      blocks,
      path.resolve(`node_modules/.cache/api-reference-overview-${process.pid}`),
      { exclude: EXCLUSIONS.exclude, documents: DOCS_VERSION },
    );
    expect(problems).toEqual([]);
  });
});
