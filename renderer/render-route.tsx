import { createElement, type ReactNode } from 'react';
import { htmlShell, type Assets } from './html-shell.ts';
import type { ParsedDoc, SiteState } from './load-site.ts';
import { customPageData, docPageData, notFoundPageData } from './page-data.ts';
import { hastToReact, renderParts } from './render-page.tsx';
import type { PageData } from '../theme/shared/types.ts';

export interface RenderedRoute {
  page: PageData;
  html: string;
  /** The client data file: what the router swaps in on navigation. */
  data: string;
}

function render(state: SiteState, page: PageData, content: ReactNode, assets: Assets, extra: { noindex?: boolean } = {}): RenderedRoute {
  const parts = renderParts(state.site, page, content);
  const html = htmlShell({ site: state.site, page, assets, ...parts, ...extra });
  const data = JSON.stringify({ route: page.route, documentTitle: page.documentTitle, description: page.description ?? state.site.tagline, region: parts.region });
  return { page, html, data };
}

export function renderDoc(state: SiteState, parsed: ParsedDoc, assets: Assets): RenderedRoute {
  const page = docPageData(parsed.doc, parsed.context.toc, state.site, state.sidebars, state.config.site.editUrl);
  return render(state, page, hastToReact(parsed.hast), assets);
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
