import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectCodeBlocks, type CodeBlock } from './code-blocks.ts';
import { documentedSurface } from './documented-api.ts';
import { checkTypeScriptBlocks } from './typescript-check.ts';

// Every TypeScript example in the docs compiles against the SDK the site installs, so a renamed
// method or a wrong argument type fails the tests instead of reaching a reader; and none uses
// what that SDK has but the documented Dagger version lacks (the typescript-api plugin's exclude).
const SDK_VERSION = '0.18.19';
const DOCS_VERSION = '0.18.16';
const root = path.resolve('content');
// Per process: worktrees of this repository may share node_modules and run this test at once.
const workDir = path.resolve(`node_modules/.cache/ts-blocks-${process.pid}`);

describe('TypeScript code blocks in content/', () => {
  it(`type-check against @dagger.io/dagger ${SDK_VERSION} and use only the API of Dagger ${DOCS_VERSION}`, async () => {
    const installed = JSON.parse(fs.readFileSync('node_modules/@dagger.io/dagger/package.json', 'utf8'));
    expect(installed.version).toBe(SDK_VERSION);
    const surface = await documentedSurface(root);
    expect(surface.documents).toBe(DOCS_VERSION);

    // Fragments marked no-check are not type-checked, but still held to the documented API.
    const blocks = collectCodeBlocks(root).filter((b) => ['typescript', 'ts'].includes(b.lang));
    const problems = checkTypeScriptBlocks(blocks, workDir, surface);
    console.log(
      `type-checked ${blocks.filter((b) => !/\bno-check\b/.test(b.meta)).length} TypeScript blocks, checked ${blocks.length} against the API of ${DOCS_VERSION}`,
    );
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('the API-surface check', () => {
  const block = (code: string, line = 10): CodeBlock => ({
    file: 'docs/example.md',
    line,
    lang: 'typescript',
    meta: '',
    code,
  });

  it(`rejects what ${SDK_VERSION} has and ${DOCS_VERSION} lacks, and accepts the rest`, async () => {
    const surface = await documentedSurface(root);
    const blocks = [
      block(
        'import { dag } from "@dagger.io/dagger"\n\nexport const out = await dag.container().from("alpine").combinedOutput()\n',
        10,
      ),
      block(
        'import { dag, Changeset } from "@dagger.io/dagger"\n\nexport function diff(): Changeset {\n  return dag.directory().changes(dag.directory())\n}\n',
        20,
      ),
      block(
        'import { dag } from "@dagger.io/dagger"\n\nexport const head = await dag.directory().file("a.txt").contents({ offsetLines: 1 })\nexport const src = dag.host().directory(".", { gitignore: true, exclude: ["node_modules"] })\n',
        30,
      ),
      block(
        'import { dag, Container, ReturnType } from "@dagger.io/dagger"\n\nexport function build(): Container {\n  return dag.container().from("alpine").withExec(["ls"], { expect: ReturnType.Any })\n}\nexport const dir = dag.host().directory(".", { exclude: ["node_modules"] })\n',
        40,
      ),
    ];
    const problems = checkTypeScriptBlocks(blocks, `${workDir}-surface`, surface);
    expect(problems).toEqual([
      `docs/example.md:12: Container.combinedOutput is not in Dagger ${DOCS_VERSION}`,
      `docs/example.md:20: Changeset is not in Dagger ${DOCS_VERSION}`,
      `docs/example.md:22: Changeset is not in Dagger ${DOCS_VERSION}`,
      `docs/example.md:23: Directory.changes is not in Dagger ${DOCS_VERSION}`,
      `docs/example.md:32: FileContentsOpts.offsetLines is not in Dagger ${DOCS_VERSION}`,
      `docs/example.md:33: HostDirectoryOpts.gitignore is not in Dagger ${DOCS_VERSION}`,
    ]);
    // Without the list, the same blocks type-check: 0.18.19 has all of it.
    expect(checkTypeScriptBlocks(blocks, `${workDir}-surface`)).toEqual([]);
    // A fragment is not type-checked, but what it resolves in the SDK is still checked.
    const fragment = {
      ...block('const c = dag.container().combinedOutput()\nundefinedThing()\n', 50),
      meta: 'no-check',
    };
    expect(checkTypeScriptBlocks([fragment], `${workDir}-surface`, surface)).toEqual([]);
    const importing = { ...fragment, code: `import { dag } from "@dagger.io/dagger"\n${fragment.code}` };
    expect(checkTypeScriptBlocks([importing], `${workDir}-surface`, surface)).toEqual([
      `docs/example.md:51: Container.combinedOutput is not in Dagger ${DOCS_VERSION}`,
    ]);
  }, 60_000);
});
