import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Bottom, Region, Top } from '../theme/Layout.tsx';
import { DEV_ERRORS } from '../theme/shared/dev-errors.ts';
import type { PageData, SiteData } from '../theme/shared/types.ts';
import { MissingDataError } from './errors.ts';

/**
 * Renders the three parts of a page; the region alone is also the client's data file. A doc's
 * content arrives as HTML (compiled once, see compile-doc.ts), a custom page's as React.
 */
export function renderParts(
  site: SiteData,
  page: PageData,
  content: ReactNode | { html: string },
  markdownHref?: string,
) {
  // A caller (custom code, a test) that renders without the loaded site or the route's page data
  // is a developer error: say which data is missing instead of failing deep inside a component.
  if (!site) throw new MissingDataError(DEV_ERRORS.missingDocsData);
  if (!page) throw new MissingDataError(DEV_ERRORS.missingRouteContext);
  const html = content && typeof content === 'object' && 'html' in content ? content.html : undefined;
  return {
    top: renderToString(<Top site={site} route={page.route} />),
    region: renderToString(
      <Region site={site} page={page} markdownHref={markdownHref} html={html}>
        {html === undefined ? (content as ReactNode) : null}
      </Region>,
    ),
    bottom: renderToString(<Bottom site={site} />),
  };
}
