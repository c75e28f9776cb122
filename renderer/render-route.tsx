import { createElement, type ReactNode } from 'react';
import { htmlShell, type Assets } from './html-shell.ts';
import type { SiteBase, SiteState } from './load-site.ts';
import type { DocRoute } from './routes.ts';
import type { TocEntry } from '../theme/shared/types.ts';
import { customPageData, docPageData, notFoundPageData } from './page-data.ts';
import { renderParts } from './render-page.tsx';
import type { PageData, SiteData } from '../theme/shared/types.ts';
import type { ShareCards } from './share-cards/index.ts';
import { HOME_ROUTE, markdownPath, withBase } from '../theme/shared/routes.ts';

/**
 * What rendering reads of the site: never another doc's content. Share cards are named by a build
 * only (`docs dev` serves pages nobody shares, and drawing them would slow every request).
 */
export type RenderSite = Pick<SiteBase, 'site' | 'sidebars' | 'config' | 'pages' | 'editUrlOf'> &
  Partial<Pick<SiteBase, 'lastUpdatedOf' | 'plugins'>> & { shareCards?: ShareCards };

export interface RenderedRoute {
  page: PageData;
  html: string;
  /** The client data file: what the router swaps in on navigation. */
  data: string;
}

/**
 * JSON-LD breadcrumb: site → sidebar categories → page. Every entry has its absolute URL (search
 * engines ignore a trail whose middle entries have none): a category's is its own page or its
 * first page (renderer/page-data.ts `categoryHref`); a category leading nowhere is left out
 * rather than listed without one. Hrefs already carry the baseUrl.
 */
export function breadcrumb(site: SiteData, page: PageData) {
  const entries = [
    { name: site.title, href: withBase(site.baseUrl, HOME_ROUTE) },
    ...page.categories.filter((c) => c.href).map((c) => ({ name: c.label, href: c.href! })),
    { name: page.title, href: withBase(site.baseUrl, page.route) },
  ];
  const items = entries.map((e, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: e.name,
    item: site.url + e.href,
  }));
  return { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: items };
}

function render(
  state: RenderSite,
  page: PageData,
  content: ReactNode | { html: string },
  assets: Assets,
  extra: { noindex?: boolean; markdown?: boolean; generated?: boolean } = {},
): RenderedRoute {
  const markdownHref = extra.markdown ? withBase(state.site.baseUrl, markdownPath(page.route)) : undefined;
  const parts = renderParts(state.site, page, content, markdownHref);
  const jsonLd = page.kind === 'doc' ? breadcrumb(state.site, page) : undefined;
  const shareCard = state.shareCards?.cardFor(page, extra.generated);
  const html = htmlShell({
    site: state.site,
    page,
    assets,
    ...parts,
    noindex: extra.noindex,
    markdownHref,
    jsonLd,
    shareCard,
    head: state.plugins?.head,
  });
  const data = JSON.stringify({
    route: page.route,
    documentTitle: page.documentTitle,
    description: page.description ?? state.site.tagline,
    region: parts.region,
  });
  return { page, html, data };
}

export function renderDoc(
  state: RenderSite,
  doc: { doc: DocRoute; toc: TocEntry[]; html: string },
  assets: Assets,
): RenderedRoute {
  const page = docPageData(doc.doc, doc.toc, state.site, state.sidebars, state.editUrlOf, state.lastUpdatedOf);
  return render(state, page, { html: doc.html }, assets, { markdown: true, generated: doc.doc.doc.generated });
}

export function renderCustomPage(state: RenderSite, route: string, assets: Assets): RenderedRoute | undefined {
  const p = state.pages.find((x) => x.route === route);
  if (!p) return undefined;
  return render(
    state,
    customPageData(p.route, p.title, p.description, state.site),
    createElement(p.Component, { site: state.site }),
    assets,
  );
}

export function renderNotFound(state: RenderSite, assets: Assets): RenderedRoute {
  return render(state, notFoundPageData(state.site), null, assets, { noindex: true });
}

/** Renders whatever is at `route` (doc or custom page), or undefined. */
export function renderRoute(state: SiteState, route: string, assets: Assets): RenderedRoute | undefined {
  const parsed = state.parsedByRoute.get(route);
  return parsed
    ? renderDoc(state, { doc: parsed.doc, toc: parsed.context.toc, html: parsed.html }, assets)
    : renderCustomPage(state, route, assets);
}
