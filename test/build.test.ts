import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import { createStaticServer, listen, readHeadersFile } from '../cli/static-server.ts';
import { buildSite } from '../renderer/build-site.ts';
import { CompileCache } from '../renderer/compile-cache.ts';
import { BuildError } from '../renderer/errors.ts';
import { fixtureCopy, ROOT, tempOut } from './helpers/site.ts';

async function buildError(edits: Record<string, string | null>): Promise<BuildError> {
  const contentDir = fixtureCopy(edits);
  try {
    await buildSite({ root: ROOT, contentDir, outDir: tempOut() });
  } catch (error) {
    if (error instanceof BuildError) return error;
    throw error;
  }
  throw new Error('the build was expected to fail');
}

/** The basic fixture built once, for the two groups below that only read its output. */
let basicBuild: Promise<string> | undefined;
function builtBasic(): Promise<string> {
  basicBuild ??= (async () => {
    const out = tempOut();
    const summary = await buildSite({ root: ROOT, contentDir: fixtureCopy(), outDir: out });
    expect(summary.pages).toBe(5);
    return out;
  })();
  return basicBuild;
}

describe('renderer/build-site on the basic fixture', () => {
  let out: string;
  const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');
  beforeAll(async () => {
    out = await builtBasic();
  });

  it('writes a page per route, the 404 page, data files, sitemap and robots.txt', () => {
    for (const f of [
      'index.html',
      'guide/index.html',
      'guide/install/index.html',
      'guide/usage/index.html',
      'other/index.html',
      '404.html',
      '__data/guide/install.json',
      'sitemap.xml',
      'robots.txt',
      'img/diagram.svg',
    ]) {
      expect(fs.existsSync(path.join(out, f)), f).toBe(true);
    }
    expect(read('sitemap.xml')).toContain('<loc>https://example.com/guide/install</loc>');
    expect(read('robots.txt')).toContain('Sitemap: https://example.com/sitemap.xml');
  });

  it('renders a full HTML shell: title, description, canonical, Open Graph, pre-paint script', () => {
    const html = read('guide/install/index.html');
    expect(html).toContain('<title>Install the widget | Fixture</title>');
    expect(html).toContain('<meta name="description" content="How to install.">');
    expect(html).toContain('<link rel="canonical" href="https://example.com/guide/install">');
    expect(html).toContain('<meta property="og:title" content="Install the widget | Fixture">');
    // The pre-paint script (theme/color-mode/pre-paint.ts bundled), the site's colour-mode settings built in.
    expect(html).toMatch(
      /<script>"use strict";\(\(\)=>\{var \w+=\{defaultMode:"light",disableSwitch:!1,respectPrefersColorScheme:!1\}/,
    );
    expect(html).toMatch(/<script type="module" src="\/assets\/app-[A-Z0-9]+\.js"><\/script>/);
  });

  it('shows the doc in its sidebar with the current page marked, TOC h2–h3, edit link, prev/next', () => {
    const html = read('guide/install/index.html');
    expect(html).toContain('<a class="sidebar-link active" href="/guide/install" aria-current="page">Install</a>');
    expect(html).toContain('<a href="#requirements" class="toc-link">Requirements</a>');
    expect(html).toContain('<a href="#sub-heading" class="toc-link">Sub heading</a>');
    // The fixture copy sits in a folder git ignores: no file to edit on the host, so no edit link (edit-links.test.ts).
    expect(html).not.toContain('class="edit-link"');
    expect(html).toMatch(
      /rel="prev"><span class="pagination-sub">Previous<\/span><span class="pagination-label">Overview<\/span>/,
    );
    expect(html).toMatch(
      /rel="next"><span class="pagination-sub">Next<\/span><span class="pagination-label">Usage<\/span>/,
    );
  });

  it('renders the navbar logo from navbar.logo.src, under the base URL', () => {
    // The fixture's logo alt is its title, shown beside it in the same link: the image is decorative.
    expect(read('index.html')).toContain(
      '<img class="navbar-logo" src="/img/logo.svg" alt="" width="28" height="28"/>',
    );
    expect(fs.existsSync(path.join(out, 'img/logo.svg'))).toBe(true);
  });

  it('renders a doc in no sidebar without one, and custom pages from pages/*.tsx', () => {
    expect(read('other/index.html')).not.toContain('class="sidebar"');
    expect(read('index.html')).toContain('<h1>Fixture home</h1>');
  });

  it('marks the active navbar item, shows the docs version and the announcement', () => {
    const html = read('guide/usage/index.html');
    expect(html).toMatch(/class="navbar-link" href="\/guide"[^>]*aria-current="page">Guide</);
    expect(html).toContain('Docs for Widget v1.2.3');
    expect(html).toContain('data-id="fixture-1"');
  });

  it('writes the region as the client data file, never the prose as JS', () => {
    const data = JSON.parse(read('__data/guide/usage.json'));
    expect(data.documentTitle).toBe('Usage | Fixture');
    expect(data.region).toContain('<h1>Usage</h1>');
    const js = fs.readdirSync(path.join(out, 'assets'), { recursive: true }).filter((f) => String(f).endsWith('.js'));
    for (const f of js)
      expect(fs.readFileSync(path.join(out, 'assets', String(f)), 'utf8')).not.toContain('Same heading twice');
  });
});

describe('renderer/build-site: machine-readable output', () => {
  let out: string;
  const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');
  beforeAll(async () => {
    out = await builtBasic();
  });

  it('serves every doc as Markdown with directives flattened, linked from its HTML', () => {
    const md = read('guide/install.md');
    expect(
      md.startsWith('# Install the widget\n\n> How to install.\n\nCanonical URL: https://example.com/guide/install\n'),
    ).toBe(true);
    expect(md).toContain('> **Before you start**');
    expect(md).toContain('**Python**');
    expect(md).not.toContain(':::');
    expect(read('guide.md')).toContain('# Guide');
    expect(read('guide/install/index.html')).toContain(
      '<link rel="alternate" type="text/markdown" href="/guide/install.md">',
    );
    expect(read('guide/install/index.html')).toContain('data-copy-url="/guide/install.md"');
  });

  it('writes llms.txt and llms-full.txt', () => {
    const llms = read('llms.txt');
    expect(llms.startsWith('# Fixture\n')).toBe(true);
    expect(llms).toContain('- [Install the widget](https://example.com/guide/install.md): How to install.');
    expect(llms).toContain('- [Other page](https://example.com/other.md): A page in no sidebar.');
    // Sections are named by the navbar item leading into the sidebar ("Guide"), not its id ("guide").
    expect(llms).toContain('\n## Guide\n\n- [Guide](https://example.com/guide.md)');
    expect(llms).toContain('\n## Other pages\n');
    const full = read('llms-full.txt');
    for (const title of ['# Guide', '# Install the widget', '# Usage', '# Other page']) expect(full).toContain(title);
  });

  it('adds a JSON-LD breadcrumb and a CSP that allows exactly the inline script by hash', () => {
    const html = read('guide/install/index.html');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
    expect(ld.itemListElement.map((i: any) => i.name)).toEqual(['Fixture', 'Guide', 'Install the widget']);
    const csp = /Content-Security-Policy: (.*)/.exec(read('_headers'))![1];
    const inline = /<script>(.*?)<\/script>/.exec(html)![1];
    const hash = `'sha256-${crypto.createHash('sha256').update(inline).digest('base64')}'`;
    expect(csp).toContain(`script-src 'self' ${hash}`);
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
  });
  it('caches content-hashed files for a year and has everything else revalidated, in _headers and from docs serve', async () => {
    const headersFor = readHeadersFile(out);
    const bundle = fs.readdirSync(path.join(out, 'assets')).find((f) => f.endsWith('.js'))!;
    const card = fs.readdirSync(path.join(out, 'og'))[0];
    const server = createStaticServer({ dir: () => out, headers: headersFor });
    const site = await listen(server, 0, '127.0.0.1');
    try {
      for (const [urlPath, policy] of [
        [`/assets/${bundle}`, 'public, max-age=31536000, immutable'],
        [`/og/${card}`, 'public, max-age=31536000, immutable'],
        ['/guide/install', 'public, max-age=0, must-revalidate'],
        ['/guide/install.md', 'public, max-age=0, must-revalidate'],
        ['/__data/guide/install.json', 'public, max-age=0, must-revalidate'],
        ['/img/diagram.svg', 'public, max-age=0, must-revalidate'],
      ]) {
        const res = await fetch(`${site}${urlPath}`);
        expect(res.status, urlPath).toBe(200);
        expect(res.headers.get('cache-control'), urlPath).toBe(policy);
        expect(res.headers.get('content-security-policy'), urlPath).toContain("default-src 'self'");
      }
    } finally {
      server.close();
    }
  });
});

describe('renderer/build-site validation', () => {
  it('reports every broken link and anchor with file:line:col, then fails once', async () => {
    const error = await buildError({
      'docs/guide/usage.md':
        '---\ntitle: Usage\n---\n\nSee [missing](/nope) and [bad anchor](/guide/install#nowhere).\n\nAlso [file](./gone.md).\n\n## Running it\n',
    });
    expect(
      error.problems.map((p) => `${p.file.replace(/^.*docs-fixture-[^/]+\//, '')}:${p.line}:${p.column}: ${p.message}`),
    ).toEqual([
      'docs/guide/usage.md:7:6: broken link: ./gone.md (no such doc: content/docs/guide/gone.md)',
      'docs/guide/usage.md:5:5: broken link: /nope is not a page',
      'docs/guide/usage.md:5:26: broken anchor: #nowhere does not exist on /guide/install',
    ]);
  });

  it('reports a sidebar doc id that does not exist, with the line in sidebars.ts', async () => {
    const error = await buildError({
      'sidebars.ts': "export default {\n  guide: [\n    'guide/install',\n    'guide/missing',\n  ],\n};\n",
    });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0].message).toBe('sidebar "guide" names doc id "guide/missing", which does not exist');
    expect(error.problems[0].line).toBe(4);
    expect(error.problems[0].file).toMatch(/sidebars\.ts$/);
  });

  it('reports an internal sidebar link leading to neither a page nor a static file', async () => {
    const sidebar = (href: string) =>
      `export default {\n  guide: [\n    'guide/install',\n    { type: 'link', label: 'Schema', href: '${href}' },\n  ],\n};\n`;
    const error = await buildError({ 'sidebars.ts': sidebar('/reference/missing.schema.json') });
    expect(error.problems.map((p) => [p.message, p.line])).toEqual([
      ['sidebar "guide" links to /reference/missing.schema.json, which is neither a page nor a file in static/', 4],
    ]);
    // The same link builds once the file exists in static/, and page routes stay valid targets.
    const contentDir = fixtureCopy({
      'sidebars.ts': sidebar('/reference/missing.schema.json'),
      'static/reference/missing.schema.json': '{}\n',
    });
    await expect(buildSite({ root: ROOT, contentDir, outDir: tempOut() })).resolves.toBeTruthy();
    await expect(
      buildSite({
        root: ROOT,
        contentDir: fixtureCopy({ 'sidebars.ts': sidebar('/guide/usage/') }),
        outDir: tempOut(),
      }),
    ).resolves.toBeTruthy();
  });

  it('reports a navbar item pointing at no page', async () => {
    const config = fs
      .readFileSync(path.join(fixtureCopy(), 'site.config.ts'), 'utf8')
      .replace("to: '/other'", "to: '/elsewhere'");
    const error = await buildError({ 'site.config.ts': config });
    expect(error.problems.map((p) => p.message)).toEqual([
      'navbar item "Other" points to /elsewhere, which is not a page',
    ]);
  });

  it('reports a custom page module without a default export, naming the file', async () => {
    const error = await buildError({ 'pages/broken.tsx': 'export const meta = { title: "x" };\n' });
    expect(error.problems[0].file).toMatch(/pages\/broken\.tsx$/);
    expect(error.problems[0].message).toBe('a page module must "export default" a React component.');
  });

  it('reports invalid config keys in plain words', async () => {
    const config = fs
      .readFileSync(path.join(fixtureCopy(), 'site.config.ts'), 'utf8')
      .replace("title: 'Fixture',", "title: 7, colour: 'x',");
    const error = await buildError({ 'site.config.ts': config });
    expect(error.problems.map((p) => p.message)).toEqual([
      'title: expected string, received number',
      '(root): unknown key(s) "colour"',
    ]);
  });

  it('the typescript-api plugin (content/plugins/) takes no unknown keys (routeBase was accepted, then ignored), and its overview must exist', async () => {
    const base = fs.readFileSync(path.join(fixtureCopy(), 'site.config.ts'), 'utf8');
    const plugin = JSON.stringify(path.join(ROOT, 'content/plugins/typescript-api/plugin.ts'));
    const withReference = (fields: string) =>
      `import typescriptApi from ${plugin};\n${base.replace("title: 'Fixture',", `title: 'Fixture', plugins: [typescriptApi({ package: 'widget', version: '1.0.0', ${fields} } as never)],`)}`;
    const unknown = await buildError({ 'site.config.ts': withReference("overview: 'overview.md', routeBase: '/api'") });
    expect(unknown.problems.map((p) => p.message)).toEqual([
      'plugin "typescript-api": (root): unknown key(s) "routeBase"',
    ]);
    const missing = await buildError({ 'site.config.ts': withReference("overview: 'overview.md'") });
    expect(missing.problems.map((p) => p.message)).toEqual([
      'plugin "typescript-api": overview: overview.md is not a file under content/',
    ]);
  });

  it('a description longer than the one limit (160 characters) is a problem at its line', async () => {
    const ok = await buildSite({
      root: ROOT,
      contentDir: fixtureCopy({ 'docs/extra.md': `---\ntitle: E\ndescription: ${'x'.repeat(160)}\n---\n\nText.\n` }),
      outDir: tempOut(),
    });
    expect(ok.pages).toBeGreaterThan(0);
    const error = await buildError({
      'docs/extra.md': `---\ntitle: E\ndescription: ${'x'.repeat(161)}\n---\n\nText.\n`,
    });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0].file).toMatch(/docs\/extra\.md$/);
    expect(error.problems[0].line).toBe(3);
    expect(error.problems[0].message).toMatch(/description: .*at most 160 characters/);
  });

  it('a logo.src naming no static file is a problem', async () => {
    const error = await buildError({ 'static/img/logo.svg': null });
    expect(error.problems.map((p) => p.message)).toEqual([
      'navbar.logo.src: /img/logo.svg is not a file under static/',
    ]);
  });

  it('a missing image is a problem naming the file', async () => {
    const error = await buildError({ 'static/img/diagram.svg': null });
    expect(error.problems.map((p) => p.message)).toEqual(['file not found: /img/diagram.svg']);
  });

  it('a Markdown link to a missing static file (a JSON schema) is a problem; the file makes it valid', async () => {
    const other =
      fs.readFileSync(path.join(fixtureCopy(), 'docs/other.md'), 'utf8') +
      '\nSee the [schema](/reference/app.schema.json).\n';
    const error = await buildError({ 'docs/other.md': other });
    expect(error.problems.map((p) => p.message)).toEqual(['file not found: /reference/app.schema.json']);
    const out = tempOut();
    await buildSite({
      root: ROOT,
      contentDir: fixtureCopy({ 'docs/other.md': other, 'static/reference/app.schema.json': '{}\n' }),
      outDir: out,
    });
    expect(fs.readFileSync(path.join(out, 'other/index.html'), 'utf8')).toContain('href="/reference/app.schema.json"');
  });
});

describe('renderer/load-site: parallel parsing', () => {
  it('a build parsed on two threads writes exactly the same files as one parsed on one', async () => {
    const contentDir = fixtureCopy();
    const [a, b] = [tempOut(), tempOut()];
    await buildSite({ root: ROOT, contentDir, outDir: a, parallel: false });
    await buildSite({ root: ROOT, contentDir, outDir: b, parallel: true });
    const files = (dir: string) =>
      fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(dir, f)).isFile())
        .sort();
    expect(files(b)).toEqual(files(a));
    for (const f of files(a))
      expect(fs.readFileSync(path.join(b, f), 'utf8'), f).toBe(fs.readFileSync(path.join(a, f), 'utf8'));
  });

  it('problems found on the worker thread are reported like the others', async () => {
    const contentDir = fixtureCopy({
      'docs/guide/usage.md': '---\ntitle: U\n---\n\n## Running it\n\n```klingon\nx\n```\n',
      'docs/other.md': '---\ntitle: O\n---\n\n[x](/nowhere)\n',
    });
    const error = await buildSite({ root: ROOT, contentDir, outDir: tempOut(), parallel: true }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.problems.map((p: any) => p.message).sort()).toEqual([
      'broken link: /nowhere is not a page',
      'unknown code language "klingon"',
    ]);
  });
});

describe('renderer/compile-cache: compiled docs kept between builds', () => {
  const files = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => fs.statSync(path.join(dir, f)).isFile())
      .sort();
  const cacheDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docs-compile-cache-'));

  it('a build from the cache writes exactly the files of a build without it, and compiles nothing', async () => {
    const contentDir = fixtureCopy();
    const dir = cacheDir();
    const [a, b, c] = [tempOut(), tempOut(), tempOut()];
    await buildSite({ root: ROOT, contentDir, outDir: a });
    const first = CompileCache.open(contentDir, dir);
    await buildSite({ root: ROOT, contentDir, outDir: b, cache: first });
    expect(first.misses).toBe(4);
    const second = CompileCache.open(contentDir, dir);
    await buildSite({ root: ROOT, contentDir, outDir: c, cache: second });
    expect([second.hits, second.misses]).toEqual([4, 0]);
    for (const out of [b, c]) {
      expect(files(out)).toEqual(files(a));
      for (const f of files(a))
        expect(fs.readFileSync(path.join(out, f), 'utf8'), f).toBe(fs.readFileSync(path.join(a, f), 'utf8'));
    }
  });

  it('recompiles a doc whose source changed, and every doc when the routes change', async () => {
    const contentDir = fixtureCopy();
    const dir = cacheDir();
    await buildSite({ root: ROOT, contentDir, outDir: tempOut(), cache: CompileCache.open(contentDir, dir) });
    fs.appendFileSync(path.join(contentDir, 'docs/guide/usage.md'), '\nA new sentence.\n');
    const edited = CompileCache.open(contentDir, dir);
    const out = tempOut();
    await buildSite({ root: ROOT, contentDir, outDir: out, cache: edited });
    expect([edited.hits, edited.misses]).toEqual([3, 1]);
    expect(fs.readFileSync(path.join(out, 'guide/usage/index.html'), 'utf8')).toContain('A new sentence.');
    fs.writeFileSync(path.join(contentDir, 'docs/guide/new.md'), '---\ntitle: New\n---\nNew page.\n');
    const rerouted = CompileCache.open(contentDir, dir);
    await buildSite({ root: ROOT, contentDir, outDir: tempOut(), cache: rerouted });
    expect([rerouted.hits, rerouted.misses]).toEqual([0, 5]);
  });

  it('never serves a doc with problems from the cache: its problems are reported on every build', async () => {
    const contentDir = fixtureCopy({ 'docs/other.md': '---\ntitle: O\n---\n\n```klingon\nx\n```\n' });
    const dir = cacheDir();
    for (let i = 0; i < 2; i++) {
      const cache = CompileCache.open(contentDir, dir);
      const error = await buildSite({ root: ROOT, contentDir, outDir: tempOut(), cache }).catch((e) => e);
      expect(error).toBeInstanceOf(BuildError);
      expect(error.problems.map((p: any) => p.message)).toEqual(['unknown code language "klingon"']);
      expect(cache.misses).toBe(i === 0 ? 4 : 1);
    }
  });

  it('with memory (docs dev), a doc read once is served again without its file', async () => {
    const contentDir = fixtureCopy();
    const dir = cacheDir();
    await buildSite({ root: ROOT, contentDir, outDir: tempOut(), cache: CompileCache.open(contentDir, dir) });
    const cache = CompileCache.open(contentDir, dir, { memory: true });
    const first = await buildSite({ root: ROOT, contentDir, outDir: tempOut(), cache });
    for (const f of fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.json')))
      fs.rmSync(path.join(dir, f));
    await buildSite({ root: ROOT, contentDir, outDir: tempOut(), cache });
    expect(first.pages).toBe(5);
    expect([cache.hits, cache.misses]).toEqual([8, 0]);
  });

  it('keeps one file per doc, and a corrupt one is ignored and replaced', async () => {
    const contentDir = fixtureCopy();
    const dir = cacheDir();
    await buildSite({ root: ROOT, contentDir, outDir: tempOut(), cache: CompileCache.open(contentDir, dir) });
    const entries = fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl')); // compiled docs, not the frontmatter store
    expect(entries).toHaveLength(4);
    const file = entries[0];
    fs.writeFileSync(path.join(dir, file), '{"key": 12');
    const cache = CompileCache.open(contentDir, dir);
    await buildSite({ root: ROOT, contentDir, outDir: tempOut(), cache });
    expect([cache.hits, cache.misses]).toEqual([3, 1]);
    const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
    expect(lines).toHaveLength(2); // its head and its body (renderer/compile-cache.ts)
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('renderer/output: atomic builds', () => {
  it('a failed build leaves the previous output untouched', async () => {
    const out = tempOut();
    await buildSite({ root: ROOT, contentDir: fixtureCopy(), outDir: out });
    const before = fs.readFileSync(path.join(out, 'guide/index.html'), 'utf8');
    await expect(
      buildSite({
        root: ROOT,
        contentDir: fixtureCopy({ 'docs/guide/index.md': '---\ntitle: Guide\n---\n[x](/nowhere)\n' }),
        outDir: out,
      }),
    ).rejects.toBeInstanceOf(BuildError);
    expect(fs.readFileSync(path.join(out, 'guide/index.html'), 'utf8')).toBe(before);
    const siblings = fs.readdirSync(path.dirname(out));
    expect(siblings).toEqual(['dist']);
  });

  it('refuses a second build writing the same folder at the same time', async () => {
    const out = tempOut();
    const contentDir = fixtureCopy();
    const results = await Promise.allSettled([
      buildSite({ root: ROOT, contentDir, outDir: out }),
      buildSite({ root: ROOT, contentDir, outDir: out }),
    ]);
    const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected).toHaveLength(1);
    expect(String(rejected[0].reason.message)).toMatch(/another build \(pid \d+\) is writing this folder/);
    expect(fs.existsSync(path.join(out, 'index.html'))).toBe(true);
  });
});
