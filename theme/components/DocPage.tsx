import type { ReactNode } from 'react';
import type { PageData } from '../shared/types.ts';
import { TEXTS } from '../shared/texts.ts';

/** A doc: title, prose (static HTML from the build, `html`, or React children), edit link, previous/next. */
export function DocPage({ page, children, html, markdownHref }: { page: PageData; children?: ReactNode; html?: string; markdownHref?: string }) {
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
