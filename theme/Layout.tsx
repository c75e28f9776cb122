import type { ReactNode } from 'react';
import { AnnouncementBar } from './components/AnnouncementBar.tsx';
import { DocPage } from './components/DocPage.tsx';
import { Footer } from './components/Footer.tsx';
import { Navbar } from './components/Navbar.tsx';
import { NotFound } from './components/NotFound.tsx';
import { Sidebar } from './components/Sidebar.tsx';
import { Toc, TocMobile } from './components/Toc.tsx';
import { TEXTS } from './shared/texts/index.ts';
import type { PageData, SiteData } from './shared/types.ts';
import { withBase } from './shared/routes.ts';

/** Above the swapped region: skip link, announcement, navbar. */
export function Top({ site, route }: { site: SiteData; route: string }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {TEXTS.skipToContent}
      </a>
      {site.announcementBar && <AnnouncementBar bar={site.announcementBar} />}
      <Navbar site={site} route={route} />
      <div className="menu-backdrop" aria-hidden="true" />
      <div className="menu-panel" id="menu-panel" hidden>
        <nav aria-label={TEXTS.landmarks.mainNavMobile}>
          <ul className="menu-links">
            {site.navbar.items.map((item) => (
              <li key={item.to}>
                <a href={withBase(site.baseUrl, item.to)}>{item.label}</a>
              </li>
            ))}
            {site.navbar.cta && (
              <li>
                <a href={site.navbar.cta.href} target="_blank" rel="noopener noreferrer">
                  {site.navbar.cta.label}
                </a>
              </li>
            )}
          </ul>
        </nav>
        <nav className="menu-sidebar sidebar-nav" aria-label={TEXTS.landmarks.sidebarNavMobile} />
      </div>
    </>
  );
}

export function Bottom({ site }: { site: SiteData }) {
  return <Footer site={site} />;
}

/**
 * The part of the page that changes on navigation (#page): sidebar, content, TOC. The client
 * router swaps this from the route's data file, keeping the sidebar node when the next page
 * shows the same sidebar (theme/client/region-swap.ts).
 */
export function Region({
  site,
  page,
  children,
  html,
  markdownHref,
}: {
  site: SiteData;
  page: PageData;
  children?: ReactNode;
  html?: string;
  markdownHref?: string;
}) {
  if (page.kind === 'not-found') return <NotFound site={site} />;
  if (page.kind === 'page')
    return (
      <main id="main" className="custom-page">
        {children}
      </main>
    );
  const current = withBase(site.baseUrl, page.route);
  return (
    <div className={`doc-layout${page.sidebar ? '' : ' no-sidebar'}`}>
      {page.sidebar && <Sidebar items={page.sidebar} current={current} name={page.sidebarName} />}
      <main id="main" className="doc-main">
        {!page.hideToc && <TocMobile toc={page.toc} />}
        <DocPage
          page={page}
          markdownHref={markdownHref}
          markdownUrl={markdownHref && site.url + markdownHref}
          mcpCommand={site.mcp.command}
          feedback={Boolean(site.analytics.posthog)}
          html={html}
          lang={site.locales.default}
        >
          {children}
        </DocPage>
      </main>
      {!page.hideToc && <Toc toc={page.toc} />}
    </div>
  );
}
