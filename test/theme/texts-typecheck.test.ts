/**
 * A dictionary that lacks a key of en.ts fails the typecheck: texts/index.ts lists each locale
 * `satisfies Record<string, Texts>`. Done the way a translator would meet it: a copy of a real
 * dictionary with one text left out, registered the same way, compiled by tsc.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/site.ts';

const TEXTS_DIR = path.join(ROOT, 'theme/shared/texts');
// Outside the folders `npm run typecheck` reads (tsconfig.base.json), so a parallel typecheck never sees it.
const dir = fs.mkdtempSync(path.join(ROOT, '.cache', 'texts-typecheck-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes a locale `de` made from en-XA.ts with `edit` applied, registered as index.ts does; returns its index. */
function variant(name: string, edit: (source: string) => string): string {
  const rel = (file: string) =>
    `./${path.relative(path.join(dir, name), path.join(TEXTS_DIR, file)).split(path.sep).join('/')}`;
  const source = fs
    .readFileSync(path.join(TEXTS_DIR, 'en-XA.ts'), 'utf8')
    .replace("'./en.ts'", `'${rel('en.ts')}'`)
    .replace("'./pseudo.ts'", `'${rel('pseudo.ts')}'`);
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  fs.writeFileSync(path.join(dir, name, 'de.ts'), edit(source));
  const index = path.join(dir, name, 'index.ts');
  fs.writeFileSync(
    index,
    `import type { Texts } from '${rel('types.ts')}';\nimport * as de from './de.ts';\nexport const DICTIONARIES = { de } satisfies Record<string, Texts>;\n`,
  );
  return index;
}

const ON_THIS_PAGE = 'export const onThisPage = /* @__PURE__ */ pseudo(en.onThisPage);\n';
const roots = {
  complete: variant('complete', (s) => s),
  missing: variant('missing', (s) => {
    if (!s.includes(ON_THIS_PAGE)) throw new Error('en-XA.ts has no onThisPage line');
    return s.replace(ON_THIS_PAGE, '');
  }),
  shape: variant('shape', (s) => s.replace('pseudo(en.seeAllResults)', '"See all"')),
};

/** One compile of the three (with the options of theme/shared, where dictionaries live): each one's errors. */
function errorsOf(): Record<keyof typeof roots, string> {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'theme/shared/tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram(Object.values(roots), config.options));
  const of = (name: string) =>
    diagnostics
      .filter((d) => d.file?.fileName.includes(`/${name}/`) || !d.file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
      .join('\n');
  return { complete: of('complete'), missing: of('missing'), shape: of('shape') };
}

describe('a dictionary', () => {
  const errors = errorsOf();

  it('with every key compiles', () => {
    expect(errors.complete).toBe('');
  });

  it('without a key fails the typecheck, naming the key', () => {
    expect(errors.missing).toMatch(/onThisPage/);
  });

  it('with a text of the wrong shape fails the typecheck', () => {
    expect(errors.shape).toMatch(/seeAllResults/);
  });
});
