import type { SiteData } from '../shared/types.ts';
import { TEXTS } from '../shared/texts/index.ts';
import { isNavActive } from '../shared/nav.ts';
import { withBase } from '../shared/routes.ts';
import { ExternalIcon, MenuIcon, MoonIcon, SearchIcon, SunIcon, SystemIcon } from './Icons.tsx';

export function Navbar({ site, route }: { site: SiteData; route: string }) {
  const { navbar, baseUrl } = site;
  return (
    <header className="navbar" id="navbar">
      <div className="navbar-inner">
        <button
          type="button"
          className="icon-button menu-button"
          id="menu-button"
          aria-label={TEXTS.openMenu}
          aria-expanded="false"
          aria-controls="menu-panel"
        >
          <MenuIcon />
        </button>
        <a className="navbar-brand" href={withBase(baseUrl, navbar.logo.href)}>
          {/* The site's own image (content/static): the theme draws no brand. Sized to keep the layout from shifting.
              An alt text that repeats the title beside it would be read twice (axe: image-redundant-alt): then it is decorative. */}
          <img
            className="navbar-logo"
            src={withBase(baseUrl, navbar.logo.src)}
            alt={navbar.logo.alt.trim().toLowerCase() === site.title.trim().toLowerCase() ? '' : navbar.logo.alt}
            width={28}
            height={28}
          />
          <span className="navbar-title">{site.title}</span>
        </a>
        <nav className="navbar-items" aria-label={TEXTS.landmarks.mainNav}>
          {navbar.items.map((item) => (
            <a
              key={item.to}
              className="navbar-link"
              href={withBase(baseUrl, item.to)}
              data-to={item.to}
              data-active-regex={item.activeBaseRegex}
              aria-current={isNavActive(item, route) ? 'page' : undefined}
            >
              {item.label}
            </a>
          ))}
        </nav>
        <div className="navbar-right">
          {navbar.cta && (
            <a className="navbar-cta" href={navbar.cta.href} target="_blank" rel="noopener noreferrer">
              {navbar.cta.label} <ExternalIcon />
            </a>
          )}
          <div className="search-slot" data-island="search">
            <button
              type="button"
              className="search-button"
              id="search-button"
              aria-label={TEXTS.searchButton}
              aria-keyshortcuts="Control+K Meta+K /"
            >
              <SearchIcon />
              <span className="search-button-label">{TEXTS.searchPlaceholder}</span>
              <kbd className="search-button-keys">{TEXTS.searchKeys}</kbd>
            </button>
          </div>
          {!site.colorMode.disableSwitch && (
            <button
              type="button"
              className="icon-button color-mode-toggle"
              id="color-mode-toggle"
              aria-label={TEXTS.toggleColorMode('light')}
              title={TEXTS.toggleColorMode('light')}
            >
              <SunIcon />
              <MoonIcon />
              <SystemIcon />
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
