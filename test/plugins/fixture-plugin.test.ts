/**
 * The engine on a site that is not Dagger's, through the real CLI: the fixture site with no
 * plugins, then with a third-party-style plugin (test/fixtures/plugins/glossary/, the recipe of
 * ARCHITECTURE.md "Write a plugin") that adds a directive, a remark step, a generated page with
 * its sidebar section, a head tag and a build hook. With over 120 docs, half of them are
 * compiled by the worker thread, which must set the plugin up itself.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE, fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';

const BIN = path.join(ROOT, 'bin/docs.js');
const PLUGIN = path.join(ROOT, 'test/fixtures/plugins/glossary/index.ts');

async function build(content: string): Promise<{ status: number | null; stderr: string; out: string; kept: boolean }> {
  const out = tempOut();
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'previous-build.txt'), 'kept');
  const child = spawn(
    process.execPath,
    [BIN, '--root', ROOT, '--content', content, 'build', '--no-cache', '--out', out],
    { cwd: ROOT },
  );
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { status, stderr, out, kept: fs.existsSync(path.join(out, 'previous-build.txt')) };
}

/** The fixture's config with `plugins: [glossary(<options>)]`. */
function configWith(options: string): string {
  const config = fs.readFileSync(path.join(FIXTURE, 'site.config.ts'), 'utf8');
  return `import glossary from ${JSON.stringify(PLUGIN)};\n${config.replace(/};\s*$/, `  plugins: [glossary(${options})],\n};\n`)}`;
}

const SIDEBARS = `export default {
  guide: [
    { type: 'category', label: 'Guide', items: [{ type: 'doc', id: 'guide', label: 'Overview' }, 'guide/install', 'guide/usage'] },
    { type: 'generated', plugin: 'glossary', label: 'Terms' },
  ],
};
`;

const TERMS = `{ terms: { API: 'Application programming interface', CLI: 'Command-line interface' } }`;

/** Enough docs for two compile threads (renderer/load-site.ts PARALLEL_THRESHOLD), each using the directive. */
const fillers = Object.fromEntries(
  Array.from({ length: 130 }, (_, i) => [
    `docs/filler/page-${i}.md`,
    `---\ntitle: Filler ${i}\ndescription: Filler page ${i}.\n---\n\nCall the :term[API] from page ${i}.\n`,
  ]),
);

const read = (out: string, file: string) => fs.readFileSync(path.join(out, file), 'utf8');

describe('a non-Dagger site through the real CLI', () => {
  it('with no plugins: the pages, and nothing of any plugin or of Dagger in the output', {
    timeout: 120_000,
  }, async () => {
    const r = await build(fixtureCopy());
    expect(r.status, r.stderr).toBe(0);
    const page = read(r.out, 'guide/install/index.html');
    expect(page).toContain('<title>');
    expect(page).not.toContain('word-count');
    expect(page).not.toContain('glossary');
    expect(fs.existsSync(path.join(r.out, 'glossary.json'))).toBe(false);
    const files = fs
      .readdirSync(r.out, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(html|json|txt|md|xml)$/.test(f));
    const dagger = files.filter((f) => /dagger/i.test(read(r.out, f)));
    expect(dagger).toEqual([]);
  });

  it('with a third-party-style plugin: its directive, remark step, generated page, sidebar section, head tag and build hook, on both threads', {
    timeout: 180_000,
  }, async () => {
    const r = await build(fixtureCopy({ 'site.config.ts': configWith(TERMS), 'sidebars.ts': SIDEBARS, ...fillers }));
    expect(r.status, r.stderr).toBe(0);
    // Every filler, whichever thread compiled it, has the directive rendered and the remark step's line.
    for (let i = 0; i < 130; i++) {
      const page = read(r.out, `filler/page-${i}/index.html`);
      expect(page, `page ${i}`).toContain(
        `<p>Call the <abbr title="Application programming interface">API</abbr> from page ${i}.</p>`,
      );
      expect(page, `page ${i}`).toContain('<p class="word-count">6 words</p>');
    }
    // The generated page, with an id per term, and its sidebar section.
    const glossary = read(r.out, 'glossary/index.html');
    expect(glossary).toContain('<h2 id="api"');
    expect(glossary).toContain('Command-line interface');
    expect(read(r.out, 'guide/index.html')).toMatch(/Terms[\s\S]*href="\/glossary"/);
    // The head tag on every page, the Markdown copy, llms.txt and the build hook's file.
    expect(read(r.out, 'guide/install/index.html')).toContain('<meta name="glossary-terms" content="2">');
    expect(read(r.out, 'filler/page-0.md')).toContain('Call the API from page 0.');
    expect(read(r.out, 'llms.txt')).toMatch(/## Glossary\n\n- \[Glossary\]\(https:\/\/example\.com\/glossary\.md\)/);
    expect(JSON.parse(read(r.out, 'glossary.json'))).toEqual({
      API: 'Application programming interface',
      CLI: 'Command-line interface',
    });
  });

  it('bad plugin options are zod problems naming the plugin; an unknown term is a problem at its line; the previous output stays', {
    timeout: 120_000,
  }, async () => {
    const bad = await build(fixtureCopy({ 'site.config.ts': configWith(`{ terms: {}, colour: 'red' } as never`) }));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/site\.config\.ts: plugin "glossary": \(root\): unknown key\(s\) "colour"/);
    expect(bad.stderr).toMatch(/site\.config\.ts: plugin "glossary": terms: list at least one term/);
    expect(bad.kept).toBe(true);

    const unknown = await build(
      fixtureCopy({
        'site.config.ts': configWith(TERMS),
        'sidebars.ts': SIDEBARS,
        'docs/other.md': '---\ntitle: Other\ndescription: Other.\n---\n\nSee the :term[SDK].\n',
      }),
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/docs\/other\.md:6:9: unknown term "SDK"/);
    expect(unknown.kept).toBe(true);
  });
});
