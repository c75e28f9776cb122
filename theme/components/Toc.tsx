import type { TocEntry } from '../shared/types.ts';
import { TEXTS } from '../shared/texts/index.ts';

/** Headings h2–h3; the client highlights the one in view (theme/client/region.ts) in every copy. */
function TocList({ toc }: { toc: TocEntry[] }) {
  return (
    <ul>
      {toc.map((entry) => (
        <li key={entry.id} className={`toc-depth-${entry.depth}`}>
          <a href={`#${entry.id}`} className="toc-link">
            {entry.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The table of contents beside the article, on wide screens (hidden at ≤ 1200 px, shell.css). */
export function Toc({ toc }: { toc: TocEntry[] }) {
  if (!toc.length) return null;
  return (
    <nav className="toc" aria-label={TEXTS.onThisPage}>
      <p className="toc-title">{TEXTS.onThisPage}</p>
      <TocList toc={toc} />
    </nav>
  );
}

/**
 * The same list above the article where the side TOC is hidden: a disclosure that works without
 * JavaScript; the client closes it when an entry is chosen.
 */
export function TocMobile({ toc }: { toc: TocEntry[] }) {
  if (!toc.length) return null;
  return (
    <nav className="toc-mobile" aria-label={TEXTS.landmarks.tocMobile}>
      <details>
        <summary>{TEXTS.onThisPage}</summary>
        <TocList toc={toc} />
      </details>
    </nav>
  );
}
