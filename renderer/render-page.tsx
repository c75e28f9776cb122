import type { Root } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import { Bottom, Region, Top } from '../theme/Layout.tsx';
import type { PageData, SiteData } from '../theme/shared/types.ts';

/** A code block's <pre>, whose highlighted content was serialised by rehype-code-html. */
function Pre({ 'data-html': html, ...props }: Record<string, any>) {
  return html === undefined ? <pre {...props} /> : <pre {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** hast → React elements, the same conversion the client would use. */
export function hastToReact(tree: Root): ReactNode {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, passKeys: true, passNode: false, components: { pre: Pre } });
}

/** Renders the three parts of a page; the region alone is also the client's data file. */
export function renderParts(site: SiteData, page: PageData, content: ReactNode, markdownHref?: string) {
  return {
    top: renderToString(<Top site={site} route={page.route} />),
    region: renderToString(<Region site={site} page={page} markdownHref={markdownHref}>{content}</Region>),
    bottom: renderToString(<Bottom site={site} />),
  };
}
