/**
 * Hostile strings in the HTML the build writes: parsed as a browser's tokenizer would
 * (htmlparser2), every page holds only the engine's own scripts and no injected element or
 * event handler, and the payloads come back as text. `javascript:` links fail the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { BuildError } from '../../renderer/errors.ts';
import { FIXTURE, fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';
import { ALL, hostileEdits, PAYLOADS } from './hostile-site.ts';

type El = ReturnType<typeof DomUtils.getElementsByTagName>[number];

async function buildError(edits: Record<string, string>): Promise<BuildError> {
  try {
    await buildSite({ root: ROOT, contentDir: fixtureCopy(edits), outDir: tempOut(), env: {} });
  } catch (error) {
    if (error instanceof BuildError) return error;
    throw error;
  }
  throw new Error('the build was expected to fail');
}

describe('hostile strings in the built HTML', () => {
  let out: string;
  let pages: string[];
  beforeAll(async () => {
    out = tempOut();
    await buildSite({ root: ROOT, contentDir: fixtureCopy(hostileEdits()), outDir: out, env: {} });
    pages = fs
      .readdirSync(out, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.html'));
  });
  const doc = (file: string) => parseDocument(fs.readFileSync(path.join(out, file), 'utf8'));

  it('every page holds only the engine’s own scripts, each intact', () => {
    expect(pages.length).toBeGreaterThanOrEqual(7);
    for (const file of pages) {
      const scripts = DomUtils.getElementsByTagName('script', doc(file).children);
      const kinds = scripts.map((s: El) => (s.attribs.type === 'module' ? 'module' : (s.attribs.type ?? 'inline')));
      expect([...kinds].sort(), file).toEqual(
        (file.startsWith('guide') || file.startsWith('other')
          ? ['application/json', 'application/ld+json', 'inline', 'module']
          : ['application/json', 'inline', 'module']
        ).sort(),
      );
      scripts.forEach((s: El, i: number) => {
        const text = DomUtils.textContent(s);
        if (kinds[i] === 'inline') {
          expect(text.startsWith('"use strict";(()=>{var '), file).toBe(true); // the bundled pre-paint script
          expect(() => new Function(text), file).not.toThrow(); // parses as the script it is
        } else if (kinds[i] === 'module') {
          expect([text, s.attribs.src]).toEqual(['', expect.stringMatching(/^\/assets\/app-\w+\.js$/)]);
        } else {
          expect(() => JSON.parse(text), file).not.toThrow();
        }
      });
    }
  });

  it('no injected element or event handler on any page', () => {
    for (const file of pages) {
      const all = DomUtils.findAll(() => true, doc(file).children);
      const handlers = all.flatMap((el: El) =>
        Object.keys(el.attribs)
          .filter((a) => /^on/i.test(a))
          .map((a) => `<${el.name} ${a}>`),
      );
      expect(handlers, file).toEqual([]);
      expect(
        all.filter((el: El) => el.name === 'img' && el.attribs.src === 'x'),
        file,
      ).toEqual([]);
      const hrefs = all.map((el: El) => el.attribs.href ?? el.attribs.src).filter(Boolean);
      expect(
        hrefs.filter((h: string) => /^\s*(javascript|vbscript|data):/i.test(h)),
        file,
      ).toEqual([]);
    }
  });

  it('the payloads come back as text: title, description, headings, TOC, labels, code title, announcement', () => {
    const page = doc('guide/hostile/index.html');
    const text = (selector: (el: El) => boolean) =>
      DomUtils.findAll(selector, page.children).map((el: El) => DomUtils.textContent(el));
    expect(DomUtils.textContent(DomUtils.getElementsByTagName('title', page.children)[0])).toBe(
      `Hostile ${ALL} | Fixture ${PAYLOADS[0]}`,
    );
    expect(text((el) => el.name === 'h1')).toEqual([`Hostile ${ALL}`]);
    const description = DomUtils.findOne(
      (el: El) => el.name === 'meta' && el.attribs.name === 'description',
      page.children,
    )!;
    expect(description.attribs.content).toContain(PAYLOADS[1]);
    expect(text((el) => el.name === 'h2').map((t: string) => t.replace(/#$/, ''))).toEqual(
      PAYLOADS.map((p, i) => `Heading ${i} ${p}`),
    );
    expect(text((el) => el.attribs.class === 'toc-link')).toContain(`Heading 1 ${PAYLOADS[1]}`);
    expect(text((el) => el.attribs.class === 'code-title')).toEqual([PAYLOADS[3], '"><img src=x onerror=alert(1)>']);
    expect(text((el) => el.attribs.role === 'tab')).toEqual([PAYLOADS[1], `Second ${PAYLOADS[0]}`]);
    expect(text((el) => el.attribs.class === 'sidebar-link' || el.attribs.class === 'sidebar-link active')).toContain(
      `Label ${PAYLOADS[1]}`,
    );
    expect(text((el) => el.attribs.id === 'announcement')[0]).toContain(`News ${ALL}`);
    const docs = JSON.parse(
      DomUtils.textContent(DomUtils.findOne((el: El) => el.attribs.id === '__docs', page.children)!),
    );
    expect(docs.announcementId).toBe(`ann-${PAYLOADS[3]}${PAYLOADS[4]}`);
    const ld = JSON.parse(
      DomUtils.textContent(DomUtils.findOne((el: El) => el.attribs.type === 'application/ld+json', page.children)!),
    );
    expect(ld.itemListElement.at(-1).name).toBe(`Hostile ${ALL}`);
  });

  it('the client data file round-trips the payloads, U+2028 included', () => {
    const data = JSON.parse(fs.readFileSync(path.join(out, '__data/guide/hostile.json'), 'utf8'));
    expect(data.documentTitle).toBe(`Hostile ${ALL} | Fixture ${PAYLOADS[0]}`);
    expect(data.description).toContain('line\u2028sep\u2029end');
    const region = parseDocument(data.region);
    expect(DomUtils.findAll((el: El) => Object.keys(el.attribs).some((a) => /^on/i.test(a)), region.children)).toEqual(
      [],
    );
    expect(DomUtils.getElementsByTagName('script', region.children)).toEqual([]);
  });

  it('javascript:, vbscript: and data: links in Markdown fail the build at their file:line:col', async () => {
    const error = await buildError({
      'docs/other.md':
        '---\ntitle: Other page\ndescription: A page in no sidebar.\n---\n\n[a](javascript:alert(1))\n\n[b](<  JaVa\tScRiPt:alert(1)>)\n[c][ref] ![d](vbscript:x) [e](data:text/html,<script>alert(1)</script>) ![ok](data:image/png;base64,iVBORw0KGgo=)\n\n[ref]: javascript:alert(2)\n',
    });
    expect(
      error.problems.map((p) => `${p.file.replace(/^.*docs-fixture-[^/]+\//, '')}:${p.line}:${p.column}: ${p.message}`),
    ).toEqual([
      "docs/other.md:6:1: unsafe link: javascript: URLs run code in the reader's browser",
      "docs/other.md:8:1: unsafe link: javascript: URLs run code in the reader's browser",
      "docs/other.md:9:10: unsafe link: vbscript: URLs run code in the reader's browser",
      "docs/other.md:9:27: unsafe link: data: URLs run code in the reader's browser",
      "docs/other.md:11:1: unsafe link: javascript: URLs run code in the reader's browser",
    ]);
  });

  it('javascript: hrefs in the site config (announcement, footer, navbar, edit URL, search feedback) fail the build by key', async () => {
    let config = fs.readFileSync(path.join(FIXTURE, 'site.config.ts'), 'utf8');
    config = config
      .replace("href: 'https://example.com/old'", "href: 'javascript:alert(1)'")
      .replace("href: 'https://example.com/chat'", "href: ' JAVASCRIPT:alert(1)'")
      .replace("href: 'https://example.com/cloud'", "href: 'data:text/html,x'")
      .replace("url: 'https://example.com/acme/widget-docs'", "url: 'javascript:alert(1)//'")
      .replace('colorMode:', 'search: { feedbackUrl: \'javascript:alert("{query}")\' },\n  colorMode:');
    const error = await buildError({ 'site.config.ts': config });
    expect(error.problems.map((p) => p.message).sort()).toEqual([
      'announcementBar.link.href: javascript:, vbscript: and data: links are not allowed',
      'footer.links.0.href: javascript:, vbscript: and data: links are not allowed',
      'navbar.cta.href: javascript:, vbscript: and data: links are not allowed',
      'repository.url: must be an http(s) URL',
      'search.feedbackUrl: javascript:, vbscript: and data: links are not allowed',
    ]);
  });
});
