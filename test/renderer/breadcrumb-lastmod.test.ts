import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { lastUpdatedDates } from '../../renderer/last-updated.ts';
import { readSite } from '../../renderer/load-site.ts';
import { categoryHref, docPageData } from '../../renderer/page-data.ts';
import { breadcrumb } from '../../renderer/render-route.tsx';
import { sitemapXml } from '../../renderer/sitemap.ts';
import type { SidebarItem } from '../../theme/shared/types.ts';
import { FIXTURE, ROOT, fixtureCopy, tempOut } from '../helpers/site.ts';

const git = (cwd: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } }).trim();

describe('breadcrumb JSON-LD', () => {
  it('a category leads to its own page, else to its first page inside, skipping external links', () => {
    const link = (href: string, external = false): SidebarItem => ({ type: 'link', label: href, href, external });
    expect(
      categoryHref({
        type: 'category',
        label: 'A',
        href: '/a',
        collapsible: false,
        collapsed: false,
        items: [link('/b')],
      }),
    ).toBe('/a');
    const nested: SidebarItem = {
      type: 'category',
      label: 'Outer',
      collapsible: false,
      collapsed: false,
      items: [
        link('https://x.dev', true),
        {
          type: 'category',
          label: 'Inner',
          collapsible: true,
          collapsed: true,
          items: [link('/first'), link('/second')],
        },
      ],
    };
    expect(categoryHref(nested as Extract<SidebarItem, { type: 'category' }>)).toBe('/first');
    expect(
      categoryHref({
        type: 'category',
        label: 'Out',
        collapsible: false,
        collapsed: false,
        items: [link('https://x.dev', true)],
      }),
    ).toBeUndefined();
  });

  it('gives every item of every real page an absolute URL; the middle ones lead to category pages', async () => {
    const base = await readSite({ root: ROOT, env: {} });
    let middles = 0;
    for (const doc of base.table.docs) {
      const page = docPageData(doc, [], base.site, base.sidebars);
      const items = breadcrumb(base.site, page).itemListElement;
      expect(items[0]).toMatchObject({ position: 1, name: 'Dagger', item: 'https://docs.dagger.io/' });
      expect(items.at(-1)).toMatchObject({ name: page.title, item: `https://docs.dagger.io${doc.route}` });
      items.forEach((item, i) => {
        expect(item.position).toBe(i + 1);
        expect(item.item, `${doc.route} #${i + 1}`).toMatch(/^https:\/\/docs\.dagger\.io\//);
        const route = new URL(item.item).pathname;
        expect(route === '/' || base.table.byRoute.has(route), `${doc.route} → ${route}`).toBe(true);
      });
      middles += items.length - 2;
    }
    expect(middles).toBeGreaterThan(300);
    // A Quickstart: Dagger → Quickstarts (its first page) → the page.
    const basics = base.table.byId.get('getting-started/quickstarts/basics')!;
    const items = breadcrumb(base.site, docPageData(basics, [], base.site, base.sidebars)).itemListElement;
    expect(items.map((i) => i.name)).toEqual(['Dagger', 'Quickstarts', basics.frontmatter.title]);
    expect(items[1].item).toBe('https://docs.dagger.io/getting-started/quickstarts/basics');
  }, 60_000);
});

describe('last commit dates: sitemap lastmod and "Last updated"', () => {
  it('one git log gives each file its last commit date; files outside git have none', async () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lastmod-'));
    fs.cpSync(FIXTURE, path.join(repo, 'site'), { recursive: true });
    git(repo, ['init', '-q']);
    const commit = (date: string, ...files: string[]) => {
      git(repo, ['add', ...files]);
      git(repo, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', date], {
        GIT_COMMITTER_DATE: date,
        GIT_AUTHOR_DATE: date,
      });
    };
    commit('2024-03-01T10:00:00+00:00', 'site');
    fs.appendFileSync(path.join(repo, 'site/docs/guide/install.md'), '\nMore.\n');
    commit('2025-01-15T08:30:00+01:00', 'site/docs/guide/install.md');
    fs.writeFileSync(path.join(repo, 'site/docs/draft.md'), '# Draft\n');
    const dateOf = await lastUpdatedDates(path.join(repo, 'site/docs'));
    expect(dateOf(path.join(repo, 'site/docs/guide/install.md'))).toBe('2025-01-15T08:30:00+01:00');
    expect(dateOf(path.join(repo, 'site/docs/guide/usage.md'))).toBe('2024-03-01T10:00:00+00:00');
    expect(dateOf(path.join(repo, 'site/docs/draft.md'))).toBeUndefined();
    // Not in a repository at all.
    const loose = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-nogit-'));
    expect((await lastUpdatedDates(loose))(path.join(loose, 'a.md'))).toBeUndefined();
  });

  it('the sitemap writes lastmod only where there is a date', () => {
    const xml = sitemapXml({ url: 'https://example.com', baseUrl: '/docs/' } as never, [
      { route: '/a', lastmod: '2025-01-15T08:30:00+01:00' },
      { route: '/b' },
    ]);
    expect(xml).toContain(
      '<url><loc>https://example.com/docs/a</loc><lastmod>2025-01-15T08:30:00+01:00</lastmod></url>',
    );
    expect(xml).toContain('<url><loc>https://example.com/docs/b</loc></url>');
  });

  it('a built site in git: lastmod in the sitemap and a <time> on its doc pages', async () => {
    const repo = fs.mkdtempSync(path.join(ROOT, '.cache/fixtures/docs-git-'));
    try {
      fs.cpSync(FIXTURE, path.join(repo, 'site'), { recursive: true });
      git(repo, ['init', '-q']);
      git(repo, ['add', 'site/docs/guide/install.md']);
      git(repo, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'x'], {
        GIT_COMMITTER_DATE: '2025-07-04T12:00:00+00:00',
      });
      const out = tempOut();
      await buildSite({ root: ROOT, contentDir: path.join(repo, 'site'), outDir: out });
      const sitemap = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
      expect(sitemap).toContain(
        '<loc>https://example.com/guide/install</loc><lastmod>2025-07-04T12:00:00+00:00</lastmod>',
      );
      expect(sitemap).toContain('<url><loc>https://example.com/guide/usage</loc></url>');
      const install = fs.readFileSync(path.join(out, 'guide/install/index.html'), 'utf8');
      expect(install).toContain(
        '<p class="last-updated">Last updated on <time dateTime="2025-07-04T12:00:00+00:00">July 4, 2025</time></p>',
      );
      expect(fs.readFileSync(path.join(out, 'guide/usage/index.html'), 'utf8')).not.toContain('last-updated');
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
  }, 60_000);

  it('a site in a folder git ignores has no dates at all', async () => {
    const out = tempOut();
    await buildSite({ root: ROOT, contentDir: fixtureCopy(), outDir: out });
    expect(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).not.toContain('<lastmod>');
    expect(fs.readFileSync(path.join(out, 'guide/install/index.html'), 'utf8')).not.toContain('last-updated');
  }, 60_000);
});
