import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { quickInfoHovers } from '../../content/plugins/type-hovers/quick-info.ts';
import { buildRealSite } from '../helpers/real-site.ts';
import { FIXTURE, ROOT, fixtureCopy, tempOut } from '../helpers/site.ts';

// Types on hover in the real site's TypeScript samples (content/plugins/type-hovers/, through
// site.config.ts codeHovers): what the compiler says of a name is in the built HTML; a block the
// compiler rejects still renders; a second build asks the compiler about no block.

/** Each wrapped name of the page's TypeScript blocks with its popup: `name: popup text`. */
function hoveredNames(out: string, route: string): string[] {
  const html = fs.readFileSync(path.join(out, route, 'index.html'), 'utf8');
  return [...html.matchAll(/data-lang="(?:ts|typescript)">[\s\S]*?<\/pre>/g)].flatMap((block) =>
    [
      ...block[0].matchAll(
        /<(?:a|span) class="(?:code-link|ty)"[^>]* aria-describedby="([^"]+)"><span class="tip" role="tooltip" id="\1">([^<]*)<\/span>([\s\S]*?)<\/(?:a|span)>/g,
      ),
    ].map((m) => `${m[3].replace(/<[^>]+>/g, '')}: ${m[2].replace(/&lt;/g, '<').replace(/&gt;/g, '>')}`),
  );
}

describe('types on hover in TypeScript samples of the real site', () => {
  let out: string;
  beforeAll(async () => {
    out = tempOut();
    await buildRealSite(out);
  }, 300_000);

  it('shows what dag.container() returns and what a variable holds (cookbook/builds)', () => {
    const names = hoveredNames(out, 'cookbook/builds');
    expect(names).toContain('dag: const dag: Client');
    // The SDK declares its functions as properties holding arrow functions.
    expect(names).toContain('container: (property) Client.container: (opts?: ClientContainerOpts) => Container');
    expect(names.find((n) => n.startsWith('withDirectory: '))).toMatch(
      /^withDirectory: \(property\) Container\.withDirectory: \(.*\) => Container$/,
    );
    expect(names).toContain('src: (parameter) src: Directory');
  });

  it('gives every popup an id of its own and a name that describes it', () => {
    const html = fs.readFileSync(path.join(out, 'cookbook/builds/index.html'), 'utf8');
    const ids = [...html.matchAll(/ id="(ty[^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(html).toContain(`aria-describedby="${id}"`);
  });

  it('leaves keywords, literals and imports without popups', () => {
    const names = hoveredNames(out, 'cookbook/builds').map((n) => n.split(': ')[0]);
    for (const word of ['const', 'await', 'import', 'return', 'async', '"@dagger.io/dagger"'])
      expect(names).not.toContain(word);
  });
});

describe('the site’s type hovers on blocks the compiler rejects, and their cache', () => {
  it('gives a block that does not type-check no hovers and a warning, and its neighbours theirs', () => {
    const { hovers, warnings } = quickInfoHovers(
      [
        {
          lang: 'ts',
          grammar: 'typescript',
          meta: '',
          code: 'import { dag } from "@dagger.io/dagger"\nconst n: number = dag.container()\n',
        },
        {
          lang: 'ts',
          grammar: 'typescript',
          meta: '',
          code: 'import { dag } from "@dagger.io/dagger"\nconst ctr = dag.container()\n',
        },
        { lang: 'ts', grammar: 'typescript', meta: 'no-check', code: 'ctr.withExec(' },
      ],
      path.join(ROOT, 'node_modules/.cache/docs-test/samples'),
    );
    expect(hovers[0]).toEqual([]);
    expect(warnings).toEqual([
      { block: 0, message: expect.stringMatching(/^line 2: Type 'Container' is not assignable to type 'number'/) },
    ]);
    expect(hovers[1].map((h) => h.text)).toEqual([
      'const ctr: Container',
      'const dag: Client',
      '(property) Client.container: (opts?: ClientContainerOpts) => Container',
    ]);
    expect(hovers[2]).toEqual([]);
  });

  it('builds a page whose block fails, with a warning at its line; a second build asks the compiler about no block', async () => {
    const page =
      '---\ntitle: Typed\n---\n\n```ts\nimport { dag } from "@dagger.io/dagger"\nconst ctr = dag.container()\n```\n\n```ts\nconst broken: number = "text"\n```\n';
    const dir = fixtureCopy({ 'docs/typed.md': page });
    // The fixture site with the real site's plugin.
    const plugin = path.join(ROOT, 'content/plugins/type-hovers/index.ts');
    const config = fs
      .readFileSync(path.join(FIXTURE, 'site.config.ts'), 'utf8')
      .replace(/};\s*$/, '  plugins: [typeHovers({})],\n};\n');
    fs.writeFileSync(path.join(dir, 'site.config.ts'), `import typeHovers from ${JSON.stringify(plugin)};\n${config}`);
    const hoverCache = path.join(dir, '.hover-cache');
    const counts: { computed: number; fromCache: number }[] = [];
    const logs: string[] = [];
    const first = tempOut();
    await buildSite({
      root: ROOT,
      contentDir: dir,
      outDir: first,
      env: {},
      parallel: false,
      hoverCache,
      onHovers: (c) => counts.push(c),
      log: (l) => logs.push(l),
    });
    const html = fs.readFileSync(path.join(first, 'typed/index.html'), 'utf8');
    expect(html).toContain('>const ctr: Container</span>');
    expect(html.match(/class="tip"/g)?.length).toBe(3);
    expect(html).toMatch(/<span class="t\d+">broken<\/span>/);
    expect(logs).toContainEqual(
      expect.stringMatching(
        /docs\/typed\.md:10: warning: no hovers for this code block: line 1: Type 'string' is not assignable to type 'number'/,
      ),
    );
    await buildSite({
      root: ROOT,
      contentDir: dir,
      outDir: tempOut(),
      env: {},
      parallel: false,
      hoverCache,
      onHovers: (c) => counts.push(c),
    });
    expect(counts).toEqual([
      { computed: 2, fromCache: 0 },
      { computed: 0, fromCache: 2 },
    ]);
  }, 120_000);
});
