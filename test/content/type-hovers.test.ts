import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { compileDocs, readSite } from '../../renderer/load-site.ts';
import { defaultHoverCacheDir } from '../../renderer/code-hover-cache.ts';
import { quickInfoHovers } from '../../content/plugins/type-hovers/quick-info.ts';
import type { CodeHoversModule } from '../../renderer/markdown/code-hovers.ts';
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

/** A copy of the fixture site with the real site's plugin and `docs` added. */
function typedFixture(docs: Record<string, string>): string {
  const dir = fixtureCopy(docs);
  const plugin = path.join(ROOT, 'content/plugins/type-hovers/index.ts');
  const config = fs
    .readFileSync(path.join(FIXTURE, 'site.config.ts'), 'utf8')
    .replace(/};\s*$/, '  plugins: [typeHovers()],\n};\n');
  fs.writeFileSync(path.join(dir, 'site.config.ts'), `import typeHovers from ${JSON.stringify(plugin)};\n${config}`);
  return dir;
}

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
    const dir = typedFixture({ 'docs/typed.md': page });
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

describe('type hovers computed beside the compile, in the cache every clone shares', () => {
  const typedDocs = Object.fromEntries(
    ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'].map((name) => [
      `docs/typed/${name}.md`,
      `---\ntitle: ${name}\n---\n\n\`\`\`ts\nimport { dag } from "@dagger.io/dagger"\nconst ${name} = dag.container().withWorkdir("/${name}")\n\`\`\`\n`,
    ]),
  );
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cache-home-'));
  const saved = process.env.DOCS_CACHE_HOME;
  beforeAll(() => {
    process.env.DOCS_CACHE_HOME = home;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.DOCS_CACHE_HOME;
    else process.env.DOCS_CACHE_HOME = saved;
  });

  const isPlain = (relPath: string) => !relPath.startsWith('typed/');

  /**
   * Compiles a clone's docs on two threads: each doc's HTML, and the hover counts. `hook` may wrap
   * the site's hovers module; it is told when every doc without TypeScript has been compiled.
   */
  async function compileClone(
    dir: string,
    hook?: (real: CodeHoversModule, plainCompiled: Promise<number>) => CodeHoversModule,
  ) {
    const base = await readSite({ root: ROOT, contentDir: dir, env: {} });
    const plain = base.table.docs.filter((d) => isPlain(d.doc.relPath)).length;
    let plainDone = 0;
    let plainCompiled!: (n: number) => void;
    const allPlain = new Promise<number>((resolve) => (plainCompiled = resolve));
    if (hook) base.plugins = { ...base.plugins, codeHovers: hook(base.plugins.codeHovers!, allPlain) };
    const html = new Map<string, string>();
    const counts: { computed: number; fromCache: number }[] = [];
    await compileDocs(base, { parallel: true, onHovers: (c) => counts.push(c) }, (doc, c) => {
      html.set(doc.doc.relPath, c.html);
      if (isPlain(doc.doc.relPath) && ++plainDone === plain) plainCompiled(plain);
    });
    return { html, counts, docs: base.table.docs.map((d) => d.doc.relPath) };
  }

  it('compiles the docs without TypeScript while the compiler runs; a second clone asks it about no block, and gets the same HTML', async () => {
    // The hook answers only once every doc that does not wait for it has been compiled (on the
    // worker, this thread being in the hook): were hovers computed before the compile, as they
    // were, it would wait in vain and the build would not finish.
    let plainAtAnswer = -1;
    const first = await compileClone(typedFixture(typedDocs), (real, plainCompiled) => ({
      ...real,
      async hovers(blocks) {
        // Bounded, so that a compile that waits for this hook fails here rather than at the test's timeout.
        plainAtAnswer = await Promise.race([
          plainCompiled,
          new Promise<number>((r) => setTimeout(() => r(-1), 120_000)),
        ]);
        return real.hovers(blocks);
      },
    }));
    const plainDocs = first.docs.filter(isPlain);
    expect(plainAtAnswer).toBe(plainDocs.length);
    expect(first.counts).toEqual([{ computed: 6, fromCache: 0 }]);
    for (const name of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'])
      expect(first.html.get(`typed/${name}.md`)).toContain(`>const ${name}: Container</span>`);
    // The machine's cache, not the clone's: another folder with the same docs reads it.
    expect(fs.readdirSync(path.join(home, 'code-hovers'))).toHaveLength(1);
    const second = await compileClone(typedFixture(typedDocs));
    expect(second.counts).toEqual([{ computed: 0, fromCache: 6 }]);
    expect(second.html).toEqual(first.html);
  }, 300_000);

  it('with DOCS_CACHE_HOME=off, keeps them in the project and leaves the machine cache alone', async () => {
    const before = fs.readdirSync(home, { recursive: true }).length;
    process.env.DOCS_CACHE_HOME = 'off';
    try {
      expect(defaultHoverCacheDir()).toBe(path.join(ROOT, 'node_modules/.cache/docs-build/code-hovers'));
      const clone = await compileClone(typedFixture(typedDocs));
      expect(clone.html.get('typed/beta.md')).toContain('>const beta: Container</span>');
      const counts = clone.counts[0];
      expect(counts.computed + counts.fromCache).toBe(6);
      // The project's cache has them now (an earlier run may have left them there).
      const again = await compileClone(typedFixture(typedDocs));
      expect(again.counts).toEqual([{ computed: 0, fromCache: 6 }]);
      expect(again.html).toEqual(clone.html);
    } finally {
      process.env.DOCS_CACHE_HOME = home;
    }
    expect(fs.readdirSync(home, { recursive: true })).toHaveLength(before);
  }, 180_000);
});
