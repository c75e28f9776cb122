import type { SiteData } from '../shared/types.ts';
import { TEXTS } from '../shared/texts/index.ts';

export function Footer({ site }: { site: SiteData }) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav aria-label={TEXTS.footerCommunity}>
          <ul className="footer-links">
            {site.footer.links.map((l) => (
              <li key={l.href}>
                <a href={l.href} target="_blank" rel="noopener noreferrer">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer-meta">
          <span>{site.footer.copyright}</span>
          <span
            className="footer-version"
            title={TEXTS.docsVersionTitle(site.docsVersion.name, site.docsVersion.label)}
          >
            {TEXTS.docsFor(site.productName, site.docsVersion.shows)}
          </span>
        </p>
      </div>
    </footer>
  );
}
