import { createElement, type ReactNode } from 'react';
import { htmlShell, type Assets } from './html-shell.ts';
import type { ParsedDoc, SiteState } from './load-site.ts';
import { customPageData, docPageData, notFoundPageData } from './page-data.ts';
import { renderParts } from './render-page.tsx';
import { markdownPath } from './llms-txt.ts';
import type { PageData } from '../theme/shared/types.ts';
import { withBase } from '../theme/shared/url.ts';

export interface RenderedRoute {
  page: PageData;
  html: string;
  /** The client data file: what the router swaps in on navigation. */
  data: string;
}

/** JSON-LD breadcrumb: site → sidebar categories → page. */
function breadcrumb(state: SiteState, page: PageData) {
  const items = [state.site.title, ...page.categories, page.title].map((name, i, all) => ({
    '@type': 'ListItem',
    position: i + 1,
    name,
    ...(i === 0 ? { item: state.site.url + withBase(state.site.baseUrl, '/') } : i === all.length - 1 ? { item: state.site.url + withBase(state.site.baseUrl, page.route) } : {}),
  }));
  return { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: items };
}

function render(state: SiteState, page: PageData, content: ReactNode | { html: string }, assets: Assets, extra: { noindex?: boolean; markdown?: boolean } = {}): RenderedRoute {
  const markdownHref = extra.markdown ? withBase(state.site.baseUrl, markdownPath(page.route)) : undefined;
  const parts = renderParts(state.site, page, content, markdownHref);
  const jsonLd = page.kind === 'doc' ? breadcrumb(state, page) : undefined;
  const html = htmlShell({ site: state.site, page, assets, ...parts, noindex: extra.noindex, markdownHref, jsonLd });
  const data = JSON.stringify({ route: page.route, documentTitle: page.documentTitle, description: page.description ?? state.site.tagline, region: parts.region });
  return { page, html, data };
}

export function renderDoc(state: SiteState, parsed: ParsedDoc, assets: Assets): RenderedRoute {
  const page = docPageData(parsed.doc, parsed.context.toc, state.site, state.sidebars, state.config.site.editUrl);
  return render(state, page, { html: parsed.html }, assets, { markdown: true });
}

export function renderCustomPage(state: SiteState, route: string, assets: Assets): RenderedRoute | undefined {
  const p = state.pages.find((x) => x.route === route);
  if (!p) return undefined;
  return render(state, customPageData(p.route, p.title, p.description, state.site), createElement(p.Component, { site: state.site }), assets);
}

export function renderNotFound(state: SiteState, assets: Assets): RenderedRoute {
  return render(state, notFoundPageData(state.site), null, assets, { noindex: true });
}

/** Renders whatever is at `route` (doc or custom page), or undefined. */
export function renderRoute(state: SiteState, route: string, assets: Assets): RenderedRoute | undefined {
  const parsed = state.parsed.find((p) => p.doc.route === route);
  return parsed ? renderDoc(state, parsed, assets) : renderCustomPage(state, route, assets);
}
