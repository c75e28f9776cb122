import type { ReactNode } from 'react';
import type { PageData } from '../shared/types.ts';
import { TEXTS } from '../shared/texts/index.ts';
import { PageActions } from './PageActions.tsx';
import { PageFeedback } from './PageFeedback.tsx';

/** One formatter per language: making one per page cost the real site 71 ms of its 324 pages' rendering. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A commit date as the site's language writes it ("July 4, 2025"), the same on every machine (UTC). */
function formatDate(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(lang);
  if (!format) dateFormats.set(lang, (format = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' })));
  return format.format(date);
}

/**
 * A doc: title and page menu, prose (static HTML from the build, `html`, or React children),
 * "Was this page helpful?" (only when analytics can receive it), edit link, previous/next.
 */
export function DocPage({
  page,
  children,
  html,
  markdownHref,
  markdownUrl,
  mcpCommand,
  feedback,
  lang = 'en',
}: {
  page: PageData;
  children?: ReactNode;
  html?: string;
  markdownHref?: string;
  markdownUrl?: string;
  mcpCommand?: string;
  feedback?: boolean;
  lang?: string;
}) {
  return (
    <article className="doc">
      <header className="doc-header">
        <h1>{page.heading ?? page.title}</h1>
        {markdownHref && (
          <PageActions markdownHref={markdownHref} markdownUrl={markdownUrl ?? markdownHref} mcpCommand={mcpCommand} />
        )}
      </header>
      {html === undefined ? (
        <div className="markdown">{children}</div>
      ) : (
        <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      )}
      <footer className="doc-footer">
        {feedback && <PageFeedback />}
        {page.lastUpdated && (
          <p className="last-updated">
            {`${TEXTS.lastUpdated} `}
            <time dateTime={page.lastUpdated}>{formatDate(page.lastUpdated, lang)}</time>
          </p>
        )}
        {page.editUrl && (
          <a className="edit-link" href={page.editUrl} target="_blank" rel="noopener noreferrer">
            {TEXTS.editThisPage}
          </a>
        )}
        {(page.prev || page.next) && (
          <nav className="pagination" aria-label={TEXTS.landmarks.pagination}>
            {page.prev ? (
              <a className="pagination-link prev" href={page.prev.href} rel="prev">
                <span className="pagination-sub">{TEXTS.previous}</span>
                <span className="pagination-label">{page.prev.label}</span>
              </a>
            ) : (
              <span />
            )}
            {page.next && (
              <a className="pagination-link next" href={page.next.href} rel="next">
                <span className="pagination-sub">{TEXTS.next}</span>
                <span className="pagination-label">{page.next.label}</span>
              </a>
            )}
          </nav>
        )}
      </footer>
    </article>
  );
}
