import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHtml } from '../../renderer/compile-doc.ts';
import { ProblemList } from '../../renderer/errors.ts';
import { markdownCopyOf } from '../helpers/markdown-copy.ts';
import type { DocContext } from '../../renderer/markdown/context.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { resolveRoutes } from '../../renderer/routes.ts';
import { extractRecords } from '../../renderer/search/records.ts';
import { SITE } from '../search/helpers.ts';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'video-directive-'));
  fs.mkdirSync(path.join(root, 'static/media'), { recursive: true });
  fs.mkdirSync(path.join(root, 'docs/guide'), { recursive: true });
  for (const f of ['demo.mp4', 'demo.jpg', 'demo.vtt']) fs.writeFileSync(path.join(root, 'static/media', f), 'x');
  fs.writeFileSync(path.join(root, 'docs/guide/local.webm'), 'x');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const FRONTMATTER_LINES = 3;

async function compile(body: string, baseUrl = '/') {
  const problems = new ProblemList();
  const table = resolveRoutes(
    [{ file: 'content/docs/guide/page.md', relPath: 'guide/page.md', source: `---\ntitle: Page\n---\n${body}` }],
    [],
    problems,
  );
  const doc = table.byId.get('guide/page')!;
  const context: DocContext = {
    doc,
    table,
    problems,
    baseUrl,
    staticDir: path.join(root, 'static'),
    docsDir: path.join(root, 'docs'),
    files: new Set(),
    links: [],
    ids: new Set(),
    toc: [],
  };
  const hast = await (await createPipeline({}))(doc.body, context);
  return {
    hast,
    html: contentHtml(hast),
    problems: problems.items.map((p) => `${p.line}: ${p.message}`),
    route: doc.route,
    files: context.files,
  };
}

const FULL =
  'Intro.\n\n::video{src="/media/demo.mp4" poster="/media/demo.jpg" captions="/media/demo.vtt" title="Running dagger call"}\n\nAfter.\n';

describe('::video', () => {
  it('renders a player with controls, no autoplay, nothing preloaded, a poster, a captions track and a fallback link', async () => {
    const { html, problems } = await compile(FULL);
    expect(problems).toEqual([]);
    expect(html).toContain(
      '<figure class="video"><video controls preload="none" poster="/media/demo.jpg" aria-label="Running dagger call">' +
        '<source src="/media/demo.mp4" type="video/mp4">' +
        '<track kind="captions" src="/media/demo.vtt" srclang="en" label="English" default>' +
        '<p><a href="/media/demo.mp4">Download the video: Running dagger call</a></p>' +
        '</video><figcaption>Running dagger call</figcaption></figure>',
    );
    expect(html).not.toMatch(/autoplay/);
  });

  it('puts the base URL in front of every file, names the captions in their own language, takes files next to the doc', async () => {
    const { html, problems, files } = await compile(
      '::video{src="local.webm" captions="/media/demo.vtt" lang="de" title="Clip"}\n',
      '/docs/',
    );
    expect(problems).toEqual([]);
    expect(html).toContain('<source src="/docs/guide/local.webm" type="video/webm">');
    expect(html).toContain('<track kind="captions" src="/docs/media/demo.vtt" srclang="de" label="Deutsch" default>');
    expect(html).not.toContain('poster=');
    expect([...files]).toEqual(['guide/local.webm']);
  });

  it('reports a missing file at its line, each missing file once, and renders nothing', async () => {
    const { html, problems } = await compile(
      'Intro.\n\n::video{src="/media/gone.mp4" poster="/media/gone.jpg" captions="/media/demo.vtt" title="Clip"}\n',
    );
    expect(problems).toEqual([
      `${2 + FRONTMATTER_LINES + 1}: file not found: /media/gone.mp4`,
      `${2 + FRONTMATTER_LINES + 1}: file not found: /media/gone.jpg`,
    ]);
    expect(html).not.toContain('<video');
  });

  it('requires a title and a src; refuses unknown attributes, other formats, captions that are not WebVTT, remote files', async () => {
    const problems = async (line: string) => (await compile(`${line}\n`)).problems.map((p) => p.replace(/^\d+: /, ''));
    expect(await problems('::video{src="/media/demo.mp4"}')).toEqual(['::video needs a title']);
    expect(await problems('::video{src="/media/demo.mp4" title="  "}')).toEqual(['::video needs a title']);
    expect(await problems('::video{title="Clip"}')).toEqual(['::video needs a src']);
    expect(await problems('::video{src="/media/demo.mp4" title="Clip" autoplay}')).toEqual([
      '::video has unknown attributes: autoplay',
    ]);
    expect(await problems('::video{src="/media/demo.avi" title="Clip"}')).toEqual([
      '::video cannot play "/media/demo.avi"',
    ]);
    expect(await problems('::video{src="/media/demo.mp4" captions="/media/demo.srt" title="Clip"}')).toEqual([
      '::video captions must be a WebVTT file: "/media/demo.srt"',
    ]);
    expect(await problems('::video{src="https://example.com/a.mp4" title="Clip"}')).toEqual([
      'not a file of the site: "https://example.com/a.mp4"',
    ]);
    expect(await problems('::video{src="/media/demo.mp4" lang="not a tag" title="Clip"}')).toEqual([
      '::video lang is not a language tag: "not a tag"',
    ]);
  });

  it('is a link to the clip in the Markdown copy', async () => {
    expect(await markdownCopyOf(FULL)).toBe('Intro.\n\n[Video: Running dagger call](/media/demo.mp4)\n\nAfter.');
    // Inside an admonition it is quoted with the rest.
    expect(await markdownCopyOf(':::tip\n::video{src="/media/demo.mp4" title="Clip"}\n:::')).toBe(
      '> **Tip**\n>\n> [Video: Clip](/media/demo.mp4)',
    );
  });

  it('is recorded for search by its title, without the fallback link', async () => {
    const { hast, route } = await compile(FULL);
    const contents = extractRecords(hast, { route, title: 'Page' }, SITE)
      .filter((r) => r.type === 'content')
      .map((r) => r.content);
    expect(contents).toEqual(['Intro.', 'Running dagger call', 'After.']);
  });
});
