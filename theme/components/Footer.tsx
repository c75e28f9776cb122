import type { SiteData } from '../shared/types.ts';

export function Footer({ site }: { site: SiteData }) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav aria-label="Community">
          <ul className="footer-links">
            {site.footer.links.map((l) => (
              <li key={l.href}><a href={l.href} target="_blank" rel="noopener noreferrer">{l.label}</a></li>
            ))}
          </ul>
        </nav>
        <p className="footer-meta">
          <span>{site.footer.copyright}</span>
          <span className="footer-version" title={`Docs version "${site.docsVersion.name}" (${site.docsVersion.label})`}>
            {`Docs for ${site.productName} v${site.docsVersion.shows}`}
          </span>
        </p>
      </div>
    </footer>
  );
}
