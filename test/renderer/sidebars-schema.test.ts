import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { checkSidebars } from '../../renderer/config/sidebars-schema.ts';
import { BuildError } from '../../renderer/errors.ts';
import { fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';

/** Checks a sidebars.ts source (evaluated as the object literal it exports) and returns `line: message` per problem. */
function problemsOf(source: string): string[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sidebars-')), 'sidebars.ts');
  fs.writeFileSync(file, source);
  const value = new Function(`return (${source.replace(/^export default /, '').replace(/;\s*$/, '')});`)();
  const result = checkSidebars(value, file);
  return 'problems' in result ? result.problems.map((p) => `${p.line}: ${p.message}`) : [];
}

describe('sidebars.ts is checked by a schema, each error at its line', () => {
  it('accepts every kind of item, bare doc ids kept as written', () => {
    const value = {
      docs: [
        'intro',
        { type: 'doc', id: 'a', label: 'A' },
        { type: 'link', label: 'Mail', href: 'mailto:x@example.com' },
        { type: 'category', label: 'C', collapsed: true, link: 'c', items: ['c/one'] },
        { type: 'generated', plugin: 'api', label: 'API' },
      ],
    };
    expect(checkSidebars(value, '/nowhere/sidebars.ts')).toEqual({ sidebars: value });
  });

  it('names the key, the item and the line of a misspelt key, a wrong type, an unknown kind and an empty id', () => {
    const source = [
      'export default {',
      '  docs: [',
      "    'intro',",
      "    { type: 'link', lable: 'Typo', href: '/guide' },",
      "    { type: 'category', label: 'Guides', collapsed: 'yes', items: ['guide'] },",
      "    { type: 'section', label: 'Odd' },",
      "    { type: 'category', label: 'Deep', items: [''] },",
      '  ],',
      '};',
    ].join('\n');
    expect(problemsOf(source)).toEqual([
      expect.stringMatching(/^4: docs\.1\.label: expected string, received undefined/),
      expect.stringMatching(/^4: docs\.1: unknown key\(s\) "lable"/),
      expect.stringMatching(/^5: docs\.2\.collapsed: expected boolean, received string/),
      expect.stringMatching(/^6: docs\.3\.type: Invalid discriminator value/),
      expect.stringMatching(/^7: docs\.4\.items\.0\.id: a doc id must not be empty/),
    ]);
  });

  it('fails the build with those problems, and no stack', async () => {
    const contentDir = fixtureCopy({
      'sidebars.ts': "export default {\n  guide: [\n    { type: 'doc', id: 'guide', labl: 'x' },\n  ],\n};\n",
    });
    const error = await buildSite({ root: ROOT, contentDir, outDir: tempOut() }).then(
      () => undefined,
      (e) => e,
    );
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).problems.map((p) => [path.basename(p.file), p.line, p.message])).toEqual([
      ['sidebars.ts', 3, 'guide.0: unknown key(s) "labl"'],
    ]);
  });
});
