import fs from 'node:fs';
import path from 'node:path';
import { BuildError } from '../../renderer/errors.ts';
import { pageUrl, SITE_INDEX_PATH, type IndexedPage, type SiteIndex } from '../../renderer/mcp/site-index.ts';
import { LIMITS } from '../../renderer/mcp/tools.ts';
import { queryWords } from '../../theme/shared/search/engine.ts';
import { snippet } from '../../theme/shared/search/highlight.ts';
import { unescapeText } from '../../theme/shared/escape.ts';
import { manifestUrl, pageChunkPath, type SearchManifest } from '../../theme/shared/search/manifest.ts';
import { sectionsOf, type PageChunk } from '../../theme/shared/search/page-chunk.ts';
import { createLocalEngine, searchLocal, type LocalEngine } from '../../theme/islands/search/local-engine.ts';
import { routeFromRequestPath, stripBase, withBase } from '../../theme/shared/routes.ts';
import { readRedirectsFile } from '../serve-redirects.ts';
import { findHeading, headingsOf, sectionAt } from './markdown-sections.ts';

export interface SearchResultItem {
  title: string;
  /** The heading of the matching section; none when the page itself matched. */
  section?: string;
  url: string;
  snippet: string;
}

/** A heading of a rendered page as the search index knows it: its real id, level and text. */
interface PageHeading {
  anchor: string;
  level: number;
  text: string;
  /** How many earlier headings of the page have the same level and text. */
  nth: number;
}

/** An unknown page or section: the message says what was asked and what comes close. */
export class NotFound extends Error {}

/**
 * A built site as the MCP server sees it: the page list and sidebars the build wrote
 * (mcp/site.json), each page's Markdown copy, and the embedded search index, queried with the
 * browser's own engine (theme/islands/search/local-engine.ts) so results rank as on the site.
 */
export class BuiltSite {
  readonly index: SiteIndex;
  readonly byRoute: Map<string, IndexedPage>;
  private readonly engine: LocalEngine;
  private readonly redirect: ReturnType<typeof readRedirectsFile>;
  private headingsByRoute?: Promise<Map<string, PageHeading[]>>;

  constructor(readonly dir: string) {
    const file = path.join(dir, SITE_INDEX_PATH);
    if (!fs.existsSync(file)) {
      throw new BuildError([
        {
          file: path.relative(process.cwd(), file) || file,
          message: 'no page index for the MCP server in this folder',
          hint: 'Build the site with `docs build` (this engine writes it), or pass the built folder with --dir.',
        },
      ]);
    }
    this.index = JSON.parse(fs.readFileSync(file, 'utf8')) as SiteIndex;
    this.byRoute = new Map(this.index.pages.map((p) => [p.route, p]));
    const manifest = this.readJson(
      stripBase(this.index.baseUrl, manifestUrl(this.index.baseUrl)).slice(1),
    ) as SearchManifest;
    this.engine = createLocalEngine(manifest, async (rel) => this.readJson(rel));
    this.redirect = readRedirectsFile(dir);
  }

  private readJson(rel: string): unknown {
    return JSON.parse(fs.readFileSync(path.join(this.dir, rel), 'utf8'));
  }

  url(route: string): string {
    return pageUrl(this.index, route);
  }

  /** Where a page's Markdown copy is published: its URI as an MCP resource. */
  markdownUrl(page: IndexedPage): string {
    return this.index.url + withBase(this.index.baseUrl, `/${page.markdown}`);
  }

  /** A page's Markdown copy. */
  markdown(page: IndexedPage): string {
    return fs.readFileSync(path.join(this.dir, page.markdown), 'utf8');
  }

  /**
   * The page a reference names: a route (`/a/b`, `a/b/`), a URL of the site (any origin: the
   * production one or `docs serve`'s), its `.md` copy, or an old path the redirects move; each
   * with an optional `#anchor`.
   */
  resolve(ref: string): { page: IndexedPage; anchor?: string } {
    const trimmed = ref.trim();
    let pathname: string;
    let anchor: string | undefined;
    try {
      const url = new URL(trimmed, 'http://relative.invalid/');
      pathname = decodeURI(url.pathname);
      anchor = url.hash ? decodeURIComponent(url.hash.slice(1)) : undefined;
    } catch {
      throw new NotFound(`"${ref}" is not a route or URL of this site.`);
    }
    const route = routeFromRequestPath(this.index.baseUrl, pathname.replace(/\.md$/, '').replace(/^\/index$/, '/'));
    let page = this.byRoute.get(route);
    if (!page) {
      const moved =
        this.redirect(pathname, '') ?? this.redirect(`${this.index.baseUrl.replace(/\/$/, '')}${route}`, '');
      if (moved)
        page = this.byRoute.get(
          routeFromRequestPath(this.index.baseUrl, new URL(moved.location, 'http://relative.invalid/').pathname),
        );
    }
    if (!page) throw new NotFound(`No page at "${route}".`);
    return { page, anchor: anchor || undefined };
  }

  /** Pages whose route or title comes close to what was asked, for an error message. */
  async suggest(ref: string): Promise<IndexedPage[]> {
    const words = ref
      .replace(/^https?:\/\/[^/]+/, '')
      .replace(/[#?].*$/, '')
      .replace(/[/_.-]+/g, ' ');
    const found = new Map<string, IndexedPage>();
    // Pages whose last path segment the reference contains ("…/instalation" does not, "…/installation/x" does).
    const pathHits = this.index.pages.filter(
      (p) => p.route.split('/').pop()!.length >= 4 && ref.includes(p.route.split('/').pop()!),
    );
    for (const p of pathHits) found.set(p.route, p);
    if (queryWords(words).length) {
      const result = await searchLocal(this.engine, { query: words, hitsPerPage: LIMITS.suggestions * 3 });
      for (const hit of result.hits) {
        const p = this.byRoute.get(
          new URL(hit.url_without_anchor).pathname.replace(this.index.baseUrl.replace(/\/$/, ''), '') || '/',
        );
        if (p) found.set(p.route, p);
      }
    }
    return [...found.values()].filter((p) => !p.unlisted).slice(0, LIMITS.suggestions);
  }

  /** Every rendered heading of every page, with its id: read from the search index's page chunks once. */
  private headings(): Promise<Map<string, PageHeading[]>> {
    this.headingsByRoute ??= (async () => {
      const out = new Map<string, PageHeading[]>();
      for (const [, hash] of this.engine.manifest.pages) {
        const chunk = this.readJson(pageChunkPath(hash)) as PageChunk;
        const sections = [...sectionsOf(chunk).values()];
        chunk.pages.forEach((packed, p) => {
          const seen = new Map<string, number>();
          out.set(
            packed[0],
            sections
              .filter((s) => s.page === p && s.level > 1)
              .map((s) => {
                const key = `${s.level}\u0000${s.heading}`;
                const nth = seen.get(key) ?? 0;
                seen.set(key, nth + 1);
                return { anchor: s.anchor, level: s.level, text: s.heading, nth };
              }),
          );
        });
      }
      return out;
    })();
    return this.headingsByRoute;
  }

  /** The ids of a page's headings, for an error message. */
  async anchorsOf(page: IndexedPage): Promise<string[]> {
    return ((await this.headings()).get(page.route) ?? []).map((h) => h.anchor);
  }

  /** A page's Markdown, or the section under the heading with this id; undefined for an unknown id. */
  async read(page: IndexedPage, anchor?: string): Promise<string | undefined> {
    const markdown = this.markdown(page);
    if (!anchor) return markdown;
    const heading = ((await this.headings()).get(page.route) ?? []).find((h) => h.anchor === anchor);
    if (!heading) return undefined;
    const headings = headingsOf(markdown);
    const at = findHeading(headings, heading.level, heading.text, heading.nth);
    return at < 0 ? undefined : `${sectionAt(markdown, headings, at)}\n\nFrom: ${this.url(page.route)}#${anchor}\n`;
  }

  /** The site's search, ranked as on the site; each result with a snippet of its section's text. */
  async search(query: string, limit: number): Promise<SearchResultItem[]> {
    const result = await searchLocal(this.engine, { query, hitsPerPage: limit });
    const matched = new Set(queryWords(query));
    const headings = await this.headings();
    return result.hits.map((hit) => {
      const route = routeFromRequestPath(this.index.baseUrl, new URL(hit.url_without_anchor).pathname);
      const page = this.byRoute.get(route);
      const section =
        hit.type === 'lvl1' ? undefined : (hit.hierarchy[hit.type as keyof typeof hit.hierarchy] ?? undefined);
      let text = page?.description ?? '';
      if (page && hit.anchor) {
        const markdown = this.markdown(page);
        const all = headingsOf(markdown);
        const h = headings.get(route)?.find((x) => x.anchor === hit.anchor);
        const at = h ? findHeading(all, h.level, h.text, h.nth) : -1;
        if (at >= 0) text = sectionAt(markdown, all, at).split('\n').slice(1).join(' ');
      }
      const plain = text
        .replace(/```[^\n]*/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      const cut = unescapeText(snippet(plain, matched, matched.size, 60, '', '', '…').value);
      return {
        title: hit.hierarchy.lvl1 ?? page?.title ?? route,
        ...(section ? { section } : {}),
        url: hit.url,
        snippet: cut.length > LIMITS.snippetChars ? `${cut.slice(0, LIMITS.snippetChars - 1)}…` : cut,
      };
    });
  }
}
