import type { SiteData } from '../shared/types.ts';
import { TEXTS } from '../shared/texts/index.ts';
import { CloseIcon } from './Icons.tsx';

/** Closeable bar; the client hides it before paint when its id was dismissed. */
export function AnnouncementBar({ bar }: { bar: NonNullable<SiteData['announcementBar']> }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a div with role=region and a name is the same landmark as <section>, and keeps the shipped markup unchanged.
    <div
      className="announcement"
      id="announcement"
      data-id={bar.id}
      role="region"
      aria-label={TEXTS.landmarks.announcement}
    >
      <p>
        {bar.content}{' '}
        {bar.link && (
          <a href={bar.link.href} target="_blank" rel="noopener noreferrer">
            {bar.link.label}
          </a>
        )}
      </p>
      {bar.closeable && (
        <button type="button" className="announcement-close icon-button" aria-label={TEXTS.closeAnnouncement}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
