import type { TocEntry } from '../shared/types.ts';
import { TEXTS } from '../shared/texts.ts';

/** Headings h2–h3; the client highlights the one in view. */
export function Toc({ toc }: { toc: TocEntry[] }) {
  if (!toc.length) return null;
  return (
    <nav className="toc" aria-label={TEXTS.onThisPage}>
      <p className="toc-title">{TEXTS.onThisPage}</p>
      <ul>
        {toc.map((entry) => (
          <li key={entry.id} className={`toc-depth-${entry.depth}`}>
            <a href={`#${entry.id}`} className="toc-link">{entry.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
