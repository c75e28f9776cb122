import type { ReactNode } from 'react';
import type { PageData } from '../shared/types.ts';
import { TEXTS } from '../shared/texts.ts';

/** A commit date as the site's language writes it ("July 4, 2025"), the same on every machine (UTC). */
function formatDate(iso: string, lang: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A doc: title, prose (static HTML from the build, `html`, or React children), edit link, previous/next. */
export function DocPage({ page, children, html, markdownHref, lang = 'en' }: { page: PageData; children?: ReactNode; html?: string; markdownHref?: string; lang?: string }) {
  return (
    <article className="doc">
      <header className="doc-header">
        <h1>{page.heading ?? page.title}</h1>
        {markdownHref && (
          <button type="button" className="copy-page-button" data-markdown={markdownHref}>{TEXTS.copyPageMarkdown}</button>
        )}
      </header>
      {html === undefined ? <div className="markdown">{children}</div> : <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />}
      <footer className="doc-footer">
        {page.lastUpdated && (
          <p className="last-updated">
            {`${TEXTS.lastUpdated} `}<time dateTime={page.lastUpdated}>{formatDate(page.lastUpdated, lang)}</time>
          </p>
        )}
        {page.editUrl && (
          <a className="edit-link" href={page.editUrl} target="_blank" rel="noopener noreferrer">{TEXTS.editThisPage}</a>
        )}
        {(page.prev || page.next) && (
          <nav className="pagination" aria-label={TEXTS.landmarks.pagination}>
            {page.prev ? (
              <a className="pagination-link prev" href={page.prev.href} rel="prev">
                <span className="pagination-sub">{TEXTS.previous}</span>
                <span className="pagination-label">{page.prev.label}</span>
              </a>
            ) : <span />}
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
